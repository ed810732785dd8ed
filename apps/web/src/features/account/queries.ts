import {
  currentUserSchema,
  messageResponseSchema,
  sessionListResponseSchema,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
} from '@sciwise/contracts';
import type { UpdateProfileRequest } from '@sciwise/contracts/phone';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { meQueryKey } from '../auth/queries.ts';

export const sessionsQuery = queryOptions({
  queryKey: ['me', 'sessions'],
  queryFn: () => apiRequest('/api/me/sessions', { schema: sessionListResponseSchema }),
});

function useSetMe() {
  const queryClient = useQueryClient();
  return (user: Awaited<ReturnType<typeof updateProfile>>) => queryClient.setQueryData(meQueryKey, user);
}

function updateProfile(body: UpdateProfileRequest) {
  return apiRequest('/api/me', { method: 'PATCH', body, schema: currentUserSchema });
}

export function useUpdateProfile() {
  const setMe = useSetMe();
  return useMutation({ mutationFn: updateProfile, onSuccess: setMe });
}

export function useUploadAvatar() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest('/api/me/avatar', { method: 'PUT', body: form, schema: currentUserSchema });
    },
    onSuccess: setMe,
  });
}

export function useRemoveAvatar() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: () => apiRequest('/api/me/avatar', { method: 'DELETE', schema: currentUserSchema }),
    onSuccess: setMe,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest('/api/me/password', { method: 'POST', body, schema: messageResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/me/sessions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: messageResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/me/sessions/revoke-others', { method: 'POST', schema: messageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}

export function deleteAccount(body: DeleteAccountRequest) {
  return apiRequest('/api/me', { method: 'DELETE', body, schema: messageResponseSchema });
}
