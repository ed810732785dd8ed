import type { Call as ScheduledCall, CallView, Contract } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { ContractWorkspacePage } from './contract-workspace-page.tsx';
import { aCall } from '../../test/fixtures.ts';
import { testContract, testMilestone } from '../../test/test-contract.ts';

// The conversation and the live socket have their own tests; here they stay quiet.
vi.mock('../chat/direct-chat.tsx', () => ({ DirectChat: () => <p>Conversation</p> }));
vi.mock('../../lib/socket.ts', () => ({ useSocket: () => ({ socket: null, status: 'connecting' }) }));

beforeAll(() => {
  // The first render parses the whole page: give a busy machine room before a find gives up.
  configure({ asyncUtilTimeout: 10_000 });
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const terms = {
  clientFeeBps: 500,
  expertFeeBps: 1000,
  autoReleaseDays: 14,
  provider: 'sandbox',
  testCards: [
    { number: '4242 4242 4242 4242', outcome: 'succeeds', description: 'Succeeds.' },
    { number: '4000 0000 0000 0002', outcome: 'declined', description: 'Declined.' },
  ],
};

const entry = (id: string, text: string) => ({
  id,
  kind: 'note',
  actor: { id: 'u-client', name: 'Ada Client' },
  milestoneId: null,
  text,
  createdAt: '2026-03-02T09:00:00.000Z',
});
/** Two pages of activity, newest first: the second is behind the cursor the first one gives. */
function activityPage(url: string) {
  return url.includes('cursor=older')
    ? { activity: [entry('a-1', 'Ada Client accepted the quote.')], nextCursor: null }
    : { activity: [entry('a-2', 'Ada Client funded “Analysis and figures”.')], nextCursor: 'older' };
}

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fake API: GETs answer from fixtures (the contract's scheduled calls per view), POSTs from
 * `answer`; every call is recorded.
 */
function serve(
  contract: Contract,
  answer: (call: Call) => { status: number; body: unknown } = () => ({ status: 500, body: {} }),
  contractCalls: Partial<Record<CallView, ScheduledCall[]>> = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call: Call = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      let result: { status: number; body: unknown };
      if (call.method === 'GET' && url === `/api/contracts/${contract.id}`)
        result = { status: 200, body: contract };
      else if (url.startsWith(`/api/contracts/${contract.id}/activity`))
        result = { status: 200, body: activityPage(url) };
      else if (url === '/api/payments/terms') result = { status: 200, body: terms };
      else if (call.method === 'GET' && url.startsWith('/api/calls?')) {
        const view = new URLSearchParams(url.split('?')[1]).get('view') as CallView;
        result = { status: 200, body: { calls: contractCalls[view] ?? [], nextCursor: null } };
      } else result = answer(call);
      if (result.status === 404 && url === '/api/me/cards') result = { status: 200, body: noCards };
      return new Response(JSON.stringify(result.body), {
        status: result.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderPage(contractId = 'c-1') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[`/profile/workspace/${contractId}`]}>
          <Routes>
            <Route path="/profile/workspace/:contractId" element={<ContractWorkspacePage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const milestoneCard = async (title = 'Analysis and figures') =>
  within(await screen.findByRole('article', { name: title }));

function fillCard(dialog: ReturnType<typeof within>, number: string) {
  fireEvent.change(dialog.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(dialog.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
  fireEvent.change(dialog.getByLabelText('Security code'), { target: { value: '123' } });
}

const noCards = { cards: [], message: null };
const savedCard = (id: string, last4: string, overrides: object = {}) => ({
  id,
  brand: 'Visa',
  last4,
  expMonth: 12,
  expYear: 2030,
  isDefault: false,
  expired: false,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...overrides,
});

describe('the contract workspace', () => {
  it('offers the client exactly the server’s actions, and states the charge before paying', async () => {
    serve(testContract({ milestones: [testMilestone({ status: 'pending', actions: ['fund'] })] }));
    renderPage();
    const card = await milestoneCard();
    expect(card.getByText('Not funded yet')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Approve and release' })).toBeNull();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual(['Fund milestone']);
    fireEvent.click(card.getByRole('button', { name: 'Fund milestone' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Fund “Analysis and figures”' }));
    expect(dialog.getByTestId('consequence').textContent).toMatch(
      /^You will be charged \$1,050\.00: \$1,000\.00 plus the 5% marketplace fee\./,
    );
    expect(await dialog.findByText(/Sandbox: no real money moves/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Pay $1,050.00' })).toBeTruthy();
  });

  it('shows a declined card’s message, retries with the same key, and a new card gets a new key', async () => {
    const pending = testContract({ milestones: [testMilestone({ status: 'pending', actions: ['fund'] })] });
    const funded = testContract({
      milestones: [
        testMilestone({ status: 'funded', fundedAt: '2026-03-02T09:00:00.000Z', actions: ['refund'] }),
      ],
    });
    const calls = serve(pending, (call) => {
      if (call.url === '/api/payments/sandbox/tokens') {
        const digits = String((call.body as { number: string }).number).replace(/\D/g, '');
        return {
          status: 200,
          body: {
            token: digits.endsWith('0002') ? 'tok_declined' : 'tok_ok',
            brand: 'Visa',
            last4: digits.slice(-4),
            expMonth: 12,
            expYear: 2030,
          },
        };
      }
      if (call.url === '/api/milestones/m-1/fund') {
        const token = (call.body as { paymentToken: string }).paymentToken;
        return token === 'tok_declined'
          ? { status: 402, body: { message: 'Your card was declined.', code: 'payment_failed' } }
          : { status: 200, body: funded };
      }
      return { status: 404, body: { message: 'Not found.', code: 'not_found' } };
    });
    renderPage();
    fireEvent.click((await milestoneCard()).getByRole('button', { name: 'Fund milestone' }));
    const dialog = within(await screen.findByRole('dialog'));
    fillCard(dialog, '4000 0000 0000 0002');
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $1,050.00' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('Your card was declined.');
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $1,050.00' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/fund'))).toHaveLength(2));
    fillCard(dialog, '4242 4242 4242 4242');
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $1,050.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const funds = calls.filter((call) => call.url.endsWith('/fund'));
    const keys = funds.map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // The same declined card was exchanged for a token once; the card number went nowhere else.
    expect(calls.filter((call) => call.url.endsWith('/tokens'))).toHaveLength(2);
    expect(funds.every((call) => !JSON.stringify(call.body).includes('4242'))).toBe(true);
    expect((await milestoneCard()).getByText('Funded')).toBeTruthy();
  });

  it('pays with the default saved card unless another is chosen; an expired card cannot be chosen', async () => {
    const pending = testContract({ milestones: [testMilestone({ status: 'pending', actions: ['fund'] })] });
    const calls = serve(pending, (call) => {
      if (call.url === '/api/me/cards')
        return {
          status: 200,
          body: {
            cards: [
              savedCard('card-default', '4242', { isDefault: true }),
              savedCard('card-old', '1111', { expired: true, expYear: 2024 }),
            ],
            message: null,
          },
        };
      if (call.url === '/api/milestones/m-1/fund')
        return { status: 402, body: { message: 'Your card was declined.', code: 'payment_failed' } };
      return { status: 404, body: { message: 'Not found.', code: 'not_found' } };
    });
    renderPage();
    fireEvent.click((await milestoneCard()).getByRole('button', { name: 'Fund milestone' }));
    const dialog = within(await screen.findByRole('dialog'));
    const preferred = (await dialog.findByRole('radio', {
      name: 'Visa ending 4242 (default)',
    })) as HTMLInputElement;
    expect(preferred.checked).toBe(true);
    expect(
      (dialog.getByRole('radio', { name: 'Visa ending 1111 (expired)' }) as HTMLInputElement).disabled,
    ).toBe(true);
    // No card fields while a saved card is chosen.
    expect(dialog.queryByLabelText('Card number')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Pay $1,050.00' }));
    expect((await dialog.findByRole('alert')).textContent).toContain('Your card was declined.');
    const funds = calls.filter((call) => call.url.endsWith('/fund'));
    expect(funds.map((call) => call.body)).toEqual([{ savedCardId: 'card-default' }]);

    fireEvent.click(dialog.getByRole('radio', { name: 'A new card' }));
    expect(dialog.getByLabelText('Card number')).toBeTruthy();
    expect(
      dialog.getByRole('checkbox', { name: 'Save this card in Payment Details for next time' }),
    ).toBeTruthy();
  });

  it('tells the expert the client has not funded yet, and offers nothing to do', async () => {
    serve(testContract({ role: 'expert', milestones: [testMilestone({ status: 'pending', actions: [] })] }));
    renderPage();
    const card = await milestoneCard();
    expect(
      card.getByText(
        /Ada Client has not funded this milestone yet\. Wait for the funding before you start work\./,
      ),
    ).toBeTruthy();
    expect(card.queryAllByRole('button')).toHaveLength(0);
  });

  it('shows the countdown to automatic release, and Approve waits for every criterion', async () => {
    const autoReleaseAt = new Date(Date.now() + 13 * 86_400_000 + 3_600_000).toISOString();
    serve(
      testContract({
        milestones: [
          testMilestone({
            status: 'submitted',
            autoReleaseAt,
            actions: ['approve', 'request_changes', 'dispute'],
            submissions: [
              {
                id: 's-1',
                version: 1,
                note: 'Figures and script attached.',
                createdAt: '2026-03-02T09:00:00.000Z',
                files: [
                  {
                    id: 'f-1',
                    name: 'figures.zip',
                    sizeBytes: 2_400_000,
                    contentType: 'application/zip',
                    sha256: 'ab12cd34ef56'.padEnd(64, '0'),
                    url: '/api/files/f-1',
                  },
                ],
              },
            ],
          }),
        ],
      }),
    );
    renderPage();
    const card = await milestoneCard();
    expect(card.getByTestId('milestone-situation').textContent).toContain(
      'Released automatically in 13 days unless you approve or ask for changes.',
    );
    expect(card.getByRole('link', { name: 'figures.zip' }).getAttribute('href')).toBe('/api/files/f-1');
    expect(card.getByText('ab12cd34ef56…')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Approve and release' }));
    const dialog = within(await screen.findByRole('dialog'));
    const approve = dialog.getByRole('button', { name: 'Release $1,000.00' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.click(dialog.getByLabelText('Figures as 300 dpi PNG'));
    expect(approve.disabled).toBe(true);
    fireEvent.click(dialog.getByLabelText('R script that reproduces every figure'));
    expect(approve.disabled).toBe(false);
    fireEvent.change(dialog.getByLabelText(/^Bonus for Dana/), { target: { value: '100' } });
    expect(dialog.getByTestId('bonus-consequence').textContent).toContain(
      'For the bonus you will be charged $105.00: $100.00 plus the 5% marketplace fee.',
    );
    expect(dialog.getByLabelText('Card number')).toBeTruthy();
  });

  it('pages the activity log: older entries come with Show more, after the newer ones', async () => {
    serve(testContract());
    renderPage();
    const log = within(await screen.findByRole('list', { name: 'Contract activity' }));
    expect(log.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Ada Client funded “Analysis and figures”.',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(log.getAllByRole('listitem')).toHaveLength(2));
    expect(log.getAllByRole('listitem')[1]!.textContent).toContain('Ada Client accepted the quote.');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('lists the contract’s calls with their notes, and schedules one with the other party for this contract', async () => {
    const ids = {
      contract: '00000000-0000-4000-8000-0000000000c1',
      expert: '00000000-0000-4000-8000-0000000000e1',
    };
    const contract = testContract({
      id: ids.contract,
      expert: { id: ids.expert, name: 'Dana Expert', slug: 'dana-expert' },
    });
    const past = aCall({
      id: 'call-0',
      topic: 'Kick-off',
      status: 'confirmed',
      startsAt: '2026-03-02T15:00:00.000Z',
      endsAt: '2026-03-02T15:30:00.000Z',
      offeredStarts: [],
      offeredBy: null,
      offeredTimeZone: null,
      actions: [],
      notes: {
        text: 'Dana sends the analysis plan by Friday.',
        updatedAt: '2026-03-02T15:35:00.000Z',
        updatedBy: { id: ids.expert, name: 'Dana Expert' },
      },
    });
    const calls = serve(
      contract,
      (call) =>
        call.url === '/api/calls'
          ? { status: 201, body: aCall() }
          : { status: 404, body: { message: 'Not found.', code: 'not_found' } },
      { upcoming: [aCall()], past: [past] },
    );
    renderPage(ids.contract);
    const section = within(await screen.findByRole('region', { name: 'Calls' }));
    const upcoming = within(await section.findByRole('list', { name: 'Upcoming calls' }));
    expect(upcoming.getByRole('article', { name: 'Walk through the analysis plan' })).toBeTruthy();
    const earlier = within(await section.findByRole('list', { name: 'Past calls' }));
    expect(earlier.getByText('Dana sends the analysis plan by Friday.')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/calls?')).map((call) => call.url)).toEqual([
      `/api/calls?view=upcoming&contractId=${ids.contract}`,
      `/api/calls?view=past&contractId=${ids.contract}`,
    ]);

    fireEvent.click(section.getByRole('button', { name: 'Schedule a call' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Propose a call with Dana Expert' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Topic' }), { target: { value: 'Figures review' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Agenda' }), {
      target: { value: 'The volcano plots.' },
    });
    fireEvent.change(dialog.getByLabelText('Time 1'), { target: { value: '2026-05-04T15:00' } });
    fireEvent.change(dialog.getByLabelText('Time 2'), { target: { value: '2026-05-05T15:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose call' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      withUserId: ids.expert,
      contractId: ids.contract,
      topic: 'Figures review',
    });
  });
});
