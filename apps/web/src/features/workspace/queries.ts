import {
  activityResponseSchema,
  contractSchema,
  type ApproveMilestoneRequest,
  type CancelContractRequest,
  type Contract,
  type DisputeMilestoneRequest,
  type FundMilestoneRequest,
  type ProposeMilestoneRequest,
  type RefundMilestoneRequest,
  type RequestChangesRequest,
  type ResolveDisputeRequest,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload, isApiError } from '../../lib/api-client.ts';

export { contractsQuery } from '../projects/queries.ts';

// Under the projects' key, so accepting a quote (which invalidates projects) refreshes these too.
export const contractKeys = {
  list: ['projects', 'contracts'] as const,
  detail: (id: string) => ['projects', 'contracts', id] as const,
  activity: (id: string) => ['projects', 'contracts', id, 'activity'] as const,
};

const noRetryOnRefusal = (failures: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failures < 2;

export const contractQuery = (id: string) =>
  queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/api/contracts/${id}`, { schema: contractSchema, signal }),
    retry: noRetryOnRefusal,
  });

export const activityQuery = (contractId: string) =>
  infiniteQueryOptions({
    queryKey: contractKeys.activity(contractId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/api/contracts/${contractId}/activity${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: activityResponseSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    retry: noRetryOnRefusal,
  });

type Send = { idempotencyKey?: string };
const post = (path: string, body?: unknown, options: Send = {}) =>
  apiRequest(path, {
    method: 'POST',
    schema: contractSchema,
    ...(body === undefined ? {} : { body }),
    ...options,
  });
const milestonePath = (id: string, action: string) => `/api/milestones/${id}/${action}`;

/** Every change to a contract, as the web sends it; each answers with the whole contract. */
export const contractCalls = {
  fund: (milestoneId: string, body: FundMilestoneRequest, idempotencyKey: string) =>
    post(milestonePath(milestoneId, 'fund'), body, { idempotencyKey }),
  submitWork: (
    milestoneId: string,
    work: { note: string; files: File[] },
    onProgress?: (fraction: number) => void,
  ) => {
    const body = new FormData();
    body.append('note', work.note);
    for (const file of work.files) body.append('files', file, file.name);
    return apiUpload(milestonePath(milestoneId, 'submissions'), {
      body,
      schema: contractSchema,
      ...(onProgress ? { onProgress } : {}),
    });
  },
  requestChanges: (milestoneId: string, body: RequestChangesRequest) =>
    post(milestonePath(milestoneId, 'request-changes'), body),
  approve: (milestoneId: string, body: ApproveMilestoneRequest, idempotencyKey: string) =>
    post(milestonePath(milestoneId, 'approve'), body, { idempotencyKey }),
  refund: (milestoneId: string, body: RefundMilestoneRequest, idempotencyKey: string) =>
    post(milestonePath(milestoneId, 'refund'), body, { idempotencyKey }),
  dispute: (milestoneId: string, body: DisputeMilestoneRequest) =>
    post(milestonePath(milestoneId, 'dispute'), body),
  resolve: (milestoneId: string, body: ResolveDisputeRequest, idempotencyKey: string) =>
    post(milestonePath(milestoneId, 'resolve'), body, { idempotencyKey }),
  acceptProposal: (milestoneId: string) => post(milestonePath(milestoneId, 'accept-proposal')),
  declineProposal: (milestoneId: string) => post(milestonePath(milestoneId, 'decline-proposal')),
  withdrawProposal: (milestoneId: string) => post(milestonePath(milestoneId, 'withdraw-proposal')),
  proposeMilestone: (contractId: string, body: ProposeMilestoneRequest) =>
    post(`/api/contracts/${contractId}/milestones`, body),
  end: (contractId: string) => post(`/api/contracts/${contractId}/end`),
  cancel: (contractId: string, body: CancelContractRequest) =>
    post(`/api/contracts/${contractId}/cancel`, body),
};

/**
 * A change to one contract: the answer is the whole updated contract, so it goes straight into
 * the cache; the activity log and the lists are fetched again. A 409 means the page was out of
 * date (the other side acted meanwhile): the contract is fetched again so the page shows why.
 */
export function useContractChange<TInput>(contractId: string, run: (input: TInput) => Promise<Contract>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (contract) => {
      queryClient.setQueryData(contractKeys.detail(contractId), contract);
      void queryClient.invalidateQueries({ queryKey: contractKeys.activity(contractId) });
      void queryClient.invalidateQueries({ queryKey: contractKeys.list, exact: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: contractKeys.detail(contractId) });
    },
  });
}
