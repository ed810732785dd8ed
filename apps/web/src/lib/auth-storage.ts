import type { LoginResponse } from '@sciwise/contracts';

/**
 * The browser never holds the session token (it lives in an HttpOnly cookie). What it keeps is
 * a non-secret "signed in" marker and the spec's `user_data` record, so other tabs hear about
 * sign-in and sign-out through storage events, and this tab through the "authChange" event.
 */
export const AUTH_CHANGE_EVENT = 'authChange';
export const USER_DATA_KEY = 'user_data';
export const SIGNED_IN_MARKER_KEY = 'auth_signed_in';

/** The TanStack Query key of the signed-in user, refreshed whenever the sign-in state changes. */
export const meQueryKey = ['me'] as const;

type LoginUser = LoginResponse['user'];
export type StoredUser = LoginUser & { name: string };

// A structural check instead of the zod schema: this module is on every page's first load, and
// the record is our own, written by rememberSignedIn.
function isLoginUser(value: unknown): value is LoginUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return ['id', 'email', 'firstName', 'lastName'].every((key) => typeof record[key] === 'string');
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function hasSignedInMarker(): boolean {
  return safeStorage()?.getItem(SIGNED_IN_MARKER_KEY) === '1';
}

export function readStoredUser(): StoredUser | null {
  const raw = safeStorage()?.getItem(USER_DATA_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isLoginUser(parsed)) return null;
    const { id, email, firstName, lastName } = parsed;
    const user = { id, email, firstName, lastName };
    return { ...user, name: `${user.firstName} ${user.lastName}`.trim() };
  } catch {
    return null;
  }
}

function notify(): void {
  window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
}

export function rememberSignedIn(user: LoginUser): void {
  const storage = safeStorage();
  const record: StoredUser = { ...user, name: `${user.firstName} ${user.lastName}`.trim() };
  const changed = storage?.getItem(SIGNED_IN_MARKER_KEY) !== '1';
  storage?.setItem(SIGNED_IN_MARKER_KEY, '1');
  storage?.setItem(USER_DATA_KEY, JSON.stringify(record));
  if (changed) notify();
}

export function forgetSignedIn(): void {
  const storage = safeStorage();
  const changed = storage?.getItem(SIGNED_IN_MARKER_KEY) !== null || storage?.getItem(USER_DATA_KEY) !== null;
  storage?.removeItem(SIGNED_IN_MARKER_KEY);
  storage?.removeItem(USER_DATA_KEY);
  if (changed) notify();
}

/** Calls back when this tab or another one signs in or out. */
export function onAuthChange(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SIGNED_IN_MARKER_KEY || event.key === USER_DATA_KEY) callback();
  };
  window.addEventListener(AUTH_CHANGE_EVENT, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(AUTH_CHANGE_EVENT, callback);
    window.removeEventListener('storage', onStorage);
  };
}
