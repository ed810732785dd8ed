import type { ContractReviewState } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { outcomes, testMatrix, type Outcome } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clientReview, expertReview, writeReview } from './helpers.ts';
import { adminUser, approvedExpert, endedContract, signedInUser } from '../factories.ts';
import { call, type Who } from '../support/requests.ts';

/**
 * Every review route against every kind of person: anonymous, the contract's client and expert,
 * another client, another expert, an admin. Each success runs on a fresh ended contract.
 */
type Role = 'anonymous' | 'client' | 'expert' | 'otherClient' | 'otherExpert' | 'admin';
const roles: Role[] = ['anonymous', 'client', 'expert', 'otherClient', 'otherExpert', 'admin'];
const expected = outcomes(roles);

let t: TestApp;
let others: Pick<Record<Role, Who>, 'anonymous' | 'otherClient' | 'otherExpert' | 'admin'>;
beforeAll(async () => {
  t = await createTestApp();
  others = {
    anonymous: null,
    otherClient: await signedInUser(t.app),
    otherExpert: await approvedExpert(t.app),
    admin: await adminUser(t.app),
  };
});
afterAll(() => t.close());

interface Fixture {
  people: Record<Role, Who>;
  contractId: string;
  slug: string;
  /** The client's review, once written. */
  clientReviewId: string | null;
}

async function ended(reviewed: 'none' | 'client' | 'both'): Promise<Fixture> {
  const { client, expert, contract } = await endedContract(t.app);
  let clientReviewId: string | null = null;
  if (reviewed !== 'none') {
    const written = await writeReview(t.app, client, contract.id, clientReview());
    clientReviewId = written.json<ContractReviewState>().mine!.id;
  }
  if (reviewed === 'both') await writeReview(t.app, expert, contract.id, expertReview());
  return {
    people: { ...others, client, expert },
    contractId: contract.id,
    slug: contract.expert.slug!,
    clientReviewId,
  };
}

describe('review routes × roles', () => {
  testMatrix<Role, Fixture>({
    roles,
    fixture: () => ended('none'),
    rows: [
      {
        action: 'POST /api/contracts/:id/reviews',
        expected: expected(401, 201, 201, 404, 404, 403),
        async attempt(f, role) {
          const body = role === 'expert' ? expertReview() : clientReview();
          return (await writeReview(t.app, f.people[role], f.contractId, body)).statusCode;
        },
      },
      {
        action: 'GET /api/contracts/:id/reviews',
        readOnly: true,
        expected: expected(401, 200, 200, 404, 404, 200),
        async attempt(f, role) {
          return (await call(t.app, 'GET', `/api/contracts/${f.contractId}/reviews`, f.people[role]))
            .statusCode;
        },
      },
      {
        action: "GET /api/contracts/:id/reviews: the client's review while hidden",
        readOnly: true,
        fixture: () => ended('client'),
        expected: expected(401, 'own', 'hidden', 404, 404, 'hidden'),
        async attempt(f, role): Promise<Outcome> {
          const response = await call(t.app, 'GET', `/api/contracts/${f.contractId}/reviews`, f.people[role]);
          if (response.statusCode !== 200) return response.statusCode;
          if (role !== 'client') expect(response.body).not.toContain(clientReview().text);
          const state = response.json<ContractReviewState>();
          return state.mine?.id === f.clientReviewId ? 'own' : 'hidden';
        },
      },
      {
        action: "GET /api/experts/:slug/reviews: the client's review while hidden",
        readOnly: true,
        fixture: () => ended('client'),
        expected: expected('hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'hidden'),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', `/api/experts/${f.slug}/reviews`, f.people[role]);
          expect(response.statusCode).toBe(200);
          return response.body.includes(clientReview().text) ? 'shown' : 'hidden';
        },
      },
      {
        action: 'GET /api/experts/:slug/reviews once both wrote',
        readOnly: true,
        fixture: () => ended('both'),
        expected: expected('shown', 'shown', 'shown', 'shown', 'shown', 'shown'),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', `/api/experts/${f.slug}/reviews`, f.people[role]);
          expect(response.statusCode).toBe(200);
          return response.body.includes(clientReview().text) ? 'shown' : 'hidden';
        },
      },
      {
        action: 'POST /api/reviews/:id/reply',
        fixture: () => ended('both'),
        expected: expected(401, 403, 201, 403, 403, 403),
        async attempt(f, role) {
          const response = await call(
            t.app,
            'POST',
            `/api/reviews/${f.clientReviewId}/reply`,
            f.people[role],
            {
              text: 'Thank you for the kind words.',
            },
          );
          return response.statusCode;
        },
      },
      {
        action: 'POST /api/reviews/:id/reply while the review is hidden',
        readOnly: true,
        fixture: () => ended('client'),
        expected: expected(401, 404, 404, 404, 404, 404),
        async attempt(f, role) {
          const response = await call(
            t.app,
            'POST',
            `/api/reviews/${f.clientReviewId}/reply`,
            f.people[role],
            {
              text: 'Thank you for the kind words.',
            },
          );
          return response.statusCode;
        },
      },
    ],
  });
});
