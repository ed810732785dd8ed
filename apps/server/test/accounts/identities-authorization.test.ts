import { afterAll, beforeAll, describe } from 'vitest';
import { externalIdentities } from '../../src/db/schema/index.ts';
import { expect5, people, testMatrix, type Person } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, type SignedInUser, signedInUser } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      OIDC_PROVIDERS: 'auth0',
      OIDC_AUTH0_ISSUER: 'https://tenant.auth0.example/',
      OIDC_AUTH0_CLIENT_ID: 'client',
    },
  });
});
afterAll(() => t.close());

interface Fixture {
  /** A password account with one linked identity: unlinking leaves it its password. */
  owner: SignedInUser;
  identityId: string;
  others: Record<Exclude<Person, 'owner' | 'anonymous'>, SignedInUser>;
}

async function fixture(): Promise<Fixture> {
  const owner = await signedInUser(t.app);
  const [row] = await t.app.db
    .insert(externalIdentities)
    .values({ userId: owner.id, issuer: 'https://tenant.auth0.example/', subject: `auth0|${owner.id}` })
    .returning({ id: externalIdentities.id });
  return {
    owner,
    identityId: row!.id,
    others: {
      counterpart: await signedInUser(t.app),
      otherMember: await signedInUser(t.app),
      admin: await adminUser(t.app),
    },
  };
}

const headersOf = (f: Fixture, role: Person) =>
  role === 'anonymous' ? {} : role === 'owner' ? f.owner.headers : f.others[role].headers;

describe('identity routes × people', () => {
  testMatrix<Person, Fixture>({
    roles: people,
    fixture,
    rows: [
      {
        action: 'GET /api/me/identities (each sees only their own)',
        expected: expect5(1, 0, 0, 0, 401),
        readOnly: true,
        attempt: async (f, role) => {
          const response = await t.app.inject({
            method: 'GET',
            url: '/api/me/identities',
            headers: headersOf(f, role),
          });
          return response.statusCode === 200 ? response.json().identities.length : response.statusCode;
        },
      },
      {
        action: 'DELETE /api/me/identities/:id',
        expected: expect5(200, 404, 404, 404, 401),
        attempt: async (f, role) =>
          (
            await t.app.inject({
              method: 'DELETE',
              url: `/api/me/identities/${f.identityId}`,
              headers: headersOf(f, role),
            })
          ).statusCode,
      },
    ],
  });
});
