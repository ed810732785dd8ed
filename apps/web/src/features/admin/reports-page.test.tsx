import {
  MODERATION_REASON_MAX,
  removeContentRequestSchema,
  reportReasonLabels,
  type ModerationReport,
} from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { aUser } from '../../test/fixtures.ts';
import { Address, PAGE_TEST, stubDialogs } from '../../test/support.tsx';
import { meQueryKey } from '../auth/session.ts';
import { AdminReportsPage, decisionBlocked } from './reports-page.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = aUser({ id: 'admin-1', role: 'admin' });
/** The admin home's counts (profile/admin-home-page.tsx), under the admin console's key. */
const summaryKey = ['admin', 'summary'];

const projectReport = (overrides: Partial<ModerationReport> = {}): ModerationReport => ({
  id: 'r-1',
  subject: 'project',
  status: 'open',
  reason: 'off_platform',
  details: 'The brief asks experts to e-mail a private address to agree a price.',
  createdAt: '2026-11-22T09:15:00.000Z',
  reporter: { id: 'u-reporter', name: 'Elias Expert' },
  openReportsOfSubject: 3,
  author: { id: 'u-author', name: 'Clara Client' },
  project: {
    id: 'p-1',
    title: 'Single-cell atlas of the zebrafish fin',
    status: 'open',
    excerpt: 'We need a bioinformatician to cluster 40,000 cells.',
  },
  message: null,
  decision: null,
  ...overrides,
});

const messageReport = (overrides: Partial<ModerationReport> = {}): ModerationReport => ({
  id: 'r-2',
  subject: 'message',
  status: 'open',
  reason: 'harassment',
  details: null,
  createdAt: '2026-11-21T16:40:00.000Z',
  reporter: { id: 'u-client', name: 'Clara Client' },
  openReportsOfSubject: 1,
  author: { id: 'u-expert', name: 'Elias Expert' },
  project: null,
  message: {
    id: 'm-1',
    conversationId: 'c-1',
    text: 'Answer me tonight or I will leave a one-star review.',
    sentAt: '2026-11-21T16:30:00.000Z',
  },
  decision: null,
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}
type Answer = [number, unknown];

/** A fake API: "METHOD /path" -> [status, body], or a function of the query and body; every call kept. */
function fakeApi(routes: Record<string, Answer | ((params: URLSearchParams, body: unknown) => Answer)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, params: url.searchParams, body });
      const route = routes[`${method} ${url.pathname}`];
      const [status, answer] =
        typeof route === 'function'
          ? route(url.searchParams, body)
          : (route ?? [404, { message: 'No fake', code: 'not_found' }]);
      return Response.json(answer, { status });
    }),
  );
  return calls;
}

const queue = (...reports: ModerationReport[]): Answer => [200, { reports, nextCursor: null }];
const posts = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST').map(({ path, body }) => ({ path, body }));

function renderReports(path = '/profile/admin/reports') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, admin);
  client.setQueryData(summaryKey, {
    vettingQueue: 0,
    conciergeAwaitingReply: 0,
    openDisputes: 0,
    reportedContent: 2,
  });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/profile/admin/reports"
              element={
                <>
                  <AdminReportsPage />
                  <Address />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

const card = (name: string | RegExp) => screen.getByRole('article', { name });

describe('who may decide a report', () => {
  it('is never the author of the content, nor the member who made the report', () => {
    expect(decisionBlocked(projectReport(), 'admin-1')).toBeNull();
    expect(decisionBlocked(projectReport({ author: { id: 'admin-1', name: 'Ada' } }), 'admin-1')).toContain(
      'your own content',
    );
    expect(decisionBlocked(messageReport({ reporter: { id: 'admin-1', name: 'Ada' } }), 'admin-1')).toContain(
      'You made this report',
    );
  });
});

describe('the moderation queue', PAGE_TEST, () => {
  it('shows each tab’s reports from the query’s status, and keeps the tab in the address', async () => {
    const removed = messageReport({
      id: 'r-9',
      status: 'removed',
      openReportsOfSubject: 0,
      decision: {
        by: { id: 'admin-2', name: 'Ada Fischer' },
        at: '2026-11-23T08:00:00.000Z',
        reason: 'Threats to leave a bad review break our rules on respectful contact.',
      },
    });
    const calls = fakeApi({
      'GET /api/admin/reports': (params) =>
        params.get('status') === 'removed'
          ? queue(removed)
          : params.get('status') === 'open'
            ? queue(projectReport())
            : queue(),
    });
    renderReports();
    expect(await screen.findByRole('link', { name: 'Single-cell atlas of the zebrafish fin' })).toBeTruthy();
    expect(calls[0]!.params.get('status')).toBe('open');
    expect(screen.getByRole('tab', { name: 'Open' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Removed' }));
    const decided = await screen.findByRole('article', { name: 'Message from Elias Expert' });
    expect(calls.at(-1)!.params.get('status')).toBe('removed');
    expect(screen.getByTestId('address').textContent).toBe('/profile/admin/reports?status=removed');
    expect(decided.textContent).toContain('Removed by Ada Fischer on 23 Nov 2026');
    expect(decided.textContent).toContain('Threats to leave a bad review');
    expect(within(decided).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Single-cell atlas of the zebrafish fin' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Dismissed' }));
    expect(await screen.findByRole('heading', { name: 'No report has been dismissed' })).toBeTruthy();
    expect(calls.at(-1)!.params.get('status')).toBe('dismissed');
    expect(screen.getByTestId('address').textContent).toBe('/profile/admin/reports?status=dismissed');
  });

  it('opens the tab the address names, as after a reload', async () => {
    const calls = fakeApi({ 'GET /api/admin/reports': queue() });
    renderReports('/profile/admin/reports?status=dismissed');
    expect(await screen.findByRole('heading', { name: 'No report has been dismissed' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Dismissed' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.map((call) => call.params.get('status'))).toEqual(['dismissed']);
  });

  it('shows what was reported, the reason in the contract’s words, who reported it and how many did', async () => {
    fakeApi({ 'GET /api/admin/reports': queue(projectReport(), messageReport()) });
    renderReports();
    await screen.findByRole('list', { name: 'Open reports' });

    const project = card('Single-cell atlas of the zebrafish fin');
    expect(
      within(project)
        .getByRole('link', { name: 'Single-cell atlas of the zebrafish fin' })
        .getAttribute('href'),
    ).toBe('/projects/p-1');
    expect(within(project).getByText('Open for quotes')).toBeTruthy();
    expect(project.textContent).toContain('We need a bioinformatician to cluster 40,000 cells.');
    expect(within(project).getByText(reportReasonLabels.off_platform)).toBeTruthy();
    expect(within(project).getByText('3 members reported this')).toBeTruthy();
    expect(project.textContent).toContain('The brief asks experts to e-mail a private address');
    expect(project.textContent).toContain('Reported by Elias Expert on 22 Nov 2026');
    expect(within(project).getByRole('link', { name: 'Clara Client' }).getAttribute('href')).toBe(
      '/profile/admin/people/u-author',
    );

    const message = card('Message from Elias Expert');
    expect(within(message).getByText(reportReasonLabels.harassment)).toBeTruthy();
    expect(message.querySelector('blockquote')?.textContent).toBe(
      'Answer me tonight or I will leave a one-star review.',
    );
    expect(within(message).getByRole('link', { name: 'Elias Expert' }).getAttribute('href')).toBe(
      '/profile/admin/people/u-expert',
    );
    // One report of it: no count.
    expect(message.textContent).not.toContain('members reported this');
  });

  it('pages on with the cursor, in the same state', async () => {
    const calls = fakeApi({
      'GET /api/admin/reports': (params) =>
        params.get('cursor')
          ? queue(messageReport())
          : [200, { reports: [projectReport()], nextCursor: 'older' }],
    });
    renderReports();
    await screen.findByRole('list', { name: 'Open reports' });
    fireEvent.click(screen.getByRole('button', { name: 'Show older reports' }));
    expect(await screen.findByRole('article', { name: 'Message from Elias Expert' })).toBeTruthy();
    expect(calls.at(-1)!.params.get('cursor')).toBe('older');
    expect(calls.at(-1)!.params.get('status')).toBe('open');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older reports' })).toBeNull();
  });

  it('removes only with a reason, posts it, and takes every report of it out of the queue', async () => {
    let open = [projectReport(), projectReport({ id: 'r-3', reporter: { id: 'u-4', name: 'Ines Ionescu' } })];
    const REASON = 'Asking experts to agree a price by private e-mail breaks our payment rules.';
    const calls = fakeApi({
      'GET /api/admin/reports': () => queue(...open),
      'POST /api/admin/reports/r-1/remove': () => {
        const decided = projectReport({
          status: 'removed',
          openReportsOfSubject: 0,
          decision: {
            by: { id: 'admin-1', name: 'Ada Fischer' },
            at: '2026-11-23T10:00:00.000Z',
            reason: REASON,
          },
        });
        open = [];
        return [200, decided];
      },
    });
    const client = renderReports();
    await screen.findByRole('list', { name: 'Open reports' });
    fireEvent.click(within(screen.getAllByRole('article')[0]!).getByRole('button', { name: 'Remove…' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove “Single-cell atlas of the zebrafish fin”' });
    expect(dialog.textContent).toContain('What happens when you confirm');
    expect(dialog.textContent).toContain('We e-mail Clara Client the reason below, word for word');
    expect(dialog.textContent).toContain('All 3 open reports of it are closed');
    expect(dialog.textContent).toContain('It is cancelled: it stops taking quotes');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the author' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove project' }));
    const tooShort = removeContentRequestSchema.safeParse({ reason: '' }).error!.issues[0]!.message;
    expect(await within(dialog).findByText(tooShort)).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(reason, { target: { value: `  ${REASON}  ` } });
    expect(within(dialog).getByText(`${REASON.length + 4} / ${MODERATION_REASON_MAX}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove project' }));
    expect(
      await screen.findByText(
        '“Single-cell atlas of the zebrafish fin” is removed, and Clara Client is told why.',
      ),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([{ path: '/api/admin/reports/r-1/remove', body: { reason: REASON } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Both reports of the project leave the queue, and the admin home's count is read again.
    expect(await screen.findByRole('heading', { name: 'Nothing waits for a decision' })).toBeTruthy();
    expect(client.getQueryState(summaryKey)?.isInvalidated).toBe(true);
    expect(screen.getByRole('tab', { name: 'Open' })).toBe(document.activeElement);
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    fakeApi({
      'GET /api/admin/reports': queue(messageReport()),
      'POST /api/admin/reports/r-2/remove': [
        403,
        {
          message: 'This report is about your own content; another administrator must decide it.',
          code: 'forbidden',
        },
      ],
    });
    renderReports();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove…' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Elias Expert’s message' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason for the author' }), {
      target: { value: 'Threatening a bad review to hurry a client is not allowed.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove message' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'another administrator must decide it.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('dismisses without a note when none is written, and with one when it is', async () => {
    const dismissed = messageReport({ status: 'dismissed', openReportsOfSubject: 0 });
    const calls = fakeApi({
      'GET /api/admin/reports': queue(messageReport()),
      'POST /api/admin/reports/r-2/dismiss': [200, dismissed],
    });
    renderReports();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss…' }));
    let dialog = screen.getByRole('dialog', { name: 'Dismiss the report on Elias Expert’s message' });
    expect(dialog.textContent).toContain('The message stays in the conversation as it is.');
    const note = within(dialog).getByRole('textbox', { name: 'Note for the audit log (optional)' });
    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    expect(await screen.findByText('The report is dismissed; the message stays.')).toBeTruthy();
    expect(posts(calls)).toEqual([{ path: '/api/admin/reports/r-2/dismiss', body: {} }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss…' }));
    dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note for the audit log (optional)' }), {
      target: { value: 'A firm reminder of a deadline, not a threat.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toEqual({
      path: '/api/admin/reports/r-2/dismiss',
      body: { note: 'A firm reminder of a deadline, not a threat.' },
    });
  });

  it('offers no decision on one’s own content, and says why', async () => {
    fakeApi({
      'GET /api/admin/reports': queue(projectReport({ author: { id: 'admin-1', name: 'Ada Fischer' } })),
    });
    renderReports();
    expect(await screen.findByText(/This is your own content/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove|Dismiss/ })).toBeNull();
  });

  it('says when the queue cannot be loaded, and loads it again on Try again', async () => {
    let failing = true;
    fakeApi({
      'GET /api/admin/reports': () =>
        failing ? [500, { message: 'Something went wrong on our side.', code: 'internal' }] : queue(),
    });
    renderReports();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side.');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing waits for a decision' })).toBeTruthy();
  });
});
