import {
  CONCIERGE_USER_ID,
  unverifiedRefusals,
  type CurrentUser,
  type ErrorResponse,
} from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { DAY_MS, ManualClock } from '../../src/lib/clock.ts';
import { waitForMail } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  approvedExpert,
  createProject,
  openProject,
  quoteInput,
  type SignedInUser,
  unverifiedUser,
} from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
let admin: SignedInUser;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ overrides: { clock } });
  admin = await adminUser(t.app);
});
afterAll(() => t.close());

const LINK = /verify-email\?token=([\w-]+)/;

async function linkTokenFor(email: string) {
  return (await waitForMail(t.app, admin, email, LINK))[1]!;
}

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/Account/VerifyEmail', payload: { token } });
const me = async (who: SignedInUser) => (await call(t.app, 'GET', '/api/me', who)).json<CurrentUser>();
const resend = (who: SignedInUser) =>
  t.app.inject({ method: 'POST', url: '/api/me/email-verification', headers: who.headers });

describe('e-mail verification', () => {
  it('a new account is e-mailed a link that confirms its address once', async () => {
    const person = await unverifiedUser(t.app);
    expect((await me(person)).emailVerified).toBe(false);
    const token = await linkTokenFor(person.email);

    const first = await verify(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toBe('Your e-mail address is confirmed. Thank you!');
    expect((await me(person)).emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>().message).toMatch(/invalid, used or expired/);
  });

  it('a link older than 48 hours is refused and confirms nothing', async () => {
    const person = await unverifiedUser(t.app);
    const token = await linkTokenFor(person.email);
    clock.advance(2 * DAY_MS + 60_000);
    try {
      const late = await verify(token);
      expect(late.statusCode).toBe(400);
      expect((await me(person)).emailVerified).toBe(false);
    } finally {
      clock.setTo(new Date());
    }
  });

  it('a made-up or empty token is refused', async () => {
    expect((await verify('not-a-real-token')).statusCode).toBe(400);
    expect((await verify('')).statusCode).toBe(400);
  });

  it('a resent link works and spends the older ones; resending is limited to 3 an hour', async () => {
    const person = await unverifiedUser(t.app);
    const first = await linkTokenFor(person.email);
    const responses = [];
    for (let n = 0; n < 4; n++) responses.push(await resend(person));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(responses[0]!.json<{ message: string }>().message).toMatch(/new confirmation link/);
    const newest = await linkTokenFor(person.email);
    expect(newest).not.toBe(first);

    expect((await verify(newest)).statusCode).toBe(200);
    expect((await verify(first)).statusCode).toBe(400);
    // Confirmed: there is nothing left to resend.
    const after = await resend(person);
    expect(after.statusCode).toBe(409);
    expect(after.json<ErrorResponse>().message).toBe('Your e-mail address is already confirmed.');
  });

  it('resending needs a signed-in person', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/me/email-verification' })).statusCode).toBe(401);
  });
});

describe('what an unconfirmed account may not do', () => {
  it('it may save a draft but not post the project, with the reason; confirmed, it posts', async () => {
    const owner = await unverifiedUser(t.app);
    const draft = await createProject(t.app, owner);
    const refused = await call(t.app, 'POST', `/api/projects/${draft.id}/publish`, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorResponse>().message).toBe(unverifiedRefusals.post);

    expect((await verify(await linkTokenFor(owner.email))).statusCode).toBe(200);
    const posted = await call(t.app, 'POST', `/api/projects/${draft.id}/publish`, owner);
    expect(posted.statusCode, posted.body).toBe(200);
  });

  it('an approved expert may not quote until confirmed', async () => {
    const owner = await adminUser(t.app);
    const project = await openProject(t.app, owner);
    const expert = await approvedExpert(t.app);
    // The factory confirms addresses; this expert has not opened the link yet.
    await t.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, expert.id));
    const refused = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorResponse>().message).toBe(unverifiedRefusals.quote);
  });

  it('it may message Sciwise Concierge but nobody else', async () => {
    const person = await unverifiedUser(t.app);
    const expert = await approvedExpert(t.app);
    const open = async (userId: string) => {
      const response = await call(t.app, 'POST', '/api/conversations', person, { userId });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ id: string }>().id;
    };
    const concierge = await open(CONCIERGE_USER_ID);
    const toConcierge = await call(t.app, 'POST', `/api/conversations/${concierge}/messages`, person, {
      text: 'How do I find a statistician?',
    });
    expect(toConcierge.statusCode, toConcierge.body).toBe(201);

    const withExpert = await open(expert.id);
    const refused = await call(t.app, 'POST', `/api/conversations/${withExpert}/messages`, person, {
      text: 'Are you free next week?',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorResponse>().message).toBe(unverifiedRefusals.message);

    expect((await verify(await linkTokenFor(person.email))).statusCode).toBe(200);
    const allowed = await call(t.app, 'POST', `/api/conversations/${withExpert}/messages`, person, {
      text: 'Are you free next week?',
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});
