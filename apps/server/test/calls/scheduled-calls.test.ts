import {
  unverifiedRefusals,
  CALL_REMINDER_MINUTES,
  CONCIERGE_USER_ID,
  RESCHEDULE_REASON_REQUIRED,
  type Call,
  type CallList,
} from '@sciwise/contracts';
import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/db/schema/index.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import {
  approvedExpert,
  hiredContract,
  signedInUser,
  unverifiedUser,
  type SignedInUser,
} from '../factories.ts';
import { call, put } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { act, mailFor, proposal, propose, readWithIcalJs, readWithNodeIcal, wallClock } from './support.ts';

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

const MINUTE = 60_000;
const message = (response: { json<T>(): T }) => response.json<{ message: string }>().message;

async function calls(who: SignedInUser, query = ''): Promise<CallList> {
  const response = await call(t.app, 'GET', `/api/calls${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CallList>();
}

async function callTitles(who: SignedInUser): Promise<string[]> {
  const rows = await t.app.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'call')));
  return rows.map((row) => row.title);
}

async function fullName(who: SignedInUser): Promise<string> {
  const [person] = await t.app.db.select().from(users).where(eq(users.id, who.id));
  return `${person!.firstName} ${person!.lastName}`;
}

/** Both parsers read the same event: the instant, the zone, the UID and the revision. */
function bothParsers(ics: string) {
  const first = readWithIcalJs(ics);
  expect(readWithNodeIcal(ics)).toEqual(first);
  return first;
}

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
    expect(await callTitles(expert)).toEqual([`${await fullName(client)} proposed a call`]);
    const [seen] = (await calls(expert)).calls;
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
    expect((await calls(client, `?contractId=${contract.id}`)).calls.map((c) => c.id)).toEqual([proposed.id]);
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
    const [clientView] = (await calls(client)).calls.filter((c) => c.id === proposed.id);
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
    const first = await calls(expert, '?limit=2');
    expect(first.calls.map((c) => c.id)).toEqual(made.slice(0, 2));
    const second = await calls(expert, `?limit=2&cursor=${first.nextCursor}`);
    expect(second).toEqual({ calls: [expect.objectContaining({ id: made[2] })], nextCursor: null });
    const crossed = await call(t.app, 'GET', `/api/calls?view=past&cursor=${first.nextCursor}`, expert);
    expect(crossed.statusCode).toBe(400);
  });
});

describe('moving, reminding, cancelling and notes', () => {
  async function confirmedCall() {
    const { client, expert } = await hiredContract(t.app);
    const now = clock.now();
    const proposed = await propose(
      t.app,
      client,
      proposal(expert, {
        slots: [wallClock(now, 'Europe/Paris', 3, 10), wallClock(now, 'Europe/Paris', 3, 15)],
      }),
    );
    const confirmed = await act(t.app, expert, proposed.id, 'confirm', {
      startsAt: proposed.offeredStarts[0],
    });
    return { client, expert, confirmed };
  }

  it('a move keeps the time until the new one is picked; the update replaces the event; reminders follow the new time', async () => {
    const { client, expert, confirmed } = await confirmedCall();
    const now = clock.now();
    const newSlots = [wallClock(now, 'Europe/Paris', 6, 10), wallClock(now, 'Europe/Paris', 6, 16)];
    const noReason = await call(t.app, 'POST', `/api/calls/${confirmed.id}/times`, expert, {
      timeZone: 'Europe/Paris',
      slots: newSlots,
    });
    expect([noReason.statusCode, message(noReason)]).toEqual([400, RESCHEDULE_REASON_REQUIRED]);
    const asked = await act(t.app, expert, confirmed.id, 'times', {
      timeZone: 'Europe/Paris',
      slots: newSlots,
      reason: 'The instrument is booked that morning.',
    });
    expect(asked).toMatchObject({
      status: 'confirmed',
      startsAt: confirmed.startsAt,
      rescheduleReason: 'The instrument is booked that morning.',
      actions: ['reschedule', 'cancel'],
    });
    const clientSees = await call(t.app, 'GET', `/api/calls/${confirmed.id}`, client);
    expect(clientSees.json<Call>().actions).toEqual(['confirm', 'reschedule', 'cancel']);
    const moved = await act(t.app, client, confirmed.id, 'confirm', { startsAt: asked.offeredStarts[1] });
    expect(moved).toMatchObject({
      startsAt: asked.offeredStarts[1],
      rescheduleReason: null,
      offeredStarts: [],
    });

    const [update] = await mailFor(t.app, expert.email);
    const parsed = bothParsers(update!.calendar!);
    expect(parsed).toMatchObject({ method: 'REQUEST', uid: `${confirmed.id}@sciwise`, sequence: 1 });
    expect(parsed.start.toISOString()).toBe(moved.startsAt);

    // Reminders: the first time's never fire; the new time's fire a day and a quarter-hour before.
    const start = new Date(moved.startsAt!).getTime();
    const before = await callTitles(client);
    clock.setTo(new Date(new Date(confirmed.startsAt!).getTime() - 10 * MINUTE));
    await t.app.jobs.runDue(100);
    expect(await callTitles(client)).toEqual(before);
    for (const minutes of CALL_REMINDER_MINUTES) {
      clock.setTo(new Date(start - minutes * MINUTE));
      await t.app.jobs.runDue(100);
    }
    const reminders = (await callTitles(client)).filter((title) => title.startsWith('Your call starts'));
    expect(reminders).toEqual(['Your call starts tomorrow', 'Your call starts in 15 minutes']);
    expect((await callTitles(expert)).filter((title) => title.startsWith('Your call starts'))).toHaveLength(
      2,
    );
    const [reminderMail] = await mailFor(t.app, expert.email);
    expect(reminderMail!.text).toContain(moved.meetingUrl);
  });

  it('notes open once the call starts and both read them; the past view lists it', async () => {
    const { client, expert, confirmed } = await confirmedCall();
    const early = await put(t.app, `/api/calls/${confirmed.id}/notes`, client, { notes: 'Agreed n = 6.' });
    expect([early.statusCode, message(early)]).toEqual([409, 'Notes open once the call has started.']);
    clock.setTo(new Date(new Date(confirmed.startsAt!).getTime() + 5 * MINUTE));
    const saved = await put(t.app, `/api/calls/${confirmed.id}/notes`, client, {
      notes: 'Agreed n = 6 per arm.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.setTo(new Date(confirmed.endsAt!));
    const [past] = (await calls(expert, '?view=past')).calls.filter((c) => c.id === confirmed.id);
    expect(past).toMatchObject({
      notes: { text: 'Agreed n = 6 per arm.', updatedBy: { id: client.id } },
      actions: ['edit_notes'],
    });
    const tooLate = await call(t.app, 'POST', `/api/calls/${confirmed.id}/cancel`, client, {
      reason: 'Changed my mind',
    });
    expect(tooLate.statusCode).toBe(409);
  });

  it('cancelling sends the cancellation calendars apply, with the reason', async () => {
    const { client, expert, confirmed } = await confirmedCall();
    const cancelled = await act(t.app, client, confirmed.id, 'cancel', {
      reason: 'The samples were delayed.',
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      actions: [],
      cancellation: { by: { id: client.id }, reason: 'The samples were delayed.' },
    });
    const [mail] = await mailFor(t.app, expert.email);
    expect(mail!.text).toContain('The samples were delayed.');
    expect(bothParsers(mail!.calendar!)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: `${confirmed.id}@sciwise`,
      sequence: 1,
    });
    expect((await calls(expert, '?view=cancelled')).calls.map((c) => c.id)).toContain(confirmed.id);
    expect((await calls(expert)).calls.map((c) => c.id)).not.toContain(confirmed.id);
    const again = await call(t.app, 'POST', `/api/calls/${confirmed.id}/confirm`, expert, {
      startsAt: confirmed.startsAt,
    });
    expect([again.statusCode, message(again)]).toEqual([409, 'This call was cancelled.']);
    // The canceller reads their own sentence, with the same cancellation for their calendar.
    const [own] = await mailFor(t.app, client.email);
    expect(own!.subject).toMatch(/^You cancelled the call/);
    expect(bothParsers(own!.calendar!)).toMatchObject({ method: 'CANCEL', sequence: 1 });
    // Its reminders stay silent.
    clock.setTo(new Date(new Date(confirmed.startsAt!).getTime() - 10 * MINUTE));
    await t.app.jobs.runDue(100);
    expect((await callTitles(expert)).filter((title) => title.startsWith('Your call starts'))).toEqual([]);
  });

  it('of two picks at once, one books the call and the other is refused', async () => {
    const { client, expert } = await hiredContract(t.app);
    const now = clock.now();
    const proposed = await propose(
      t.app,
      client,
      proposal(expert, { slots: [wallClock(now, 'UTC', 2, 9), wallClock(now, 'UTC', 2, 10)] }),
    );
    // Two tabs, one time each: the row lock lets one through; the other finds nothing left to pick.
    const answers = await Promise.all(
      proposed.offeredStarts.map((startsAt) =>
        call(t.app, 'POST', `/api/calls/${proposed.id}/confirm`, expert, { startsAt }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json<Call>();
    const after = (await call(t.app, 'GET', `/api/calls/${proposed.id}`, client)).json<Call>();
    expect(after).toMatchObject({ status: 'confirmed', startsAt: winner.startsAt });
    expect((await mailFor(t.app, client.email)).filter((mail) => mail.calendar !== null)).toHaveLength(1);
  });

  it('a move still waiting when the call has taken place can no longer be picked', async () => {
    const { client, expert, confirmed } = await confirmedCall();
    const now = clock.now();
    const asked = await act(t.app, expert, confirmed.id, 'times', {
      timeZone: 'UTC',
      slots: [wallClock(now, 'UTC', 9, 9), wallClock(now, 'UTC', 9, 10)],
      reason: 'A conflict came up.',
    });
    clock.setTo(new Date(confirmed.endsAt!));
    const seen = (await call(t.app, 'GET', `/api/calls/${confirmed.id}`, client)).json<Call>();
    expect(seen.actions).toEqual(['edit_notes']);
    const late = await call(t.app, 'POST', `/api/calls/${confirmed.id}/confirm`, client, {
      startsAt: asked.offeredStarts[0],
    });
    expect([late.statusCode, message(late)]).toEqual([409, 'This call has already taken place.']);
  });

  it('closing an account calls off its calls ahead and sends the other person the cancellation', async () => {
    const { client, expert, confirmed } = await confirmedCall();
    const closed = await call(t.app, 'DELETE', '/api/me', expert, { password: expert.password });
    expect(closed.statusCode, closed.body).toBe(200);
    const seen = (await call(t.app, 'GET', `/api/calls/${confirmed.id}`, client)).json<Call>();
    expect(seen).toMatchObject({ status: 'cancelled', cancellation: { by: { name: 'Sciwise' } } });
    expect(seen.cancellation!.reason).toMatch(/closed their Sciwise account\.$/);
    const [mail] = await mailFor(t.app, client.email);
    expect(bothParsers(mail!.calendar!)).toMatchObject({ method: 'CANCEL', uid: `${confirmed.id}@sciwise` });
  });

  it('declining a proposal tells the proposer, without a calendar part', async () => {
    const { client, expert } = await hiredContract(t.app);
    const now = clock.now();
    const proposed = await propose(
      t.app,
      client,
      proposal(expert, { slots: [wallClock(now, 'UTC', 2, 9), wallClock(now, 'UTC', 2, 10)] }),
    );
    await act(t.app, expert, proposed.id, 'cancel', { reason: 'I am away that week.' });
    expect(await callTitles(client)).toContain(`${await fullName(expert)} declined the call`);
    const [mail] = await mailFor(t.app, client.email);
    expect(mail!.calendar).toBeNull();
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
