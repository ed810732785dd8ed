import {
  payoutListResponseSchema,
  payoutMethodResponseSchema,
  payoutSchema,
  type PayoutMethodRequest,
  type PayoutRequest,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

export const payoutKeys = {
  all: ['payouts'] as const,
  method: ['payouts', 'method'] as const,
  list: ['payouts', 'list'] as const,
};

const noRetryOnRefusal = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failures < 2;

export const payoutMethodQuery = queryOptions({
  queryKey: payoutKeys.method,
  queryFn: ({ signal }) =>
    apiRequest('/api/me/payout-method', { schema: payoutMethodResponseSchema, signal }),
  retry: noRetryOnRefusal,
});

/** Balances come with every page; the first page's are the ones shown. */
export const payoutsQuery = infiniteQueryOptions({
  queryKey: payoutKeys.list,
  queryFn: ({ pageParam, signal }) =>
    apiRequest(`/api/me/payouts${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
      schema: payoutListResponseSchema,
      signal,
    }),
  initialPageParam: null as string | null,
  getNextPageParam: (page) => page.nextCursor,
  retry: noRetryOnRefusal,
});

export function useSavePayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodRequest) =>
      apiRequest('/api/me/payout-method', { method: 'PUT', body, schema: payoutMethodResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(payoutKeys.method, answer),
  });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PayoutRequest; idempotencyKey: string }) =>
      apiRequest('/api/me/payouts', { method: 'POST', body, schema: payoutSchema, idempotencyKey }),
    // A refusal (409) may mean the balance changed meanwhile: fetch it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.list }),
  });
}
