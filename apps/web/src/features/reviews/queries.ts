import {
  contractReviewStateSchema,
  expertReviewsResponseSchema,
  reviewSchema,
  type ContractReviewState,
  type ReplyToReviewRequest,
  type WriteReviewRequest,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

export const reviewKeys = {
  contract: (contractId: string) => ['reviews', 'contract', contractId] as const,
  expert: (slug: string) => ['reviews', 'expert', slug] as const,
};

const noRetryOnRefusal = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status < 500 && error.status > 0) && failures < 2;

export const contractReviewsQuery = (contractId: string) =>
  queryOptions({
    queryKey: reviewKeys.contract(contractId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/contracts/${contractId}/reviews`, { schema: contractReviewStateSchema, signal }),
    retry: noRetryOnRefusal,
  });

export const REVIEWS_PAGE = 5;

export const expertReviewsQuery = (slug: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.expert(slug),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/api/experts/${encodeURIComponent(slug)}/reviews?limit=${REVIEWS_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: expertReviewsResponseSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });

/** Writes the viewer's review; the answer is their side of the contract's reviews, straight into the cache. */
export function useWriteReview(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WriteReviewRequest) =>
      apiRequest(`/api/contracts/${contractId}/reviews`, {
        method: 'POST',
        body,
        schema: contractReviewStateSchema,
      }),
    onSuccess: (state: ContractReviewState) => {
      queryClient.setQueryData(reviewKeys.contract(contractId), state);
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'expert'] });
    },
    onError: (error) => {
      // A 409 means the page was out of date (already written, or the window closed).
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: reviewKeys.contract(contractId) });
    },
  });
}

export function useAnswerReview(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ReplyToReviewRequest }) =>
      apiRequest(`/api/reviews/${reviewId}/reply`, { method: 'POST', body, schema: reviewSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.expert(slug) }),
  });
}
