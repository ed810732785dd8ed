import {
  acceptQuoteResponseSchema,
  attachmentSchema,
  contractListResponseSchema,
  disputeQueueResponseSchema,
  escrowSummarySchema,
  invitationListResponseSchema,
  invitationSchema,
  LIST_PAGE_DEFAULT,
  matchesResponseSchema,
  myProjectsResponseSchema,
  projectDetailsSchema,
  projectListResponseSchema,
  projectViewSchema,
  quoteListResponseSchema,
  quoteSchema,
  type AcceptQuoteRequest,
  type ProjectDraft,
  type QuoteRequest,
} from '@sciwise/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import { pageSearch } from '../../lib/pages.ts';

export const projectKeys = {
  all: ['projects'] as const,
  view: (id: string) => ['projects', 'view', id] as const,
  matches: (id: string) => ['projects', 'matches', id] as const,
  invitations: (id: string) => ['projects', 'invitations', id] as const,
  quotes: (id: string) => ['projects', 'quotes', id] as const,
};

export interface ListFilters {
  q?: string | undefined;
  category?: string | undefined;
  /** A subject's slug, e.g. bioinformatics. */
  subject?: string | undefined;
  budgetType?: string | undefined;
}

const PAGE_SIZE = 12;

function listQuery(path: '/api/projects' | '/api/projects/browse', filters: ListFilters) {
  return infiniteQueryOptions({
    queryKey: ['projects', path, filters],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
      search.set('limit', String(PAGE_SIZE));
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`${path}?${search.toString()}`, { schema: projectListResponseSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });
}

export const publicProjectsQuery = (filters: ListFilters) => listQuery('/api/projects', filters);
export const browseProjectsQuery = (filters: ListFilters) => listQuery('/api/projects/browse', filters);

export const projectViewQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.view(id),
    queryFn: ({ signal }) => apiRequest(`/api/projects/${id}`, { schema: projectViewSchema, signal }),
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });

export const matchesQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.matches(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${id}/matches`, { schema: matchesResponseSchema, signal }),
  });

export const projectInvitationsQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.invitations(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/projects/${id}/invitations${pageSearch(pageParam, LIST_PAGE_DEFAULT)}`, {
        schema: invitationListResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const projectQuotesQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.quotes(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/projects/${id}/quotes`, { schema: quoteListResponseSchema, signal }),
  });

/** My Projects in keyset pages, newest activity first; pageItems() gives the loaded ones. */
export const myProjectsQuery = infiniteQueryOptions({
  queryKey: ['projects', 'mine'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest(`/api/projects/mine${pageSearch(pageParam, LIST_PAGE_DEFAULT)}`, {
      schema: myProjectsResponseSchema,
      signal,
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

export const myQuotesQuery = queryOptions({
  queryKey: ['projects', 'quotes', 'mine'],
  queryFn: ({ signal }) => apiRequest('/api/quotes/mine', { schema: quoteListResponseSchema, signal }),
});

export const receivedQuotesQuery = queryOptions({
  queryKey: ['projects', 'quotes', 'received'],
  queryFn: ({ signal }) => apiRequest('/api/quotes/received', { schema: quoteListResponseSchema, signal }),
});

/** The invitations I received as an expert, newest first, in keyset pages. */
export const myInvitationsQuery = infiniteQueryOptions({
  queryKey: ['projects', 'invitations', 'mine'],
  queryFn: ({ pageParam, signal }) =>
    apiRequest(`/api/invitations${pageSearch(pageParam, LIST_PAGE_DEFAULT)}`, {
      schema: invitationListResponseSchema,
      signal,
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
});

/** What escrow holds on my contracts, as client and as expert (the dashboards' money). */
export const escrowSummaryQuery = queryOptions({
  queryKey: ['projects', 'contracts', 'escrow-summary'],
  queryFn: ({ signal }) => apiRequest('/api/me/escrow-summary', { schema: escrowSummarySchema, signal }),
});

export const contractsQuery = queryOptions({
  queryKey: ['projects', 'contracts'],
  queryFn: ({ signal }) => apiRequest('/api/contracts', { schema: contractListResponseSchema, signal }),
});

/** Milestones in dispute, oldest first, for the mediators (admins only). */
export const disputeQueueQuery = queryOptions({
  queryKey: ['admin', 'disputes'],
  queryFn: ({ signal }) => apiRequest('/api/admin/disputes', { schema: disputeQueueResponseSchema, signal }),
  // Disputes are resolved from the workspace: coming back to the queue must not show them again.
  staleTime: 0,
});

export const createProject = (draft: ProjectDraft, options: { keepalive?: boolean } = {}) =>
  apiRequest('/api/projects', { method: 'POST', body: draft, schema: projectDetailsSchema, ...options });
export const saveProject = (id: string, draft: ProjectDraft, options: { keepalive?: boolean } = {}) =>
  apiRequest(`/api/projects/${id}`, {
    method: 'PATCH',
    body: draft,
    schema: projectDetailsSchema,
    ...options,
  });
export const publishProject = (id: string) =>
  apiRequest(`/api/projects/${id}/publish`, { method: 'POST', schema: projectDetailsSchema });

export function uploadAttachment(projectId: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(`/api/projects/${projectId}/attachments`, {
    method: 'POST',
    body,
    schema: attachmentSchema,
  });
}
export const removeAttachment = (projectId: string, attachmentId: string) =>
  apiRequest(`/api/projects/${projectId}/attachments/${attachmentId}`, {
    method: 'DELETE',
    schema: z.unknown(),
  });

/**
 * Every mutation here changes lists on several pages: refresh everything about projects, after a
 * refusal too (a 409 means the page shows an out-of-date state, e.g. a quote edited meanwhile).
 */
function useProjectMutation<TInput, TOutput>(run: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export const useCancelProject = () =>
  useProjectMutation((id: string) =>
    apiRequest(`/api/projects/${id}/cancel`, { method: 'POST', schema: projectDetailsSchema }),
  );

/** Names the expert by user id (matches) or by profile slug (from their public profile). */
export const useInvite = (projectId: string) =>
  useProjectMutation((expert: { expertId: string } | { expertSlug: string }) =>
    apiRequest(`/api/projects/${projectId}/invitations`, {
      method: 'POST',
      body: expert,
      schema: invitationSchema,
    }),
  );

export const useRespondToInvitation = () =>
  useProjectMutation(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) =>
    apiRequest(`/api/invitations/${id}/${answer}`, {
      method: 'POST',
      ...(answer === 'decline' ? { body: {} } : {}),
      schema: invitationSchema,
    }),
  );

export const useSendQuote = (projectId: string) =>
  useProjectMutation((quote: QuoteRequest) =>
    apiRequest(`/api/projects/${projectId}/quotes`, { method: 'POST', body: quote, schema: quoteSchema }),
  );

export const useEditQuote = () =>
  useProjectMutation(({ id, quote }: { id: string; quote: QuoteRequest }) =>
    apiRequest(`/api/quotes/${id}`, { method: 'PATCH', body: quote, schema: quoteSchema }),
  );

export const useWithdrawQuote = () =>
  useProjectMutation((id: string) =>
    apiRequest(`/api/quotes/${id}/withdraw`, { method: 'POST', schema: quoteSchema }),
  );

export const useDeclineQuote = () =>
  useProjectMutation(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(`/api/quotes/${id}/decline`, { method: 'POST', body: { reason }, schema: quoteSchema }),
  );

/**
 * Sends the quote's updatedAt and the fees as seen, so terms the expert or the marketplace changed
 * meanwhile are a 409, not a contract.
 */
export const useAcceptQuote = () =>
  useProjectMutation(({ id, ...seen }: { id: string } & Required<AcceptQuoteRequest>) =>
    apiRequest(`/api/quotes/${id}/accept`, {
      method: 'POST',
      body: seen,
      schema: acceptQuoteResponseSchema,
    }),
  );
