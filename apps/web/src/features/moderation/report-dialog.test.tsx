import {
  REPORT_DETAILS_MAX,
  REPORT_RECEIVED,
  reportReasonLabels,
  reportReasons,
  reportRequestSchema,
  type ReportReceipt,
} from '@sciwise/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, PAGE_TEST, renderPage, stubDialogs } from '../../test/support.tsx';
import type { ReportTarget } from './queries.ts';
import { ReportDialog } from './report-dialog.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What a page does: a Report button that opens the dialog, and the dialog gone once closed. */
function Harness({ target }: { target: ReportTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Report
      </button>
      {open && <ReportDialog target={target} onClosed={() => setOpen(false)} />}
    </>
  );
}

function openDialog(target: ReportTarget) {
  renderPage(<Harness target={target} />);
  fireEvent.click(screen.getByRole('button', { name: 'Report' }));
  return screen.getByRole('dialog');
}

const receipt = (created: boolean): ReportReceipt => ({
  id: 'r-1',
  status: 'open',
  createdAt: '2026-11-24T10:00:00.000Z',
  created,
});

// The contract's own message for a report without a reason.
const reasonRequired = reportRequestSchema
  .safeParse({})
  .error!.issues.find((issue) => issue.path[0] === 'reason')!.message;

describe('the report dialog', PAGE_TEST, () => {
  it('offers every reason in the contract’s words and asks for one before sending anything', async () => {
    const calls = fakeApi({});
    const dialog = openDialog({ subject: 'project', id: 'p-1' });
    expect(within(dialog).getByRole('heading', { name: 'Report this project' })).toBeTruthy();
    const group = within(dialog).getByRole('group', { name: 'Why are you reporting this project?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual(reportReasons.map((reason) => reportReasonLabels[reason]));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(reasonRequired)).toBeTruthy();
    // The details are counted against the contract's limit, and too many are refused before sending.
    const details = within(dialog).getByRole('textbox', { name: 'Details (optional)' });
    expect(within(dialog).getByText(`0 / ${REPORT_DETAILS_MAX}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: reportReasonLabels.spam }));
    fireEvent.change(details, { target: { value: 'x'.repeat(REPORT_DETAILS_MAX + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText(`The details can have at most ${REPORT_DETAILS_MAX} characters.`),
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the reason and details to the project’s report address, then thanks the member', async () => {
    const calls = fakeApi({
      'POST /api/projects/p-1/report': () => Response.json(receipt(true), { status: 201 }),
    });
    const dialog = openDialog({ subject: 'project', id: 'p-1' });
    fireEvent.click(within(dialog).getByRole('radio', { name: reportReasonLabels.off_platform }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: '  The brief asks experts to e-mail a private address and pay by bank transfer.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText(REPORT_RECEIVED)).toBeTruthy();
    expect(within(dialog).getByText('Report sent')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/projects/p-1/report',
        body: {
          reason: 'off_platform',
          details: 'The brief asks experts to e-mail a private address and pay by bank transfer.',
        },
      },
    ]);
    // The form is gone; Done has the focus and closes the dialog.
    expect(within(dialog).queryByRole('button', { name: 'Send report' })).toBeNull();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(document.activeElement).toBe(done);
    fireEvent.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports a message with its reason alone, and says when the member had reported it already', async () => {
    const calls = fakeApi({ 'POST /api/messages/m-1/report': receipt(false) });
    const dialog = openDialog({ subject: 'message', id: 'm-1' });
    expect(within(dialog).getByRole('heading', { name: 'Report this message' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: reportReasonLabels.harassment }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByText('You had already reported this message')).toBeTruthy();
    expect(within(dialog).getByText(/Your first report stands/)).toBeTruthy();
    expect(within(dialog).getByText(REPORT_RECEIVED)).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/messages/m-1/report', body: { reason: 'harassment' } },
    ]);
  });

  it('shows the server’s refusal in the dialog and keeps the form open to try again', async () => {
    const refusal = 'Moderators have already removed this message.';
    fakeApi({
      'POST /api/messages/m-1/report': () =>
        Response.json({ message: refusal, code: 'conflict' }, { status: 409 }),
    });
    const dialog = openDialog({ subject: 'message', id: 'm-1' });
    fireEvent.click(within(dialog).getByRole('radio', { name: reportReasonLabels.other }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(refusal);
    expect(within(dialog).queryByText(REPORT_RECEIVED)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeTruthy();
    // Cancel closes it, nothing reported.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
