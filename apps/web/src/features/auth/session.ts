import type { CurrentUser } from '@sciwise/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error.ts';
import { forgetSignedIn, meQueryKey, rememberSignedIn } from '../../lib/auth-storage.ts';
import { useSignedInHint } from './signed-in-hint.ts';

export { useSignedInHint } from './signed-in-hint.ts';
import { flushPendingSaves } from '../../lib/pending-saves.ts';

/*
 * The session as every page sees it. This module is on the first load of the public pages, so
 * the API client and the contract schemas (zod) are imported only when a call is actually made.
 */

export { meQueryKey };

const loadClient = () => Promise.all([import('../../lib/api-client.ts'), import('@sciwise/contracts')]);

/** The signed-in user, or null when the session cookie is missing, expired or revoked. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const [{ apiRequest }, { currentUserSchema }] = await loadClient();
  try {
    const user = await apiRequest('/api/me', { schema: currentUserSchema });
    rememberSignedIn(user);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      forgetSignedIn();
      return null;
    }
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
  retry: (failures, error) => !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2,
});

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out' | 'error';

function statusOf(query: { isPending: boolean; isError: boolean }, user: CurrentUser | null): AuthStatus {
  if (query.isPending) return 'loading';
  if (user) return 'signed-in';
  if (query.isError) return 'error';
  return 'signed-out';
}

/** The session, checked with the server: for guarded pages and pages that act for the user. */
export function useAuth() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  const likelySignedIn = useSignedInHint();
  return { user, status: statusOf(query, user), error: query.error, retry: query.refetch, likelySignedIn };
}

/**
 * The session for public pages: a visitor who never signed in on this browser is signed out
 * without asking the server, so marketing pages stay light. Signing in sets the marker, which
 * turns the check on.
 */
export function usePublicAuth() {
  const likelySignedIn = useSignedInHint();
  const query = useQuery({ ...currentUserQuery, enabled: likelySignedIn });
  const user = query.data ?? null;
  const status: AuthStatus = !likelySignedIn && !user ? 'signed-out' : statusOf(query, user);
  return { user, status, likelySignedIn };
}

export function useSignedInUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser is only for pages behind the guard');
  return user;
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await flushPendingSaves();
    try {
      const [{ apiRequest }, { messageResponseSchema }] = await loadClient();
      await apiRequest('/api/Account/Logout', { method: 'POST', schema: messageResponseSchema });
    } catch {
      // Even if the server can't be reached, this browser forgets the user; the cookie expires.
    }
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    forgetSignedIn();
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);
}

/** After the account is gone or the session ended elsewhere: forget it locally too. */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    forgetSignedIn();
  }, [queryClient]);
}
