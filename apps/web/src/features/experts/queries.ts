import {
  adminApplicationSchema,
  applicationQueueResponseSchema,
  expertApplicationSchema,
  expertProfileSchema,
  type ExpertApplication,
  type ExpertApplicationDraft,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { fetchAllSubjects, fetchSubjectSuggestions } from '../../lib/subjects-api.ts';

export function subjectSuggestionsQuery(prefix: string) {
  return queryOptions({
    queryKey: ['subjects', prefix],
    queryFn: ({ signal }) => fetchSubjectSuggestions(prefix, signal),
    enabled: prefix.trim().length >= 2,
    staleTime: 5 * 60_000,
  });
}

/** The whole subject catalogue (a few hundred), for subject filters; it changes rarely. */
export function allSubjectsQuery() {
  return queryOptions({
    queryKey: ['subjects', 'all'],
    queryFn: ({ signal }) => fetchAllSubjects(signal),
    staleTime: 30 * 60_000,
  });
}

export function expertProfileQuery(slug: string) {
  return queryOptions({
    queryKey: ['experts', 'profile', slug],
    queryFn: ({ signal }) =>
      apiRequest(`/api/experts/${encodeURIComponent(slug)}`, { schema: expertProfileSchema, signal }),
    retry: (failures, error) =>
      !(isApiError(error) && error.status < 500 && error.status > 0) && failures < 2,
  });
}

export const applicationQueryKey = ['expert-application'] as const;
/** A signed-in person who has never saved anything has no application yet (the API answers 404). */
export const emptyApplication: ExpertApplication = {
  id: '',
  slug: '',
  status: 'draft',
  headline: null,
  bio: null,
  category: null,
  subjects: [],
  skills: [],
  hourlyRateMinor: null,
  currency: 'USD',
  country: null,
  languages: [],
  education: [],
  publications: [],
  orcid: null,
  availability: 'available',
  submittedAt: null,
  reviewedAt: null,
  rejectionReason: null,
  missing: [
    { field: 'category', message: 'Choose the category that fits you best.' },
    { field: 'subjects', message: 'Add at least one subject area.' },
    { field: 'headline', message: 'Write a headline of at least 10 characters.' },
    { field: 'bio', message: 'Write a bio of at least 80 characters.' },
    { field: 'hourlyRateMinor', message: 'Set your hourly rate.' },
    { field: 'country', message: 'Choose the country you work from.' },
    { field: 'languages', message: 'Add at least one language you work in.' },
  ],
  actions: [],
  updatedAt: '',
};

export const applicationQuery = queryOptions({
  queryKey: applicationQueryKey,
  queryFn: async (): Promise<ExpertApplication> => {
    try {
      return await apiRequest('/api/expert-application', { schema: expertApplicationSchema });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return emptyApplication;
      throw error;
    }
  },
  retry: (failures, error) => !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2,
});

export function saveApplicationDraft(body: ExpertApplicationDraft, options: { keepalive?: boolean } = {}) {
  return apiRequest('/api/expert-application', {
    method: 'PATCH',
    body,
    schema: expertApplicationSchema,
    ...options,
  });
}

export function useApplicationTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'submit' | 'withdraw') =>
      apiRequest(`/api/expert-application/${action}`, { method: 'POST', schema: expertApplicationSchema }),
    onSuccess: (application: ExpertApplication) => queryClient.setQueryData(applicationQueryKey, application),
  });
}

/** Submitted applications, oldest first, 20 a page. */
export const vettingQueueQuery = infiniteQueryOptions({
  queryKey: ['admin', 'expert-applications', 'submitted'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest(
      `/api/admin/expert-applications?status=submitted&limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      { schema: applicationQueueResponseSchema, signal },
    ),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useVettingDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest(`/api/admin/expert-applications/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body: decision === 'reject' ? { reason } : undefined,
        schema: adminApplicationSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vettingQueueQuery.queryKey }),
  });
}
