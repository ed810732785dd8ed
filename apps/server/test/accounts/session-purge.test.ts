import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ENDED_SESSION_RETENTION_DAYS,
  purgeEndedSessions,
  SESSION_PURGE_PAGES,
  sessionPurger,
} from '../../src/modules/accounts/session-purge.ts';
import { revokeSession, SESSION_ENDED_CHANNEL } from '../../src/modules/accounts/sessions.ts';
import { queryRows } from '../support/ledger.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser, type SignedInUser } from '../factories.ts';

/*
 * Every sign-in adds a session, and nothing read an ended one again: the table grew by a row per
 * sign-in for ever. The purge deletes sessions that ended more than ENDED_SESSION_RETENTION_DAYS
 * ago, a few table pages at a time, and keeps every live one and every recently ended one.
 */
let t: TestApp;
let person: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await signedInUser(t.app);
});
afterAll(() => t.close());

const days = (n: number) => `${n} days`;
const retention = ENDED_SESSION_RETENTION_DAYS;

/** `count` sessions of the person, each with the expiry and revocation given relative to now. */
async function addSessions(label: string, count: number, ends: { expired?: string; revoked?: string }) {
  await t.app.db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at, revoked_at, user_agent)
    select ${person.id}::uuid, ${label} || '-' || n || '-' || gen_random_uuid(),
           ${ends.expired ? sql`now() - ${ends.expired}::interval` : sql`now() + interval '30 days'`},
           ${ends.revoked ? sql`now() - ${ends.revoked}::interval` : sql`null`},
           ${label}
      from generate_series(1, ${count}) n`);
}

async function sessionsByLabel(): Promise<Record<string, number>> {
  const rows = await queryRows<{ label: string; count: number }>(
    t.app.db,
    sql`select user_agent as label, count(*)::int as count from sessions
         where user_id = ${person.id}::uuid group by user_agent`,
  );
  return Object.fromEntries(rows.map((row) => [row.label, row.count]));
}

describe('purging ended sessions', () => {
  it('deletes the sessions that ended long ago, a few pages at a time, and keeps the rest', async () => {
    await addSessions('expired long ago', 1_500, { expired: days(retention + 1) });
    await addSessions('live', 300, {});
    await addSessions('expired lately', 300, { expired: days(retention - 1) });
    await addSessions('signed out long ago', 1_500, { revoked: days(retention + 1) });
    await addSessions('signed out lately', 300, { revoked: days(1) });

    // One step reads only its pages: the 3,000 due sessions fill far more than one step's.
    const first = await purgeEndedSessions(t.app.db, 0);
    expect(first.nextPage).toBe(SESSION_PURGE_PAGES);
    expect(first.deleted).toBeGreaterThan(0);
    expect(first.deleted).toBeLessThan(3_000);

    // Step on from there until the walk comes back to the table's first page, listening for the
    // announcements that end chat sockets: a purged session had ended already, so none is made.
    const announced: string[] = [];
    const stopListening = await t.database.handle.listen(SESSION_ENDED_CHANNEL, (id) => announced.push(id));
    let deleted = first.deleted;
    for (let page = first.nextPage; page !== 0;) {
      const step = await purgeEndedSessions(t.app.db, page);
      deleted += step.deleted;
      page = step.nextPage;
    }
    expect(deleted).toBe(3_000);
    const left = await sessionsByLabel();
    expect(left).toMatchObject({ live: 300, 'expired lately': 300, 'signed out lately': 300 });
    expect(left['expired long ago']).toBeUndefined();
    expect(left['signed out long ago']).toBeUndefined();
    // Signing out a live session is announced, and its announcement comes after any the purge made.
    const [live] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from sessions where user_agent = 'live' limit 1`,
    );
    await revokeSession(t.app.db, { userId: person.id, sessionId: live!.id });
    await vi.waitFor(() => expect(announced).toContain(live!.id));
    expect(announced).toEqual([live!.id]);
    await stopListening();

    // Wherever the app's purger starts, nothing is due any more; past the table's end, a step
    // deletes nothing and sends the walk back to the first page.
    expect(await sessionPurger(t.app.db, () => 0.5)()).toBe(0);
    expect(await purgeEndedSessions(t.app.db, 1_000_000)).toEqual({ deleted: 0, nextPage: 0 });

    // The person's own session still signs them in.
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: person.headers });
    expect(me.statusCode).toBe(200);
  });
});
