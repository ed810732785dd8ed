import { CALL_REMINDER_MINUTES, RESCHEDULE_REASON_REQUIRED, type Call } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.ts';
import { hiredContract } from '../factories.ts';
import { call, put } from '../support/requests.ts';
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

/* A booked call moved, reminded of, cancelled, noted, picked twice at once, and left behind. */

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
    const before = await callTitles(t.app, client);
    clock.setTo(new Date(new Date(confirmed.startsAt!).getTime() - 10 * MINUTE));
    await t.app.jobs.runDue(100);
    expect(await callTitles(t.app, client)).toEqual(before);
    for (const minutes of CALL_REMINDER_MINUTES) {
      clock.setTo(new Date(start - minutes * MINUTE));
      await t.app.jobs.runDue(100);
    }
    const reminders = (await callTitles(t.app, client)).filter((title) =>
      title.startsWith('Your call starts'),
    );
    expect(reminders).toEqual(['Your call starts tomorrow', 'Your call starts in 15 minutes']);
    expect(
      (await callTitles(t.app, expert)).filter((title) => title.startsWith('Your call starts')),
    ).toHaveLength(2);
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
    const [past] = (await callList(t.app, expert, '?view=past')).calls.filter((c) => c.id === confirmed.id);
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
    expect((await callList(t.app, expert, '?view=cancelled')).calls.map((c) => c.id)).toContain(confirmed.id);
    expect((await callList(t.app, expert)).calls.map((c) => c.id)).not.toContain(confirmed.id);
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
    expect((await callTitles(t.app, expert)).filter((title) => title.startsWith('Your call starts'))).toEqual(
      [],
    );
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
    expect(await callTitles(t.app, client)).toContain(`${await fullName(t.app, expert)} declined the call`);
    const [mail] = await mailFor(t.app, client.email);
    expect(mail!.calendar).toBeNull();
  });
});
