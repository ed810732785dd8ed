import { useSyncExternalStore } from 'react';
import { hasSignedInMarker, onAuthChange } from '../../lib/auth-storage.ts';

/**
 * Whether this browser signed in last time (a non-secret marker; the session itself is an
 * HttpOnly cookie). Prerendered pages were rendered signed out, so hydration reads false first.
 * Public pages use it to skip the session check, and its code, for visitors who never signed in.
 */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(onAuthChange, hasSignedInMarker, () => false);
}
