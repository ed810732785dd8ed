import {
  currentUserSchema,
  loginResponseSchema,
  messageResponseSchema,
  type CurrentUser,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
} from '@sciwise/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { forgetSignedIn, hasSignedInMarker, rememberSignedIn } from '../../lib/auth-storage.ts';

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null when the session cookie is missing, expired or revoked. */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
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

export function useAuth() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  let status: AuthStatus;
  if (query.isPending) status = 'loading';
  else if (user) status = 'signed-in';
  else if (query.isError) status = 'error';
  else status = 'signed-out';
  return { user, status, error: query.error, retry: query.refetch, likelySignedIn: hasSignedInMarker() };
}

export function useSignedInUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser is only for pages behind the guard');
  return user;
}

export async function signUp(body: SignUpRequest) {
  return apiRequest('/api/User/AddNewUser', { method: 'POST', body, schema: messageResponseSchema });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: LoginRequest) => {
      const answer = await apiRequest('/api/Account/Login', {
        method: 'POST',
        body,
        schema: loginResponseSchema,
      });
      rememberSignedIn(answer.user);
      const user = await fetchCurrentUser();
      queryClient.setQueryData(meQueryKey, user);
      return user;
    },
    [queryClient],
  );
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
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

export function requestPasswordReset(body: ForgotPasswordRequest) {
  return apiRequest('/api/Account/ForgotPassword', { method: 'POST', body, schema: messageResponseSchema });
}

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/api/Account/ResetPassword', { method: 'POST', body, schema: messageResponseSchema });
}
