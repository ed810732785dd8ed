import {
  billingMovementsResponseSchema,
  billingQueryString,
  billingSummarySchema,
  type BillingFilter,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

// Under the projects' key, so money moving on a contract (which invalidates projects) refreshes these too.
export const billingKeys = {
  movements: (filter: BillingFilter) => ['projects', 'billing', 'movements', filter] as const,
  summary: (filter: BillingFilter) => ['projects', 'billing', 'summary', filter] as const,
};

const noRetryOnRefusal = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failures < 2;

/** The person's movements for a filter, newest first, a page at a time. */
export const movementsQuery = (filter: BillingFilter) =>
  infiniteQueryOptions({
    queryKey: billingKeys.movements(filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/billing/movements${billingQueryString({ ...filter, cursor: pageParam })}`, {
        schema: billingMovementsResponseSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });

export const summaryQuery = (filter: BillingFilter) =>
  queryOptions({
    queryKey: billingKeys.summary(filter),
    queryFn: ({ signal }) =>
      apiRequest(`/api/billing/summary${billingQueryString(filter)}`, {
        schema: billingSummarySchema,
        signal,
      }),
    retry: noRetryOnRefusal,
  });

/** The CSV of the same filter: a plain link, so the browser downloads it with the session cookie. */
export const csvHref = (filter: BillingFilter) => `/api/billing/movements.csv${billingQueryString(filter)}`;
