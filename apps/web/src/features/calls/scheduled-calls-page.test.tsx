import type { Call, CallList } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { aCall } from '../../test/fixtures.ts';
import { Address, fakeApi, PAGE_TEST, stubDialogs } from '../../test/support.tsx';
import { ScheduledCallsPage } from './scheduled-calls-page.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route
              path="/profile/calls"
              element={
                <>
                  <ScheduledCallsPage />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** GET /api/calls answering per view (and cursor) from `pages`; each address asked is kept. */
function serveCalls(pages: Record<string, CallList | (() => Response)>) {
  const asked: string[] = [];
  fakeApi({
    'GET /api/calls': (_body: unknown, url: string) => {
      asked.push(url);
      const query = new URL(url, 'http://localhost').searchParams;
      const key = query.get('cursor') ? `${query.get('view')}+${query.get('cursor')}` : query.get('view')!;
      const answer = pages[key] ?? { calls: [], nextCursor: null };
      return typeof answer === 'function' ? answer() : answer;
    },
  });
  return asked;
}

const list = (calls: Call[], nextCursor: string | null = null): CallList => ({ calls, nextCursor });
const booked = aCall({
  id: 'call-2',
  topic: 'Review the first figures',
  status: 'confirmed',
  startsAt: '2026-03-10T15:00:00.000Z',
  endsAt: '2026-03-10T15:30:00.000Z',
  offeredStarts: [],
  offeredBy: null,
  offeredTimeZone: null,
  actions: ['reschedule', 'cancel'],
});

const tab = (name: string) => screen.getByRole('tab', { name });
const callList = (name: RegExp) => screen.findByRole('list', { name });

describe('the Scheduled Calls page', PAGE_TEST, () => {
  it('lists upcoming calls, the ones awaiting an answer marked, and loads more with the cursor', async () => {
    const asked = serveCalls({
      upcoming: list([aCall()], 'page-2'),
      'upcoming+page-2': list([booked]),
    });
    renderAt('/profile/calls');
    expect(screen.getByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeTruthy();
    expect(tab('Upcoming').getAttribute('aria-selected')).toBe('true');
    const upcoming = await callList(/^Upcoming calls/);
    expect(screen.getByText(/One call is awaiting your answer/)).toBeTruthy();
    const first = within(upcoming).getByRole('article', { name: 'Walk through the analysis plan' });
    expect(within(first).getByText('Awaiting your answer')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more calls' }));
    const second = await within(upcoming).findByRole('article', { name: 'Review the first figures' });
    expect(within(second).queryByText('Awaiting your answer')).toBeNull();
    expect(asked).toEqual(['/api/calls?view=upcoming', '/api/calls?view=upcoming&cursor=page-2']);
  });

  it('keeps the tab in the address and opens on the one it names', async () => {
    const asked = serveCalls({ past: list([booked]), cancelled: list([]) });
    renderAt('/profile/calls?view=past');
    expect(tab('Past').getAttribute('aria-selected')).toBe('true');
    expect(await callList(/^Past calls/)).toBeTruthy();

    fireEvent.click(tab('Cancelled'));
    expect(screen.getByTestId('address').textContent).toBe('/profile/calls?view=cancelled');
    expect(await screen.findByRole('heading', { name: 'No cancelled calls' })).toBeTruthy();
    fireEvent.click(tab('Upcoming'));
    expect(screen.getByTestId('address').textContent).toBe('/profile/calls');
    await waitFor(() => expect(asked).toContain('/api/calls?view=upcoming'));
    expect(asked.slice(0, 2)).toEqual(['/api/calls?view=past', '/api/calls?view=cancelled']);
  });

  it('explains where calls are proposed when there are none', async () => {
    serveCalls({});
    renderAt('/profile/calls');
    expect(await screen.findByRole('heading', { name: 'No calls coming up' })).toBeTruthy();
    expect(screen.getByText(/from a conversation in Messages or from a contract’s workspace/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Messages' }).getAttribute('href')).toBe('/chat');
    expect(screen.getByRole('link', { name: 'Go to Workspace' }).getAttribute('href')).toBe(
      '/profile/workspace',
    );
  });

  it('shows the server’s message when the calls do not load, and loads them again on request', async () => {
    let failing = true;
    serveCalls({
      upcoming: () =>
        failing
          ? Response.json(
              { message: 'The calls are not available right now.', code: 'internal' },
              { status: 503 },
            )
          : Response.json(list([aCall()])),
    });
    renderAt('/profile/calls');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The calls are not available right now.',
    );
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Walk through the analysis plan' })).toBeTruthy();
    expect(screen.queryByText('The calls are not available right now.')).toBeNull();
  });

  it('reads the calls again when a confirm is refused, so the times now on offer show', async () => {
    // Far ahead, so none has passed whenever this runs.
    const first = ['2099-03-03T15:00:00.000Z', '2099-03-03T16:30:00.000Z'];
    const replaced = ['2099-03-05T15:00:00.000Z', '2099-03-06T15:00:00.000Z'];
    let offered = first;
    const asked: string[] = [];
    fakeApi({
      'GET /api/calls': (_body: unknown, url: string) => {
        asked.push(url);
        return list([aCall({ offeredStarts: offered })]);
      },
      // Dana replaced her times meanwhile: the one picked is no longer on offer.
      'POST /api/calls/call-1/confirm': () => {
        offered = replaced;
        return Response.json(
          { message: 'Choose one of the times offered.', code: 'invalid_input' },
          { status: 400 },
        );
      },
    });
    renderAt('/profile/calls');
    const card = within(await screen.findByRole('article', { name: 'Walk through the analysis plan' }));
    const values = () => card.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value);
    expect(values()).toEqual(first);

    fireEvent.click(card.getAllByRole('radio')[1]!);
    fireEvent.click(card.getByRole('button', { name: 'Confirm this time' }));
    expect((await card.findByRole('alert')).textContent).toContain('Choose one of the times offered.');
    await waitFor(() => expect(values()).toEqual(replaced));
    expect(asked).toEqual(['/api/calls?view=upcoming', '/api/calls?view=upcoming']);
    // Nothing is picked among the new times.
    expect(card.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });
});
