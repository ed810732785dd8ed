import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * TanStack Query for the routes that use it. It is attached per route by the route table
 * (route-elements.tsx) rather than around the whole app, so the public marketing pages never
 * download it; every provider shares the same client, so the cache is one.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
