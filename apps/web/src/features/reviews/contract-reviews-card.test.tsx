import type { ContractReviewState } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testContract } from '../../test/test-contract.ts';
import { ContractReviewsCard } from './contract-reviews-card.tsx';

beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open: ContractReviewState = {
  contractId: 'c-1',
  role: 'client',
  window: 'open',
  deadline: '2026-03-16T09:00:00.000Z',
  canWrite: true,
  writesCategories: true,
  otherName: 'Grace Expert',
  mine: null,
  theirs: null,
  otherHasWritten: false,
};

function renderCard(answers: ContractReviewState[]) {
  const sent: unknown[] = [];
  let call = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)));
      const body = answers[Math.min(call++, answers.length - 1)];
      return new Response(JSON.stringify(body), {
        status: init?.method === 'POST' ? 201 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const contract = { ...testContract(), status: 'completed' as const, role: 'client' as const };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ContractReviewsCard contract={contract} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('the workspace review card', () => {
  it('asks for the stars the contract requires, then sends the rating, categories and text', async () => {
    const mine = {
      id: 'r-1',
      authorSide: 'client' as const,
      authorName: 'Ada C.',
      rating: 4,
      categories: { quality: 5, communication: 4, timeliness: 3 },
      text: 'Careful work, explained clearly.',
      createdAt: '2026-03-02T09:00:00.000Z',
      publishedAt: null,
      seeded: false,
      reply: null,
    };
    const sent = renderCard([open, { ...open, canWrite: false, mine }]);
    const card = await screen.findByRole('region', { name: 'Leave a review' });
    expect(card.textContent).toContain('A review cannot be changed once submitted.');
    fireEvent.click(within(card).getByRole('button', { name: 'Submit review' }));
    expect(card.textContent).toContain('Choose an overall rating from 1 to 5 stars.');
    expect(card.textContent).toContain('Choose the quality of work from 1 to 5 stars.');
    expect(sent).toEqual([]);

    const group = (name: string) => within(card).getByRole('group', { name });
    fireEvent.click(
      within(group('Overall, how was working with Grace Expert?')).getByRole('radio', { name: /^4 stars/ }),
    );
    fireEvent.click(within(group('Quality of work')).getByRole('radio', { name: /^5 stars/ }));
    fireEvent.click(within(group('Communication')).getByRole('radio', { name: /^4 stars/ }));
    fireEvent.click(within(group('Timeliness')).getByRole('radio', { name: /^3 stars/ }));
    fireEvent.change(within(card).getByRole('textbox', { name: 'Your review' }), {
      target: { value: 'Careful work, explained clearly.' },
    });
    expect(card.textContent).toContain('32 / 1000');
    fireEvent.click(within(card).getByRole('button', { name: 'Submit review' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          rating: 4,
          text: 'Careful work, explained clearly.',
          categories: { quality: 5, communication: 4, timeliness: 3 },
        },
      ]),
    );
    const after = await screen.findByRole('region', { name: 'Reviews' });
    expect(after.textContent).toContain('Your review is hidden until');
    expect(after.textContent).toContain('or until Grace Expert writes theirs');
  }, 30_000);
});
