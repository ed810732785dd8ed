import {
  adminProfileChangeSchema,
  myExpertProfileSchema,
  profileChangeQueueResponseSchema,
  type ExpertProfileEdit,
  type MyExpertProfile,
  type ProfileChangeRequest,
} from '@sciwise/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

export const myExpertProfileQuery = queryOptions({
  queryKey: ['expert-profile'],
  queryFn: ({ signal }) => apiRequest('/api/expert-profile', { schema: myExpertProfileSchema, signal }),
  // 404 (no profile) and 409 (not approved yet) are answers, not hiccups.
  retry: (failures, error) => !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2,
});

/** After a save: the editor shows the answer, and public views of this expert load afresh. */
function saved(queryClient: QueryClient, profile: MyExpertProfile) {
  queryClient.setQueryData(myExpertProfileQuery.queryKey, profile);
  void queryClient.invalidateQueries({ queryKey: ['experts'] });
}

/** Headline, bio, rate, country, languages, availability: public as soon as this succeeds. */
export function useSaveExpertProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpertProfileEdit) =>
      apiRequest('/api/expert-profile', { method: 'PATCH', body, schema: myExpertProfileSchema }),
    onSuccess: (profile) => saved(queryClient, profile),
  });
}

/** Subjects and credentials: sent for review; the public profile keeps its values until approved. */
export function useProposeProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileChangeRequest) =>
      apiRequest('/api/expert-profile/changes', { method: 'POST', body, schema: myExpertProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(myExpertProfileQuery.queryKey, profile),
  });
}

export function useWithdrawProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/expert-profile/changes/${encodeURIComponent(id)}/withdraw`, {
        method: 'POST',
        schema: myExpertProfileSchema,
      }),
    onSuccess: (profile) => queryClient.setQueryData(myExpertProfileQuery.queryKey, profile),
  });
}

/** Pending profile changes for the vetting team, newest first, 20 a page. */
export const profileChangesQueueQuery = infiniteQueryOptions({
  queryKey: ['admin', 'expert-profile-changes'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest(
      `/api/admin/expert-profile-changes?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      { schema: profileChangeQueueResponseSchema, signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useProfileChangeDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: 'approve' | 'decline';
      reason?: string;
    }) =>
      apiRequest(`/api/admin/expert-profile-changes/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: decision === 'decline' ? { reason } : undefined,
        schema: adminProfileChangeSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileChangesQueueQuery.queryKey }),
  });
}
