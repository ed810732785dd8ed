import {
  RESCHEDULE_REASON_REQUIRED,
  callActions,
  callCancelRequestSchema,
  callConfirmRequestSchema,
  type CallAction,
} from '@sciwise/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCall } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST } from '../../test/support.tsx';
import { confirmed, holdTheCardClock, LONDON, renderCard } from './card-test-setup.tsx';

holdTheCardClock();

const buttonNames = (card: { queryAllByRole: (role: 'button') => HTMLElement[] }) =>
  card.queryAllByRole('button').map((button) => button.textContent);

describe('a call card', PAGE_TEST, () => {
  it('offers exactly the actions the server lists, each alone', () => {
    fakeApi({});
    const expected: Record<CallAction, string[]> = {
      confirm: ['Confirm this time'],
      propose_times: ['Offer other times'],
      reschedule: ['Reschedule'],
      cancel: ['Decline'],
      edit_notes: ['Save notes'],
    };
    for (const action of callActions) {
      const card = renderCard(aCall({ actions: [action] }));
      expect(buttonNames(card)).toEqual(expected[action]);
      expect(card.queryAllByRole('radio').length > 0).toBe(action === 'confirm');
      expect(card.queryByRole('textbox', { name: 'Shared notes' }) !== null).toBe(action === 'edit_notes');
      cleanup();
    }
    const nothing = renderCard(aCall({ actions: [] }));
    expect(buttonNames(nothing)).toEqual([]);
    // Without the right to pick, the times are a plain list.
    expect(nothing.getByRole('list', { name: 'Times offered' })).toBeTruthy();
  });

  it('shows the offered times in the viewer’s zone and the offerer’s, marks the answer as awaited', () => {
    fakeApi({});
    const card = renderCard(aCall());
    expect(card.getByText('Awaiting your answer')).toBeTruthy();
    expect(card.getByText('Proposed')).toBeTruthy();
    const group = card.getByRole('group', { name: 'Pick a time' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual([
      'Tue 3 Mar, 15:00–15:30 (GMT) · 10:00 in America/New_York',
      'Tue 3 Mar, 16:30–17:00 (GMT) · 11:30 in America/New_York',
    ]);
    cleanup();

    // The same call for someone in Tokyo: their own day and clock, the offerer’s day named.
    const tokyo = renderCard(aCall(), 'Asia/Tokyo');
    expect(tokyo.getAllByRole('radio')[0]!.closest('label')!.textContent).toBe(
      'Wed 4 Mar, 00:00–00:30 (GMT+9) · Tue 3 Mar, 10:00 in America/New_York',
    );
  });

  it('asks for a time before confirming, then sends the one picked exactly as the server sent it', async () => {
    const calls = fakeApi({
      'POST /api/calls/call-1/confirm': (body: { startsAt: string }) =>
        confirmed({ startsAt: body.startsAt, endsAt: '2026-03-03T17:00:00.000Z' }),
    });
    const card = renderCard(aCall());
    fireEvent.click(card.getByRole('button', { name: 'Confirm this time' }));
    const required = callConfirmRequestSchema.safeParse({ startsAt: '' }).error!.issues[0]!.message;
    // Announced at once, and describing the group of times it is about.
    const problem = card.getByRole('alert');
    expect(problem.textContent).toBe(required);
    expect(card.getByRole('group', { name: 'Pick a time' }).getAttribute('aria-describedby')).toBe(
      problem.id,
    );
    expect(calls).toEqual([]);

    fireEvent.click(card.getByRole('radio', { name: /^Tue 3 Mar, 16:30/ }));
    fireEvent.click(card.getByRole('button', { name: 'Confirm this time' }));
    expect(await screen.findByText('Call confirmed for Tue 3 Mar, 16:30–17:00 (GMT).')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/calls/call-1/confirm',
        body: { startsAt: '2026-03-03T16:30:00.000Z' },
      },
    ]);
  });

  it('marks an offered time that has begun as passed, and it cannot be picked', async () => {
    const calls = fakeApi({
      'POST /api/calls/call-1/confirm': (body: { startsAt: string }) =>
        confirmed({ startsAt: body.startsAt, endsAt: '2026-03-03T17:00:00.000Z' }),
    });
    // The first time starts this very minute: the server would refuse it.
    const card = renderCard(aCall(), LONDON, new Date('2026-03-03T15:00:00.000Z'));
    const [first, second] = card.getAllByRole('radio') as HTMLInputElement[];
    expect(first!.disabled).toBe(true);
    expect(first!.closest('label')!.textContent).toBe(
      'Tue 3 Mar, 15:00–15:30 (GMT) · 10:00 in America/New_York Passed',
    );
    expect(second!.disabled).toBe(false);
    expect(second!.closest('label')!.textContent).not.toContain('Passed');

    // Asked to pick, the viewer lands on the first time still open.
    fireEvent.click(card.getByRole('button', { name: 'Confirm this time' }));
    expect(card.getByRole('alert')).toBeTruthy();
    expect(document.activeElement).toBe(second);
    fireEvent.click(second!);
    fireEvent.click(card.getByRole('button', { name: 'Confirm this time' }));
    expect(await screen.findByText('Call confirmed for Tue 3 Mar, 16:30–17:00 (GMT).')).toBeTruthy();
    expect(calls.map((call) => call.body)).toEqual([{ startsAt: '2026-03-03T16:30:00.000Z' }]);
  });

  it('says when every offered time has passed, and points to offering other times', () => {
    const calls = fakeApi({});
    const card = renderCard(aCall(), LONDON, new Date('2026-03-03T16:30:00.000Z'));
    const radios = card.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.disabled)).toEqual([true, true]);
    expect(card.queryByRole('button', { name: 'Confirm this time' })).toBeNull();
    expect(
      card.getByText(
        'All of these times have passed. Use “Offer other times” below to send Dana Whitfield times of your own.',
      ),
    ).toBeTruthy();
    expect(card.getByRole('button', { name: 'Offer other times' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows a booked call’s time with Join call in a new tab and Add to calendar, until it has ended', () => {
    fakeApi({});
    const card = renderCard(confirmed());
    expect(card.getByText('Confirmed')).toBeTruthy();
    expect(card.getByText('Tue 3 Mar, 15:00–15:30 (GMT)')).toBeTruthy();
    const join = card.getByRole('link', { name: 'Join call (opens in a new tab)' });
    expect(join.getAttribute('href')).toBe('https://meet.sciwise.test/r/abc123');
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toBe('noopener noreferrer');
    expect(card.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/api/calls/call-1/calendar.ics',
    );
    expect(buttonNames(card)).toEqual(['Reschedule', 'Cancel call']);
    cleanup();

    const notes = {
      text: 'Adjust for age and stage.\nDana sends the figures on Friday.',
      updatedAt: '2026-03-03T15:40:00.000Z',
      updatedBy: { id: 'u-2', name: 'Dana Whitfield' },
    };
    const past = renderCard(confirmed({ actions: [], notes }), LONDON, new Date('2026-03-04T09:00:00.000Z'));
    expect(past.getByText('Ended')).toBeTruthy();
    expect(past.queryByRole('link', { name: /Join call/ })).toBeNull();
    expect(past.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    // Notes the viewer may no longer edit read as text.
    expect(past.getByText(/Dana sends the figures on Friday\./)).toBeTruthy();
    expect(past.queryByRole('textbox')).toBeNull();
  });

  it('shows a booked time on the viewer’s clock and on the clock of the zone it was booked in', () => {
    fakeApi({});
    const card = renderCard(confirmed({ timeZone: 'America/New_York' }));
    const booked = card.getByText('Tue 3 Mar, 15:00–15:30 (GMT)').parentElement!;
    expect(booked.textContent).toBe('Tue 3 Mar, 15:00–15:30 (GMT) · 10:00 in America/New_York');
    cleanup();
    // Someone in the zone it was booked in reads one clock only.
    const there = renderCard(confirmed({ timeZone: 'America/New_York' }), 'America/New_York');
    expect(there.getByText('Tue 3 Mar, 10:00–10:30 (GMT-5)').parentElement!.textContent).toBe(
      'Tue 3 Mar, 10:00–10:30 (GMT-5)',
    );
  });

  it('shows why a booked call is moving, and lets the other side pick one of the new times', () => {
    fakeApi({});
    const card = renderCard(
      confirmed({
        offeredStarts: ['2026-03-05T15:00:00.000Z', '2026-03-06T15:00:00.000Z'],
        offeredBy: { id: 'u-2', name: 'Dana Whitfield' },
        offeredTimeZone: 'America/New_York',
        rescheduleReason: 'The sequencing results arrive a day late.',
        actions: ['confirm', 'reschedule', 'cancel'],
      }),
    );
    expect(card.getByText('The sequencing results arrive a day late.')).toBeTruthy();
    expect(card.getByText(/Dana Whitfield asks to move this call/)).toBeTruthy();
    expect(card.getByText('Tue 3 Mar, 15:00–15:30 (GMT)')).toBeTruthy();
    expect(within(card.getByRole('group', { name: 'Pick a new time' })).getAllByRole('radio')).toHaveLength(
      2,
    );
  });

  it('says who cancelled a call and why, and offers nothing more', () => {
    fakeApi({});
    const card = renderCard(
      aCall({
        status: 'cancelled',
        offeredStarts: [],
        offeredBy: null,
        offeredTimeZone: null,
        actions: [],
        cancellation: {
          by: { id: 'u-2', name: 'Dana Whitfield' },
          reason: 'We settled it by message.',
          at: '2026-03-01T10:00:00.000Z',
        },
      }),
    );
    expect(card.getByText('Cancelled')).toBeTruthy();
    expect(card.getByText(/Cancelled by Dana Whitfield on/)).toBeTruthy();
    expect(card.getByText('We settled it by message.')).toBeTruthy();
    expect(buttonNames(card)).toEqual([]);
  });

  it('asks for a reason before moving a booked call, then sends the new times with it', async () => {
    const calls = fakeApi({ 'POST /api/calls/call-1/times': confirmed() });
    const card = renderCard(confirmed());
    fireEvent.click(card.getByRole('button', { name: 'Reschedule' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reschedule the call' }));
    expect(
      dialog.getByText(/The call stays at Tue 3 Mar, 15:00–15:30 \(GMT\) until Dana Whitfield/),
    ).toBeTruthy();
    fireEvent.change(dialog.getByRole('combobox', { name: 'Time zone' }), {
      target: { value: 'America/New_York' },
    });
    fireEvent.change(dialog.getByLabelText('Time 1'), { target: { value: '2026-03-05T10:00' } });
    fireEvent.change(dialog.getByLabelText('Time 2'), { target: { value: '2026-03-06T10:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask to reschedule' }));
    expect(await dialog.findByText(RESCHEDULE_REASON_REQUIRED)).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Why are you moving it?' }), {
      target: { value: 'The sequencing results arrive a day late.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask to reschedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/calls/call-1/times',
        body: {
          timeZone: 'America/New_York',
          slots: ['2026-03-05T10:00', '2026-03-06T10:00'],
          reason: 'The sequencing results arrive a day late.',
        },
      },
    ]);
  });

  it('answers a proposal with other times without a reason', async () => {
    const calls = fakeApi({ 'POST /api/calls/call-1/times': aCall({ offeredByMe: true, actions: [] }) });
    const card = renderCard(aCall());
    fireEvent.click(card.getByRole('button', { name: 'Offer other times' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Offer other times' }));
    expect(
      dialog.getByText(
        /None of the times suit you\? Offer your own; Dana Whitfield picks one of them instead\./,
      ),
    ).toBeTruthy();
    expect(dialog.queryByRole('textbox', { name: 'Why are you moving it?' })).toBeNull();
    fireEvent.change(dialog.getByRole('combobox', { name: 'Time zone' }), {
      target: { value: 'Europe/London' },
    });
    fireEvent.change(dialog.getByLabelText('Time 1'), { target: { value: '2026-03-05T15:00' } });
    fireEvent.change(dialog.getByLabelText('Time 2'), { target: { value: '2026-03-05T16:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Offer these times' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((call) => call.body)).toEqual([
      { timeZone: 'Europe/London', slots: ['2026-03-05T15:00', '2026-03-05T16:00'] },
    ]);
  });

  it('tells the person who offered the times that new ones replace their own offer', () => {
    fakeApi({});
    const card = renderCard(
      aCall({
        offeredByMe: true,
        offeredBy: { id: 'u-9', name: 'Ada Fischer' },
        actions: ['propose_times', 'cancel'],
      }),
    );
    fireEvent.click(card.getByRole('button', { name: 'Offer other times' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Offer other times' }));
    expect(
      dialog.getByText(
        /These replace the times you offered; Dana Whitfield picks one of the new ones instead\./,
      ),
    ).toBeTruthy();
    expect(dialog.queryByText(/None of the times suit you/)).toBeNull();
  });

  it('declines with a reason the other side reads', async () => {
    const calls = fakeApi({ 'POST /api/calls/call-1/cancel': aCall({ status: 'cancelled', actions: [] }) });
    const card = renderCard(aCall());
    fireEvent.click(card.getByRole('button', { name: 'Decline' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Decline the call' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Decline call' }));
    const required = callCancelRequestSchema.safeParse({ reason: '' }).error!.issues[0]!.message;
    expect(await dialog.findByText(required)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason for Dana Whitfield' }), {
      target: { value: 'I am away that week.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline call' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([
      { method: 'POST', path: '/api/calls/call-1/cancel', body: { reason: 'I am away that week.' } },
    ]);
  });
});
