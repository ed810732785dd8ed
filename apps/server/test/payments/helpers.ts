import type { CardToken, SavedCardsResponse } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { call, CARDS } from '../support/requests.ts';
import type { SignedInUser } from '../factories.ts';

/** A one-time token from the sandbox's card form, for a card expiring in the given month. */
export async function tokenFor(
  app: FastifyInstance,
  who: SignedInUser,
  number = CARDS.visa,
  expiry = { expMonth: 12, expYear: new Date().getUTCFullYear() + 3 },
): Promise<CardToken> {
  const response = await call(app, 'POST', '/api/payments/sandbox/tokens', who, {
    number,
    ...expiry,
    cvc: '123',
  });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<CardToken>();
}

export function saveCardCall(
  app: FastifyInstance,
  who: SignedInUser | null,
  paymentToken: string,
  makeDefault?: boolean,
) {
  return call(app, 'POST', '/api/me/cards', who, {
    paymentToken,
    ...(makeDefault === undefined ? {} : { makeDefault }),
  });
}

/** Saves a fresh card and answers the whole list. */
export async function savedCard(
  app: FastifyInstance,
  who: SignedInUser,
  number = CARDS.visa,
  makeDefault?: boolean,
): Promise<SavedCardsResponse> {
  const token = await tokenFor(app, who, number);
  const response = await saveCardCall(app, who, token.token, makeDefault);
  if (response.statusCode !== 201) throw new Error(`save: ${response.statusCode} ${response.body}`);
  return response.json<SavedCardsResponse>();
}

export async function cardsOf(app: FastifyInstance, who: SignedInUser): Promise<SavedCardsResponse['cards']> {
  const response = await call(app, 'GET', '/api/me/cards', who);
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  return response.json<SavedCardsResponse>().cards;
}
