import {
  CALL_DURATIONS,
  CALL_SLOTS_MAX,
  CALL_SLOTS_MIN,
  callProposalRequestSchema,
  type CallProposalRequest,
} from '@sciwise/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { aCall } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST, renderPage, stubDialogs } from '../../test/support.tsx';
import { durationLabel } from './format.ts';
import { ScheduleCallButton } from './schedule-call-button.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DANA = '00000000-0000-4000-8000-0000000000d2';
const CONTRACT = '00000000-0000-4000-8000-0000000000c1';

/** The workspace's button: Dana on the contract; the dialog opens from it. */
function openDialog() {
  renderPage(
    <ToastProvider>
      <ScheduleCallButton withPerson={{ id: DANA, name: 'Dana Whitfield' }} contractId={CONTRACT} />
    </ToastProvider>,
  );
  const opener = screen.getByRole('button', { name: 'Schedule a call' });
  opener.focus();
  fireEvent.click(opener);
  return within(screen.getByRole('dialog', { name: 'Propose a call with Dana Whitfield' }));
}

/** The contract's own message for a field of an otherwise valid proposal. */
function contractMessage(change: Partial<CallProposalRequest>, field: string) {
  const valid: CallProposalRequest = {
    withUserId: DANA,
    topic: 'Plan',
    agenda: 'Agenda',
    durationMinutes: 30,
    timeZone: 'UTC',
    slots: ['2026-05-01T10:00', '2026-05-02T10:00'],
  };
  const issues = callProposalRequestSchema.safeParse({ ...valid, ...change }).error?.issues ?? [];
  return issues.find((issue) => issue.path.join('.') === field)!.message;
}

function fillValidProposal(dialog: ReturnType<typeof within>) {
  fireEvent.change(dialog.getByRole('textbox', { name: 'Topic' }), {
    target: { value: '  Walk through the analysis plan  ' },
  });
  fireEvent.change(dialog.getByRole('textbox', { name: 'Agenda' }), {
    target: { value: 'Which covariates to adjust for.' },
  });
  fireEvent.change(dialog.getByRole('combobox', { name: 'Length' }), { target: { value: '45' } });
  fireEvent.change(dialog.getByRole('combobox', { name: 'Time zone' }), {
    target: { value: 'Europe/London' },
  });
  fireEvent.change(dialog.getByLabelText('Time 1'), { target: { value: '2026-05-04T15:00' } });
  fireEvent.change(dialog.getByLabelText('Time 2'), { target: { value: '2026-05-05T09:30' } });
}

describe('proposing a call', PAGE_TEST, () => {
  it('offers the contract’s lengths and the device’s time zone, and up to the contract’s number of times', () => {
    fakeApi({});
    const dialog = openDialog();
    const length = dialog.getByRole('combobox', { name: 'Length' }) as HTMLSelectElement;
    expect([...length.options].map((option) => option.textContent)).toEqual(
      CALL_DURATIONS.map(durationLabel),
    );
    const zone = dialog.getByRole('combobox', { name: 'Time zone' }) as HTMLSelectElement;
    expect(zone.value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zone.selectedOptions[0]!.textContent).toContain('(this device)');
    expect(within(zone).getByRole('option', { name: 'America/New York' })).toBeTruthy();

    const times = () => dialog.getAllByLabelText(/^Time \d$/);
    expect(times()).toHaveLength(CALL_SLOTS_MIN);
    expect(dialog.queryByRole('button', { name: /^Remove time/ })).toBeNull();
    while (times().length < CALL_SLOTS_MAX)
      fireEvent.click(dialog.getByRole('button', { name: 'Add another time' }));
    expect(dialog.queryByRole('button', { name: 'Add another time' })).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: `Remove time ${CALL_SLOTS_MAX}` }));
    expect(times()).toHaveLength(CALL_SLOTS_MAX - 1);
    // Rooms on the default video service are open to whoever has the link: no promise of privacy.
    const linkHint = dialog.getByText(/Leave it empty and Sciwise creates/).textContent;
    expect(linkHint).toContain(
      'Sciwise creates a video-room link with a name nobody can guess, shared only with the two of you.',
    );
    expect(linkHint).not.toMatch(/private/i);
  });

  it('checks the form with the contract before sending anything', async () => {
    const calls = fakeApi({});
    const dialog = openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Propose call' }));

    expect(await dialog.findByText(contractMessage({ topic: '' }, 'topic'))).toBeTruthy();
    expect(dialog.getByText(contractMessage({ agenda: '' }, 'agenda'))).toBeTruthy();
    const firstTime = dialog.getByLabelText('Time 1');
    expect(firstTime.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(firstTime.getAttribute('aria-describedby')!)!.textContent).toBe(
      contractMessage({ slots: ['', '2026-05-02T10:00'] }, 'slots.0'),
    );

    // The same time twice, and a link that is not https.
    fillValidProposal(dialog);
    fireEvent.change(dialog.getByLabelText('Time 2'), { target: { value: '2026-05-04T15:00' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Meeting link (optional)' }), {
      target: { value: 'http://zoom.example/j/1' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose call' }));
    expect(
      await dialog.findByText(contractMessage({ meetingUrl: 'http://zoom.example/j/1' }, 'meetingUrl')),
    ).toBeTruthy();
    expect(
      dialog.getByText(contractMessage({ slots: ['2026-05-01T10:00', '2026-05-01T10:00'] }, 'slots')),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the proposal as the contract reads it, with the contract, and closes once proposed', async () => {
    const calls = fakeApi({ 'POST /api/calls': () => Response.json(aCall(), { status: 201 }) });
    const dialog = openDialog();
    fillValidProposal(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Propose call' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/calls',
        body: {
          withUserId: DANA,
          contractId: CONTRACT,
          topic: 'Walk through the analysis plan',
          agenda: 'Which covariates to adjust for.',
          durationMinutes: 45,
          timeZone: 'Europe/London',
          // No meeting link typed: none sent, the server makes a room with a name nobody can guess.
          slots: ['2026-05-04T15:00', '2026-05-05T09:30'],
        },
      },
    ]);
    expect(screen.getByText(/Call proposed\. Dana Whitfield picks one of your times/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Schedule a call' }));
  });

  it('shows the server’s refusal in the dialog, under the time it names when it names one', async () => {
    const gap = 'There is no 01:30 on 29 March 2026 in Europe/London: the clocks go forward then.';
    let refusal: Response = Response.json(
      { message: 'You can only schedule calls with people you work with.', code: 'forbidden' },
      { status: 403 },
    );
    fakeApi({ 'POST /api/calls': () => refusal });
    const dialog = openDialog();
    fillValidProposal(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Propose call' }));
    expect((await dialog.findByRole('alert')).textContent).toContain(
      'You can only schedule calls with people you work with.',
    );

    refusal = Response.json(
      { message: gap, code: 'invalid_input', details: [{ field: 'slots.1', message: gap }] },
      { status: 400 },
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Propose call' }));
    const secondTime = dialog.getByLabelText('Time 2');
    await waitFor(() => expect(secondTime.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(secondTime.getAttribute('aria-describedby')!)!.textContent).toBe(gap);
    expect(document.activeElement).toBe(secondTime);
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
