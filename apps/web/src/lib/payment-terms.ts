import { paymentTermsSchema } from '@sciwise/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The marketplace's fees and escrow terms, as the server decides them: shown before anyone
 * commits, by the hire dialog and the workspace alike (they rarely change).
 */
export const paymentTermsQuery = queryOptions({
  queryKey: ['payments', 'terms'],
  queryFn: ({ signal }) => apiRequest('/api/payments/terms', { schema: paymentTermsSchema, signal }),
  staleTime: 10 * 60_000,
});
