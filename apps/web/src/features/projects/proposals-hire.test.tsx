import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aQuote, someTerms } from '../../test/fixtures.ts';
import { PAGE_TEST, fakeApi, renderPage, stubDialogs } from '../../test/support.tsx';
import { ProposalsPage } from './proposals-page.tsx';

const quote = aQuote();
const terms = someTerms;

beforeEach(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openHireDialog() {
  const calls = fakeApi({
    'GET /api/quotes/received': { quotes: [quote] },
    'GET /api/payments/terms': terms,
    'POST /api/quotes/q-1/accept': { contractId: 'c-9', quote: { ...quote, status: 'accepted' } },
  });
  renderPage(<ProposalsPage />, '/profile/proposals');
  const card = await screen.findByLabelText('Quote from Dana Whitfield');
  fireEvent.click(within(card).getByRole('button', { name: 'Accept and hire' }));
  const dialog = await screen.findByRole('dialog', { name: 'Hire Dana Whitfield' });
  await within(dialog).findByText('Total you will pay');
  return { calls, dialog };
}

const accepted = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/quotes/q-1/accept');

describe('hiring from the quote comparison', PAGE_TEST, () => {
  it('shows the milestones, the fee per funding, the total and the terms before anything is sent', async () => {
    const { calls, dialog } = await openHireDialog();
    const text = dialog.textContent ?? '';
    expect(text).toContain('1. Analysis plan');
    expect(text).toContain('Names the statistical tests');
    expect(text).toContain('Funding it costs $1,575.00: $1,500.00 plus $75.00 fee');
    expect(text).toContain('Funding it costs $3,150.00: $3,000.00 plus $150.00 fee');
    const figure = (term: string) => within(dialog).getByText(term).nextElementSibling?.textContent;
    expect(figure('Price of the work')).toBe('$4,500.00');
    expect(figure('Marketplace fee (5%, paid as you fund)')).toBe('$225.00');
    expect(figure('Total you will pay')).toBe('$4,725.00');
    expect(text).toContain('automatically 14 days after Dana submits it');
    expect(text).toContain('full refund of what you paid for it, fee included');
    expect(text).toContain('open a dispute');
    expect(within(dialog).getByRole('button', { name: 'Hire Dana for $4,500.00' })).toBeTruthy();
    expect(accepted(calls)).toHaveLength(0);
  });

  it('cancelling sends nothing', async () => {
    const { calls, dialog } = await openHireDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(accepted(calls)).toHaveLength(0);
    expect(screen.getByText('Accept and hire')).toBeTruthy();
  });

  it('confirming accepts the terms as seen and opens the workspace', async () => {
    const { calls, dialog } = await openHireDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hire Dana for $4,500.00' }));
    expect(await screen.findByText('Landed on /profile/workspace/c-9')).toBeTruthy();
    expect(accepted(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/quotes/q-1/accept',
        body: {
          seenUpdatedAt: quote.updatedAt,
          seenTerms: {
            clientFeeBps: terms.clientFeeBps,
            expertFeeBps: terms.expertFeeBps,
            autoReleaseDays: terms.autoReleaseDays,
          },
        },
      },
    ]);
  });
});
