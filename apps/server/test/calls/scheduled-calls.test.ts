import { CONCIERGE_USER_ID, unverifiedRefusals } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { approvedExpert, hiredContract, signedInUser, unverifiedUser } from '../factories.ts';
import { call } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  act,
  bothParsers,
  callList,
  callTitles,
  fullName,
  mailFor,
  message,
  MINUTE,
  proposal,
  propose,
  wallClock,
} from './support.ts';

/* Proposing a call, picking a time across time zones, who may call whom, and the lists. */

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({
    overrides: { clock },
    env: { VIDEO_ROOM_BASE_URL: 'https://video.example.org/rooms/' },
  });
});
afterAll(() => t.close());

describe('proposing and picking a time', () => {
  it('the client offers times in New York around its clock change; the expert picks one; both get the invitation', async () => {
    const { client, expert, contract } = await hiredContract(t.app);
    // Days either side of New York's next clock change, whichever it is: the offset differs by an hour.
    const change = nextClockChange(
      'America/New_York',
      new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE),
    );
    clock.setTo(new Date(Math.max(Date.now(), change.getTime() - 10 * 24 * 60 * MINUTE)));
    const before = DateTime.fromJSDate(change, { zone: 'America/New_York' })
      .minus({ days: 2 })
      .toFormat('yyyy-MM-dd');
    const after = DateTime.fromJSDate(change, { zone: 'America/New_York' })
      .plus({ days: 1 })
      .toFormat('yyyy-MM-dd');
    const proposed = await propose(
      t.app,
      client,
      proposal(expert, {
        contractId: contract.id,
        timeZone: 'America/New_York',
        slots: [`${after}T10:00`, `${before}T10:00`],
      }),
    );
    const beforeInstant = DateTime.fromISO(`${before}T10:00`, { zone: 'America/New_York' }).toJSDate();
    const afterInstant = DateTime.fromISO(`${after}T10:00`, { zone: 'America/New_York' }).toJSDate();
    expect(proposed).toMatchObject({
      status: 'proposed',
      withPerson: { id: expert.id },
      contract: { id: contract.id },
      offeredStarts: [beforeInstant.toISOString(), afterInstant.toISOString()],
      offeredByMe: true,
      offeredTimeZone: 'America/New_York',
      startsAt: null,
      actions: ['propose_times', 'cancel'],
    });
    expect(proposed.meetingUrl).toMatch(/^https:\/\/video\.example\.org\/rooms\/sciwise-[0-9a-f]{24}$/);

    // The expert is told, reads it awaiting their answer, and picks the later time.
    expect(await callTitles(t.app, expert)).toEqual([`${await fullName(t.app, client)} proposed a call`]);
    const [seen] = (await callList(t.app, expert)).calls;
    expect(seen).toMatchObject({
      id: proposed.id,
      offeredByMe: false,
      actions: ['confirm', 'propose_times', 'cancel'],
    });
    const proposerTries = await call(t.app, 'POST', `/api/calls/${proposed.id}/confirm`, client, {
      startsAt: afterInstant.toISOString(),
    });
    expect(proposerTries.statusCode).toBe(403);
    const notOffered = await call(t.app, 'POST', `/api/calls/${proposed.id}/confirm`, expert, {
      startsAt: new Date(afterInstant.getTime() + 30 * MINUTE).toISOString(),
    });
    expect([notOffered.statusCode, message(notOffered)]).toEqual([400, 'Choose one of the times offered.']);

    // A name with double quotes must not break the invitation's CN parameter (both parsers below).
    await t.app.db.update(users).set({ lastName: '"The Stats" Okafor' }).where(eq(users.id, expert.id));
    const confirmed = await act(t.app, expert, proposed.id, 'confirm', {
      startsAt: afterInstant.toISOString(),
    });
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      startsAt: afterInstant.toISOString(),
      endsAt: new Date(afterInstant.getTime() + 30 * MINUTE).toISOString(),
      timeZone: 'America/New_York',
      offeredStarts: [],
      actions: ['reschedule', 'cancel'],
    });

    // Each gets one e-mail with their own copy of the invitation, from Sciwise, naming only them;
    // two parsers read it as the same event.
    for (const person of [client, expert]) {
      const [mail] = await mailFor(t.app, person.email);
      expect(mail!.subject).toMatch(/Assay design review$/);
      const invitation = bothParsers(mail!.calendar!);
      expect(invitation).toEqual({
        method: 'REQUEST',
        uid: `${proposed.id}@sciwise`,
        sequence: 0,
        status: 'CONFIRMED',
        start: afterInstant,
        end: new Date(afterInstant.getTime() + 30 * MINUTE),
        tzid: 'America/New_York',
        attendees: [`mailto:${person.email.toLowerCase()}`],
        organizer: 'mailto:no-reply@sciwise.local',
      });
      const other = person === client ? expert : client;
      expect(mail!.calendar).not.toContain(other.email.toLowerCase());
      expect(mail!.calendar).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r?$/m);
      expect(mail!.calendar).toMatch(/^BEGIN:VTIMEZONE\r?\nTZID:America\/New_York\r?$/m);
    }
    // "Add to calendar" gives the same invitation; nobody else's call downloads.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/calls/${proposed.id}/calendar.ics`,
      headers: client.headers,
    });
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(bothParsers(file.body).start).toEqual(afterInstant);
    const stranger = await signedInUser(t.app);
    for (const url of [`/api/calls/${proposed.id}`, `/api/calls/${proposed.id}/calendar.ics`])
      expect((await call(t.app, 'GET', url, stranger)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'POST', `/api/calls/${proposed.id}/cancel`, stranger, { reason: 'Not mine' }))
        .statusCode,
    ).toBe(404);

    // The workspace lists the contract's call.
    expect((await callList(t.app, client, `?contractId=${contract.id}`)).calls.map((c) => c.id)).toEqual([
      proposed.id,
    ]);
  });

  it('the expert answers with other times; the client picks one', async () => {
    const { client, expert } = await hiredContract(t.app);
    const now = clock.now();
    const proposed = await propose(
      t.app,
      client,
      proposal(expert, {
        slots: [wallClock(now, 'Europe/London', 3, 9), wallClock(now, 'Europe/London', 3, 11)],
      }),
    );
    const answer = await act(t.app, expert, proposed.id, 'times', {
      timeZone: 'Asia/Tokyo',
      slots: [wallClock(now, 'Asia/Tokyo', 4, 18), wallClock(now, 'Asia/Tokyo', 5, 18)],
    });
    expect(answer).toMatchObject({ status: 'proposed', offeredByMe: true, offeredTimeZone: 'Asia/Tokyo' });
    const [clientView] = (await callList(t.app, client)).calls.filter((c) => c.id === proposed.id);
    expect(clientView!.actions).toEqual(['confirm', 'propose_times', 'cancel']);
    const picked = await act(t.app, client, proposed.id, 'confirm', { startsAt: answer.offeredStarts[1] });
    expect(picked.startsAt).toBe(answer.offeredStarts[1]);
    const [mail] = await mailFor(t.app, client.email);
    expect(bothParsers(mail!.calendar!).tzid).toBe('Asia/Tokyo');
  });
});

describe('who may call whom', () => {
  it('people who share work or a conversation; not strangers, the concierge, or someone else’s contract', async () => {
    const { client, expert, contract } = await hiredContract(t.app);
    const now = clock.now();
    const slots = [wallClock(now, 'UTC', 2, 10), wallClock(now, 'UTC', 2, 14)];
    const stranger = await signedInUser(t.app);
    const refused = await call(t.app, 'POST', '/api/calls', stranger, proposal(expert, { slots }));
    expect([refused.statusCode, message(refused)]).toEqual([
      403,
      'You can propose a call to people you work with on a project or contract, or already talk to in Messages.',
    ]);
    const concierge = await call(t.app, 'POST', '/api/calls', client, {
      ...proposal(expert, { slots }),
      withUserId: CONCIERGE_USER_ID,
    });
    expect(concierge.statusCode).toBe(403);
    // The same id in capitals is the same person to the database: still refused.
    const shouting = await call(t.app, 'POST', '/api/calls', client, {
      ...proposal(expert, { slots }),
      withUserId: CONCIERGE_USER_ID.toUpperCase(),
    });
    expect(shouting.statusCode).toBe(403);
    const capitals = await call(t.app, 'POST', '/api/calls', client, {
      ...proposal(expert, { slots }),
      withUserId: expert.id.toUpperCase(),
    });
    expect(capitals.statusCode, capitals.body).toBe(201);
    const notTheirs = await call(
      t.app,
      'POST',
      '/api/calls',
      stranger,
      proposal(expert, { slots, contractId: contract.id }),
    );
    expect(notTheirs.statusCode).toBe(404);
    const self = await call(t.app, 'POST', '/api/calls', client, proposal(client, { slots }));
    expect(self.statusCode).toBe(400);

    // Someone who wrote to an approved expert may propose a call before any project.
    const other = await approvedExpert(t.app);
    const opened = await call(t.app, 'POST', '/api/conversations', stranger, { userId: other.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const discovery = await propose(
      t.app,
      stranger,
      proposal(other, { slots, meetingUrl: 'https://zoom.us/j/123456789' }),
    );
    expect(discovery.meetingUrl).toBe('https://zoom.us/j/123456789');
    const plainLink = await call(
      t.app,
      'POST',
      '/api/calls',
      stranger,
      proposal(other, { slots, meetingUrl: 'http://zoom.us/j/1' }),
    );
    expect([plainLink.statusCode, message(plainLink)]).toEqual([
      400,
      'Paste a meeting link that starts with https://.',
    ]);

    // Every proposal e-mails the other person: an unconfirmed address may not send one.
    const unconfirmed = await unverifiedUser(t.app);
    expect(
      (await call(t.app, 'POST', '/api/conversations', unconfirmed, { userId: other.id })).statusCode,
    ).toBe(200);
    const unverified = await call(t.app, 'POST', '/api/calls', unconfirmed, proposal(other, { slots }));
    expect([unverified.statusCode, message(unverified)]).toEqual([403, unverifiedRefusals.call]);
  });
});

describe('lists', () => {
  it('pages a view with its cursor, and refuses a cursor from another view', async () => {
    const { client, expert } = await hiredContract(t.app);
    const now = clock.now();
    const made: string[] = [];
    for (const day of [2, 3, 4])
      made.push(
        (
          await propose(
            t.app,
            client,
            proposal(expert, { slots: [wallClock(now, 'UTC', day, 9), wallClock(now, 'UTC', day, 10)] }),
          )
        ).id,
      );
    const first = await callList(t.app, expert, '?limit=2');
    expect(first.calls.map((c) => c.id)).toEqual(made.slice(0, 2));
    const second = await callList(t.app, expert, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ calls: [expect.objectContaining({ id: made[2] })], nextCursor: null });
    const crossed = await call(t.app, 'GET', `/api/calls?view=past&cursor=${first.nextCursor}`, expert);
    expect(crossed.statusCode).toBe(400);
  });
});

/** The first midnight after `from` with another UTC offset than the day before: the day after a change. */
function nextClockChange(zone: string, from: Date): Date {
  let day = DateTime.fromJSDate(from, { zone }).startOf('day');
  const offset = day.offset;
  for (let n = 0; n < 400; n++) {
    day = day.plus({ days: 1 });
    if (day.offset !== offset) return day.toJSDate();
  }
  throw new Error(`${zone} has no clock change within a year`);
}
