import { expect5, people, type Matrix, type Person } from '../../support/authorization-table.ts';
import type { TestApp } from '../../support/test-app.ts';
import type { DomainMatrix } from './domain-matrix.ts';
import { quickExpert, quickMember, randomIp, type SignedInUser } from '../../factories.ts';
import { call } from '../../support/requests.ts';

type Fixture = null;

/**
 * The development outbox holds every e-mail the app sent, password-reset links included: only
 * a signed-in administrator may read it (issue 12). The owner asked for a reset link.
 */
export function devOutboxMatrix(t: TestApp): DomainMatrix<Fixture> {
  let who: Record<Person, SignedInUser | null>;
  async function setUp() {
    who = {
      owner: await quickMember(t.app),
      counterpart: await quickExpert(t.app),
      otherMember: await quickMember(t.app),
      admin: await quickMember(t.app, { role: 'admin' }),
      anonymous: null,
    };
    await t.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      payload: { email: who.owner!.email },
      remoteAddress: randomIp(),
    });
  }
  const tearDown = async () => {};

  const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;

  const matrix: Matrix<Person, Fixture> = {
    roles: people,
    fixture: async () => null,
    rows: [
      // expected: expect5(owner, counterpart, another member, admin, anonymous)
      {
        action: 'GET /api/dev/outbox',
        readOnly: true,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (_f, role) => status(call(t.app, 'GET', '/api/dev/outbox', who[role])),
      },
      {
        action: "GET /api/dev/outbox?to=<the owner's address>",
        readOnly: true,
        expected: expect5(403, 403, 403, 200, 401),
        attempt: (_f, role) =>
          status(call(t.app, 'GET', `/api/dev/outbox?to=${encodeURIComponent(who.owner!.email)}`, who[role])),
      },
    ],
  };

  return { ...matrix, setUp, tearDown };
}
