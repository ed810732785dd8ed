import { randomUUID } from 'node:crypto';
import type { SavedCardsResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe } from 'vitest';
import { outcomes, testMatrix, type Outcome } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { savedCard, tokenFor } from './helpers.ts';
import { adminUser, approvedExpert, hiredContract, signedInUser, type SignedInUser } from '../factories.ts';
import { call, moneyCall, type Who } from '../support/requests.ts';

/**
 * Saved cards against every kind of person. Each person manages only their own cards (anyone
 * signed in may pay as a client, experts included); someone else's card, whoever asks, is the
 * same 404 as a card that does not exist. Admins get no window into people's cards.
 */
const roles = ['anonymous', 'client', 'expert', 'otherClient', 'otherExpert', 'admin'] as const;
type Role = (typeof roles)[number];
const expect6 = outcomes(roles);

let t: TestApp;
let otherPeople: Record<Exclude<Role, 'client' | 'expert'>, Who>;
beforeAll(async () => {
  t = await createTestApp();
  otherPeople = {
    anonymous: null,
    otherClient: await signedInUser(t.app),
    otherExpert: await approvedExpert(t.app),
    admin: await adminUser(t.app),
  };
});
afterAll(() => t.close());

/** A fresh contract whose client has one saved card (the default). */
interface Fixture {
  people: Record<Role, Who>;
  cardId: string;
  milestoneId: string;
}
async function fixture(): Promise<Fixture> {
  const { client, expert, contract } = await hiredContract(t.app);
  const { cards } = await savedCard(t.app, client);
  return {
    people: { ...otherPeople, client, expert },
    cardId: cards[0]!.id,
    milestoneId: contract.milestones[0]!.id,
  };
}

/** A refusal reads as its status; a list reads as whether the client's card is in it. */
function listed(response: { statusCode: number; json<T>(): T }, cardId: string): Outcome {
  if (response.statusCode !== 200) return response.statusCode;
  return response.json<SavedCardsResponse>().cards.some((card) => card.id === cardId)
    ? "lists the client's card"
    : 'lists only their own';
}

describe('authorization matrix: saved cards', () => {
  testMatrix<Role, Fixture>({
    roles,
    fixture,
    rows: [
      {
        action: 'GET /api/me/cards',
        readOnly: true,
        expected: expect6(401, "lists the client's card", ...Array<Outcome>(4).fill('lists only their own')),
        attempt: async (f, role) =>
          listed(await call(t.app, 'GET', '/api/me/cards', f.people[role]), f.cardId),
      },
      {
        action: 'POST /api/me/cards (their own card token)',
        expected: expect6(401, 201, 201, 201, 201, 201),
        attempt: async (f, role) => {
          const who = f.people[role];
          const token = who ? (await tokenFor(t.app, who as SignedInUser)).token : 'tok_sandbox_anonymous';
          return (await call(t.app, 'POST', '/api/me/cards', who, { paymentToken: token })).statusCode;
        },
      },
      {
        action: "POST /api/me/cards/:id/default (the client's card)",
        expected: expect6(401, 200, 404, 404, 404, 404),
        attempt: async (f, role) =>
          (await call(t.app, 'POST', `/api/me/cards/${f.cardId}/default`, f.people[role])).statusCode,
      },
      {
        action: "DELETE /api/me/cards/:id (the client's card)",
        expected: expect6(401, 200, 404, 404, 404, 404),
        attempt: async (f, role) =>
          (await call(t.app, 'DELETE', `/api/me/cards/${f.cardId}`, f.people[role])).statusCode,
      },
      {
        action: "POST /api/milestones/:id/fund with the client's saved card",
        expected: expect6(401, 200, 404, 404, 404, 404),
        attempt: async (f, role) =>
          (
            await moneyCall(
              t.app,
              `/api/milestones/${f.milestoneId}/fund`,
              f.people[role],
              { savedCardId: f.cardId },
              randomUUID(),
            )
          ).statusCode,
      },
    ],
  });
});
