import { QueryClient } from '@tanstack/react-query';
import { meQueryKey, onAuthChange } from './auth-storage.ts';

/** The one cache of server state, shared by every route that uses TanStack Query. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: true, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Re-check the session whenever this tab ("authChange") or another tab (storage event) signs in or out.
if (typeof window !== 'undefined') {
  onAuthChange(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }));
}
