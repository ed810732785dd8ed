import {
  cardTokenSchema,
  savedCardsResponseSchema,
  type SandboxCardRequest,
  type SaveCardRequest,
  type SavedCardsResponse,
} from '@sciwise/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

/** The sandbox processor's card form: the card number goes there and nowhere else. */
export const createCardToken = (card: SandboxCardRequest) =>
  apiRequest('/api/payments/sandbox/tokens', { method: 'POST', body: card, schema: cardTokenSchema });

export const savedCardsKey = ['me', 'cards'] as const;

export const savedCardsQuery = queryOptions({
  queryKey: savedCardsKey,
  queryFn: ({ signal }) => apiRequest('/api/me/cards', { schema: savedCardsResponseSchema, signal }),
});

/** Every change answers with the whole list, which goes straight into the cache. */
function useCardsChange<TInput>(run: (input: TInput) => Promise<SavedCardsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => queryClient.setQueryData(savedCardsKey, answer),
  });
}

export const useSaveCard = () =>
  useCardsChange((body: SaveCardRequest) =>
    apiRequest('/api/me/cards', { method: 'POST', body, schema: savedCardsResponseSchema }),
  );

export const useMakeDefaultCard = () =>
  useCardsChange((cardId: string) =>
    apiRequest(`/api/me/cards/${cardId}/default`, { method: 'POST', schema: savedCardsResponseSchema }),
  );

export const useRemoveCard = () =>
  useCardsChange((cardId: string) =>
    apiRequest(`/api/me/cards/${cardId}`, { method: 'DELETE', schema: savedCardsResponseSchema }),
  );
