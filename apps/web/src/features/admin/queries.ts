import {
  adminPeopleResponseSchema,
  adminPersonDetailSchema,
  auditLogResponseSchema,
  moderationQueueSchema,
  moderationReportSchema,
  platformFiguresSchema,
  type AdminPersonDetail,
  type DismissReportRequest,
  type ModerationReport,
  type RemoveContentRequest,
  type ReportStatus,
  type SuspensionRequest,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

/** Everything the admin console reads sits under one key: an action refreshes all of it. */
export const adminKeys = {
  all: ['admin'] as const,
  figures: ['admin', 'figures'] as const,
  people: (q: string) => ['admin', 'people', 'search', q] as const,
  person: (id: string) => ['admin', 'people', 'detail', id] as const,
  auditLog: ['admin', 'audit-log'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
};

/** A refusal (400, 403, 404) says the same the second time; only failures of the server are retried. */
const noRetryOnRefusal = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status > 0 && error.status < 500) && failures < 2;

const query = (params: Record<string, string | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const figuresQuery = queryOptions({
  queryKey: adminKeys.figures,
  queryFn: ({ signal }) => apiRequest('/api/admin/figures', { schema: platformFiguresSchema, signal }),
  // Like the queues above them: coming back to the admin home shows the figures of now.
  staleTime: 0,
  retry: noRetryOnRefusal,
});

/** Members whose name or e-mail has every word of `q` in it, newest first, a page at a time. */
export const peopleQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.people(q),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/admin/people${query({ q, cursor: pageParam })}`, {
        schema: adminPeopleResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });

export const personQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.person(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/people/${encodeURIComponent(id)}`, { schema: adminPersonDetailSchema, signal }),
    retry: noRetryOnRefusal,
  });

export const auditLogQuery = infiniteQueryOptions({
  queryKey: adminKeys.auditLog,
  queryFn: ({ pageParam, signal }) =>
    apiRequest(`/api/admin/audit-log${query({ cursor: pageParam })}`, {
      schema: auditLogResponseSchema,
      signal,
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  retry: noRetryOnRefusal,
});

export type SuspensionChange = 'suspend' | 'restore';

/**
 * Suspends or restores a member. The answer is the member as they are now, so the page shows it
 * at once; then everything under the admin key is read again (the lists, the log, the figures),
 * the member too after a refusal: a 409 means another administrator changed them meanwhile.
 */
export function useSuspensionChange(id: string, change: SuspensionChange) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspensionRequest) =>
      apiRequest(`/api/admin/people/${encodeURIComponent(id)}/${change}`, {
        method: 'POST',
        body,
        schema: adminPersonDetailSchema,
      }),
    onSuccess: (detail: AdminPersonDetail) => {
      queryClient.setQueryData(adminKeys.person(id), detail);
    },
    // Not awaited: the dialog closes on the answer, and the lists catch up behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The moderation queue in one state (open, removed or dismissed), newest first, a page at a time. */
export const reportsQuery = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/admin/reports${query({ status, cursor: pageParam })}`, {
        schema: moderationQueueSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Like the admin home's counts: other administrators work the same queue.
    staleTime: 0,
    retry: noRetryOnRefusal,
  });

export type ReportDecision = 'remove' | 'dismiss';

/** Whether two reports are about the same project or message. */
const sameSubject = (a: ModerationReport, b: ModerationReport) =>
  a.project ? a.project.id === b.project?.id : a.message !== null && a.message.id === b.message?.id;

/**
 * Removes the reported content, or dismisses the report. One decision closes every open report of
 * the same thing, so those leave the open queue at once; then everything under the admin key is
 * read again (the queues, the admin home's counts, the audit log), after a refusal too: a 409
 * means another administrator decided it meanwhile.
 */
export function useReportDecision(id: string, decision: ReportDecision) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoveContentRequest | DismissReportRequest) =>
      apiRequest(`/api/admin/reports/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
        body,
        schema: moderationReportSchema,
      }),
    onSuccess: (decided: ModerationReport) => {
      queryClient.setQueryData(reportsQuery('open').queryKey, (queue) =>
        queue
          ? {
              ...queue,
              pages: queue.pages.map((page) => ({
                ...page,
                reports: page.reports.filter((report) => !sameSubject(report, decided)),
              })),
            }
          : queue,
      );
    },
    // Not awaited: the dialog closes on the answer, and the lists catch up behind it.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
