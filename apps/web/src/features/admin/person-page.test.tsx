import type { AdminPerson, AdminPersonDetail, CurrentUser } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { aUser } from '../../test/fixtures.ts';
import { PAGE_TEST, stubDialogs, type ApiCall } from '../../test/support.tsx';
import { meQueryKey } from '../auth/session.ts';
import { AdminPersonPage, suspensionAction } from './person-page.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = aUser({ id: 'admin-1', role: 'admin' });

function aPerson(overrides: Partial<AdminPerson> = {}): AdminPerson {
  return {
    id: 'u-1',
    firstName: 'Rosalind',
    lastName: 'Tester',
    email: 'rosalind@example.test',
    role: 'member',
    expertStatus: 'approved',
    joinedAt: '2026-10-02T09:00:00.000Z',
    suspension: null,
    deleted: false,
    ...overrides,
  };
}

function aDetail(person: AdminPerson = aPerson()): AdminPersonDetail {
  return { person, projects: [], contracts: [], money: [], audit: [] };
}

const REASON = 'You asked a client to pay you outside Sciwise.';
const suspended = aDetail(aPerson({ suspension: { at: '2026-11-20T14:05:00.000Z', reason: REASON } }));

/** A fake API whose answers carry a status: "METHOD /path" -> [status, body], or a function of the body. */
function fakeApi(routes: Record<string, [number, unknown] | ((body: unknown) => [number, unknown])>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = input.split('?')[0]!;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      const [status, answer] =
        typeof route === 'function'
          ? route(body)
          : (route ?? [404, { message: 'No fake', code: 'not_found' }]);
      return Response.json(answer, { status });
    }),
  );
  return calls;
}

function renderPerson(user: CurrentUser = admin, id = 'u-1') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter initialEntries={[`/profile/admin/people/${id}`]}>
          <Routes>
            <Route path="/profile/admin/people/:id" element={<AdminPersonPage />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('what an administrator may do to an account', () => {
  it('suspends a member, restores a suspended one, and says why not otherwise', () => {
    expect(suspensionAction(aPerson(), 'admin-1')).toEqual({ change: 'suspend' });
    expect(suspensionAction(suspended.person, 'admin-1')).toEqual({ change: 'restore' });
    expect(suspensionAction(aPerson({ id: 'admin-1', role: 'admin' }), 'admin-1')).toEqual({
      reason: expect.stringContaining('your own account') as string,
    });
    expect(suspensionAction(aPerson({ role: 'admin' }), 'admin-1')).toEqual({
      reason: expect.stringContaining('Administrators’ accounts cannot be suspended') as string,
    });
    expect(suspensionAction(aPerson({ deleted: true }), 'admin-1')).toEqual({
      reason: expect.stringContaining('deleted') as string,
    });
  });
});

describe('the person page', PAGE_TEST, () => {
  it('shows a suspended member: since when, the reason, and Restore', async () => {
    fakeApi({ 'GET /api/admin/people/u-1': [200, suspended] });
    renderPerson();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosalind Tester' })).toBeTruthy();
    const banner = screen.getByText(/Suspended since/).closest('[role="status"]')!;
    expect(banner.textContent).toContain('20 Nov 2026');
    expect(banner.textContent).toContain(REASON);
    expect(screen.getByRole('button', { name: 'Restore account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
    // Every list says when it is empty.
    expect(screen.getByText('Rosalind has not posted a project.')).toBeTruthy();
    expect(screen.getByText('Rosalind is on no contract.')).toBeTruthy();
    expect(
      screen.getByText('Rosalind has not funded a milestone, been paid for one, or had anything refunded.'),
    ).toBeTruthy();
    expect(screen.getByText('No administrator has acted on this account yet.')).toBeTruthy();
  });

  it("lists a dispute decision on their contract by the contract's title, and an approval without a reason", async () => {
    const detail = aDetail();
    detail.audit = [
      {
        id: 'a-2',
        at: '2026-11-21T10:00:00.000Z',
        action: 'dispute_resolved',
        actor: { id: 'admin-2', name: 'Ada Fischer' },
        subject: null,
        contract: { id: 'c-1', title: 'Differential expression for 48 tumours' },
        reason: 'Released to the expert (Report): the report covers every endpoint.',
      },
      {
        id: 'a-1',
        at: '2026-11-20T09:00:00.000Z',
        action: 'application_approved',
        actor: { id: 'admin-2', name: 'Ada Fischer' },
        subject: { id: 'u-1', name: 'Rosalind Tester' },
        contract: null,
        reason: null,
      },
    ];
    fakeApi({ 'GET /api/admin/people/u-1': [200, detail] });
    renderPerson();
    const list = await screen.findByRole('list', { name: 'Admin actions on Rosalind Tester' });
    const [dispute, approval] = within(list).getAllByRole('listitem');
    expect(dispute!.textContent).toContain(
      'Ada Fischer decided the dispute on Differential expression for 48 tumours',
    );
    expect(dispute!.textContent).toContain('Released to the expert (Report)');
    expect(approval!.textContent).toContain('Ada Fischer approved the expert application of Rosalind Tester');
    expect(approval!.querySelector('blockquote')).toBeNull();
  });

  it('names the moderation decisions on their content, a dismissal without a note too', async () => {
    const detail = aDetail();
    const moderator = { id: 'admin-2', name: 'Ada Fischer' };
    const author = { id: 'u-1', name: 'Rosalind Tester' };
    detail.audit = [
      {
        id: 'a-4',
        at: '2026-11-23T10:00:00.000Z',
        action: 'content_removed',
        actor: moderator,
        subject: author,
        contract: null,
        reason: 'The project asks experts to share patient records.',
      },
      {
        id: 'a-3',
        at: '2026-11-22T10:00:00.000Z',
        action: 'report_dismissed',
        actor: moderator,
        subject: author,
        contract: null,
        reason: null,
      },
    ];
    fakeApi({ 'GET /api/admin/people/u-1': [200, detail] });
    renderPerson();
    const list = await screen.findByRole('list', { name: 'Admin actions on Rosalind Tester' });
    const [removal, dismissal] = within(list).getAllByRole('listitem');
    expect(removal!.textContent).toContain('Ada Fischer removed reported content by Rosalind Tester');
    expect(removal!.querySelector('blockquote')?.textContent).toBe(
      'The project asks experts to share patient records.',
    );
    expect(within(removal!).getByText('Moderation')).toBeTruthy();
    expect(dismissal!.textContent).toContain(
      'Ada Fischer dismissed a report about content by Rosalind Tester',
    );
    expect(dismissal!.querySelector('blockquote')).toBeNull();
  });

  it('checks the reason before sending, then suspends and shows the suspension', async () => {
    // The server's state: the page reads the member again after the change.
    let member = aDetail();
    const calls = fakeApi({
      'GET /api/admin/people/u-1': () => [200, member],
      'POST /api/admin/people/u-1/suspend': () => [200, (member = suspended)],
    });
    renderPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Rosalind Tester’s account' });
    expect(dialog.textContent).toContain('signed out on every device at once');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the member' });

    fireEvent.change(reason, { target: { value: 'Spam.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(
      await within(dialog).findByText('Give the reason in a sentence: the member will read it.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(reason, { target: { value: REASON } });
    expect(within(dialog).getByText(`${REASON.length} / 1000`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText(/Suspended since/)).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/admin/people/u-1/suspend',
      body: { reason: REASON },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore account' })).toBeTruthy();
  });

  it('shows a refusal of the reason under the field, and any other refusal above the buttons', async () => {
    let answer: [number, unknown] = [
      400,
      {
        message: 'The request is not valid.',
        code: 'validation',
        details: [{ field: 'reason', message: 'The reason contains invisible control characters.' }],
      },
    ];
    fakeApi({
      'GET /api/admin/people/u-1': [200, aDetail()],
      'POST /api/admin/people/u-1/suspend': () => answer,
    });
    renderPerson();
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason for the member' });
    fireEvent.change(reason, { target: { value: REASON } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    const fieldError = await within(dialog).findByText('The reason contains invisible control characters.');
    expect(reason.getAttribute('aria-describedby')).toContain(fieldError.id);
    expect(within(dialog).queryByRole('alert')).toBeNull();

    answer = [409, { message: 'This member is already suspended.', code: 'conflict' }];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This member is already suspended.',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no action on one’s own account or another administrator’s, and says why', async () => {
    fakeApi({
      'GET /api/admin/people/admin-1': [200, aDetail(aPerson({ id: 'admin-1', role: 'admin' }))],
      'GET /api/admin/people/admin-2': [200, aDetail(aPerson({ id: 'admin-2', role: 'admin' }))],
    });
    renderPerson(admin, 'admin-1');
    expect(await screen.findByText(/This is your own account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /account$/ })).toBeNull();
    cleanup();
    renderPerson(admin, 'admin-2');
    expect(await screen.findByText(/Administrators’ accounts cannot be suspended/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /account$/ })).toBeNull();
  });

  it('says when there is no such member, and shows nothing to a member', async () => {
    const calls = fakeApi({
      'GET /api/admin/people/nobody': [404, { message: 'We could not find that member.', code: 'not_found' }],
    });
    renderPerson(admin, 'nobody');
    expect(await screen.findByRole('heading', { name: 'No such member' })).toBeTruthy();
    cleanup();
    calls.length = 0;
    renderPerson(aUser(), 'u-1');
    expect(screen.getByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
