import type { CurrentUser } from '@sciwise/contracts';
import { createSession, findSession } from '../../../src/modules/accounts/sessions.ts';
import { expect5, people, type Matrix, type Person } from '../../support/authorization-table.ts';
import type { TestApp } from '../../support/test-app.ts';
import { fileUpload } from '../multipart.ts';
import { PNG } from '../world.ts';
import type { DomainMatrix } from './domain-matrix.ts';
import {
  type HashedPassword,
  hashedPassword,
  quickExpert,
  quickMember,
  randomIp,
  type SignedInUser,
  signUpPayload,
} from '../../factories.ts';
import { call } from '../../support/requests.ts';

interface Fixture {
  people: Record<Person, SignedInUser | null>;
  otherDevice: { sessionId: string; token: string };
}

/**
 * Accounts: every /api/me route acts on the caller's own account, so what matters is that
 * nobody reaches the owner's sessions, password or account through them. The owner is signed
 * in on a second device; the counterpart is an expert; everyone is new in every attempt.
 */
export function accountsMatrix(t: TestApp): DomainMatrix<Fixture> {
  let ownerPassword: HashedPassword;
  let otherPassword: HashedPassword;
  async function setUp() {
    [ownerPassword, otherPassword] = await Promise.all([hashedPassword(), hashedPassword()]);
  }
  const tearDown = async () => {};

  const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
  const owner = (f: Fixture) => f.people.owner as SignedInUser;
  const deviceState = async (f: Fixture) =>
    (await findSession(t.app.database, f.otherDevice.token)) ? 'untouched' : 'ended';

  const matrix: Matrix<Person, Fixture> = {
    roles: people,
    async fixture() {
      const owner = await quickMember(t.app, { password: ownerPassword });
      const otherDevice = await createSession(t.app.db, { userId: owner.id, ttlMs: 86_400_000 });
      const counterpart = await quickExpert(t.app, otherPassword);
      const otherMember = await quickMember(t.app, { password: otherPassword });
      const admin = await quickMember(t.app, { role: 'admin', password: otherPassword });
      return { people: { owner, counterpart, otherMember, admin, anonymous: null }, otherDevice };
    },
    rows: [
      // expected: expect5(owner, counterpart, another member, admin, anonymous)
      {
        action: "POST /api/User/AddNewUser with the owner's e-mail answers as for a new one",
        readOnly: true,
        expected: expect5(201, 201, 201, 201, 201),
        attempt: (f, role) =>
          status(
            t.app.inject({
              method: 'POST',
              url: '/api/User/AddNewUser',
              headers: f.people[role]?.headers,
              payload: signUpPayload({ email: owner(f).email }),
              remoteAddress: randomIp(),
            }),
          ),
      },
      {
        action: "GET /api/me answers with the caller's own account",
        readOnly: true,
        expected: expect5('own', 'own', 'own', 'own', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', '/api/me', f.people[role]);
          if (response.statusCode !== 200) return response.statusCode;
          return response.json<CurrentUser>().id === f.people[role]!.id ? 'own' : 'someone else';
        },
      },
      {
        action: 'POST /api/me/email-verification (everyone here has confirmed already)',
        readOnly: true,
        expected: expect5(409, 409, 409, 409, 401),
        attempt: (f, role) => status(call(t.app, 'POST', '/api/me/email-verification', f.people[role])),
      },
      {
        action: 'PATCH /api/me',
        expected: expect5(200, 200, 200, 200, 401),
        attempt: (f, role) => status(call(t.app, 'PATCH', '/api/me', f.people[role], { firstName: 'Ada' })),
      },
      {
        action: "GET /api/me/sessions lists the owner's other device",
        readOnly: true,
        expected: expect5('listed', 'not listed', 'not listed', 'not listed', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', '/api/me/sessions', f.people[role]);
          if (response.statusCode !== 200) return response.statusCode;
          const ids = response.json<{ sessions: Array<{ id: string }> }>().sessions.map((s) => s.id);
          return ids.includes(f.otherDevice.sessionId) ? 'listed' : 'not listed';
        },
      },
      {
        action: "DELETE /api/me/sessions/:id (the owner's other device)",
        expected: expect5(200, 404, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'DELETE', `/api/me/sessions/${f.otherDevice.sessionId}`, f.people[role])),
      },
      {
        action: "POST /api/me/sessions/revoke-others: the owner's other device is",
        expected: expect5('ended', 'untouched', 'untouched', 'untouched', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'POST', '/api/me/sessions/revoke-others', f.people[role]);
          return response.statusCode === 200 ? deviceState(f) : response.statusCode;
        },
      },
      {
        action: "POST /api/Account/Logout with one's own session: the owner's other device is",
        expected: expect5('ended', 'untouched', 'untouched', 'untouched', 'untouched'),
        async attempt(f, role) {
          const token = role === 'owner' ? f.otherDevice.token : f.people[role]?.token;
          const headers = token ? { authorization: `Bearer ${token}` } : {};
          const response = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers });
          return response.statusCode === 200 ? deviceState(f) : response.statusCode;
        },
      },
      {
        action: "POST /api/me/password with the owner's current password",
        expected: expect5(200, 400, 400, 400, 401),
        attempt: (f, role) =>
          status(
            call(t.app, 'POST', '/api/me/password', f.people[role], {
              currentPassword: ownerPassword.plain,
              newPassword: 'a quite new passphrase 42',
            }),
          ),
      },
      {
        action: "DELETE /api/me with the owner's password",
        expected: expect5(200, 400, 400, 400, 401),
        attempt: (f, role) =>
          status(call(t.app, 'DELETE', '/api/me', f.people[role], { password: ownerPassword.plain })),
      },
      {
        action: 'PUT /api/me/avatar',
        expected: expect5(200, 200, 200, 200, 401),
        attempt(f, role) {
          const body = fileUpload('me.png', PNG, 'image/png');
          const headers = { ...f.people[role]?.headers, 'content-type': body.contentType };
          return status(
            t.app.inject({ method: 'PUT', url: '/api/me/avatar', headers, payload: body.payload }),
          );
        },
      },
      {
        action: 'DELETE /api/me/avatar',
        expected: expect5(200, 200, 200, 200, 401),
        attempt: (f, role) => status(call(t.app, 'DELETE', '/api/me/avatar', f.people[role])),
      },
      {
        action: "GET /api/users/:id/avatar (the owner's picture is public)",
        readOnly: true,
        expected: expect5(200, 200, 200, 200, 200),
        async attempt(f, role) {
          const body = fileUpload('me.png', PNG, 'image/png');
          const headers = { ...owner(f).headers, 'content-type': body.contentType };
          await t.app.inject({ method: 'PUT', url: '/api/me/avatar', headers, payload: body.payload });
          return status(call(t.app, 'GET', `/api/users/${owner(f).id}/avatar`, f.people[role]));
        },
      },
    ],
  };

  return { ...matrix, setUp, tearDown };
}
