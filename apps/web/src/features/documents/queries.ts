import {
  billingEntityResponseSchema,
  contractBillingSchema,
  documentListResponseSchema,
  type BillingEntityRequest,
  type ContractBillingRequest,
} from '@sciwise/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const documentKeys = {
  billingEntity: ['documents', 'billing-entity'] as const,
  contractBilling: (contractId: string) => ['documents', 'contract-billing', contractId] as const,
  list: (contractId: string | null) => ['documents', 'list', contractId] as const,
};

export const billingEntityQuery = () =>
  queryOptions({
    queryKey: documentKeys.billingEntity,
    queryFn: ({ signal }) =>
      apiRequest('/api/me/billing-entity', { schema: billingEntityResponseSchema, signal }),
  });

export function useSaveBillingEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingEntityRequest | null) =>
      body
        ? apiRequest('/api/me/billing-entity', { method: 'PUT', body, schema: billingEntityResponseSchema })
        : apiRequest('/api/me/billing-entity', { method: 'DELETE', schema: billingEntityResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(documentKeys.billingEntity, answer);
      void queryClient.invalidateQueries({ queryKey: ['documents', 'contract-billing'] });
    },
  });
}

export const contractBillingQuery = (contractId: string) =>
  queryOptions({
    queryKey: documentKeys.contractBilling(contractId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/contracts/${contractId}/billing`, { schema: contractBillingSchema, signal }),
  });

export function useSaveContractBilling(contractId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractBillingRequest) =>
      apiRequest(`/api/contracts/${contractId}/billing`, {
        method: 'PUT',
        body,
        schema: contractBillingSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(documentKeys.contractBilling(contractId), answer),
  });
}

/** My documents, or (with a contract) the ones of that contract I may read; newest first, paged. */
export const documentsQuery = (contractId: string | null) =>
  infiniteQueryOptions({
    queryKey: documentKeys.list(contractId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (contractId) params.set('contractId', contractId);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return apiRequest(`/api/documents${query ? `?${query}` : ''}`, {
        schema: documentListResponseSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
