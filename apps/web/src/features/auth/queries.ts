import {
  loginResponseSchema,
  messageResponseSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  type ResetPasswordRequest,
  type VerifyEmailRequest,
} from '@sciwise/contracts';
import type { SignUpRequest } from '@sciwise/contracts/phone';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { rememberSignedIn } from '../../lib/auth-storage.ts';
import { fetchCurrentUser, meQueryKey } from './session.ts';

// The session itself lives in session.ts (light enough for the public pages); the calls of the
// sign-in forms stay here with their schemas.
export {
  currentUserQuery,
  fetchCurrentUser,
  meQueryKey,
  useAuth,
  useForgetSession,
  useLogout,
  usePublicAuth,
  useSignedInUser,
  type AuthStatus,
} from './session.ts';

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

export function requestPasswordReset(body: ForgotPasswordRequest) {
  return apiRequest('/api/Account/ForgotPassword', { method: 'POST', body, schema: messageResponseSchema });
}

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest('/api/Account/ResetPassword', { method: 'POST', body, schema: messageResponseSchema });
}

export function verifyEmail(body: VerifyEmailRequest) {
  return apiRequest('/api/Account/VerifyEmail', { method: 'POST', body, schema: messageResponseSchema });
}

export function resendVerificationEmail() {
  return apiRequest('/api/me/email-verification', { method: 'POST', schema: messageResponseSchema });
}
