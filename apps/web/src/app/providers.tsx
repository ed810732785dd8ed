import type { ReactNode } from 'react';

/**
 * App-wide providers. TanStack Query is deliberately not here: route-elements.tsx attaches it to
 * the routes that use it, so the public pages' first load stays within its budget.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
