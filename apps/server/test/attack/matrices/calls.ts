import type { Call, CallList } from '@sciwise/contracts';
import { proposeCall } from '../../../src/modules/calls/call-service.ts';
import { expect5, people, type Matrix, type Person } from '../../support/authorization-table.ts';
import type { TestApp } from '../../support/test-app.ts';
import { wallClock } from '../../calls/support.ts';
import type { DomainMatrix } from './domain-matrix.ts';
import { quickExpert, quickMember, type SignedInUser } from '../../factories.ts';
import { call, put } from '../../support/requests.ts';

interface Fixture {
  call: Call;
}

/**
 * Scheduled calls: the owner proposed a call to the counterpart, an expert they talk to in
 * Messages. Only those two read or change it; for anyone else, administrators included, it does
 * not exist (404). The fixture proposes through the service, so the rows do not spend the owner's
 * hourly allowance of proposals.
 */
export function callsMatrix(t: TestApp): DomainMatrix<Fixture> {
  let who: Record<Person, SignedInUser | null>;
  async function setUp() {
    who = {
      owner: await quickMember(t.app),
      counterpart: await quickExpert(t.app),
      otherMember: await quickMember(t.app),
      admin: await quickMember(t.app, { role: 'admin' }),
      anonymous: null,
    };
    const opened = await call(t.app, 'POST', '/api/conversations', who.owner, {
      userId: (who.counterpart as SignedInUser).id,
    });
    if (opened.statusCode !== 200) throw new Error(`conversation: ${opened.statusCode} ${opened.body}`);
  }
  const tearDown = async () => {};

  const now = () => t.app.ctx.clock.now();
  const slots = () => [wallClock(now(), 'UTC', 3, 9), wallClock(now(), 'UTC', 3, 11)];
  async function proposed(): Promise<Fixture> {
    const owner = who.owner as SignedInUser;
    const counterpart = who.counterpart as SignedInUser;
    return {
      call: await proposeCall(t.app.ctx, owner.id, {
        withUserId: counterpart.id,
        topic: 'Scope of the meta-analysis',
        agenda: 'Which trials to include.',
        durationMinutes: 30,
        timeZone: 'UTC',
        slots: slots(),
      }),
    };
  }

  const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
  const path = (f: Fixture, rest = '') => `/api/calls/${f.call.id}${rest}`;

  const matrix: Matrix<Person, Fixture> = {
    roles: people,
    fixture: proposed,
    rows: [
      // expected: expect5(owner, counterpart, another member, admin, anonymous)
      {
        action: 'GET /api/calls lists the call',
        readOnly: true,
        expected: expect5('listed', 'listed', 'not listed', 'not listed', 401),
        async attempt(f, role) {
          const response = await call(t.app, 'GET', '/api/calls', who[role]);
          if (response.statusCode !== 200) return response.statusCode;
          return response.json<CallList>().calls.some((c) => c.id === f.call.id) ? 'listed' : 'not listed';
        },
      },
      {
        action: 'GET /api/calls/:id',
        readOnly: true,
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) => status(call(t.app, 'GET', path(f), who[role])),
      },
      {
        action: 'POST /api/calls/:id/confirm (the offerer may not pick their own time)',
        expected: expect5(403, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'POST', path(f, '/confirm'), who[role], { startsAt: f.call.offeredStarts[0] })),
      },
      {
        action: 'POST /api/calls/:id/times',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'POST', path(f, '/times'), who[role], { timeZone: 'UTC', slots: slots() })),
      },
      {
        action: 'POST /api/calls/:id/cancel',
        expected: expect5(200, 200, 404, 404, 401),
        attempt: (f, role) =>
          status(call(t.app, 'POST', path(f, '/cancel'), who[role], { reason: 'No longer needed.' })),
      },
      {
        action: 'PUT /api/calls/:id/notes (before the call: not yet)',
        expected: expect5(409, 409, 404, 404, 401),
        attempt: (f, role) => status(put(t.app, path(f, '/notes'), who[role], { notes: 'Agreed.' })),
      },
      {
        action: 'GET /api/calls/:id/calendar.ics (not confirmed yet)',
        readOnly: true,
        expected: expect5(409, 409, 404, 404, 401),
        attempt: (f, role) => status(call(t.app, 'GET', path(f, '/calendar.ics'), who[role])),
      },
    ],
  };
  return { ...matrix, setUp, tearDown };
}
