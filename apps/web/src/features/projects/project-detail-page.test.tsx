import type { CurrentUser, ProjectView } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aProjectView, aUser } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST, stubDialogs } from '../../test/support.tsx';
import { meQueryKey } from '../auth/session.ts';
import { ProjectDetailPage } from './project-detail-page.tsx';

beforeAll(stubDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = aUser({ id: 'u-1', firstName: 'Ada', lastName: 'Client', name: 'Ada Client' });
const expert = aUser({ id: 'u-2', firstName: 'Dana', lastName: 'Whitfield', name: 'Dana Whitfield' });
const admin = aUser({ id: 'u-3', role: 'admin' });

const REASON = 'The brief asks experts to pay a registration fee outside Sciwise.';
const removal = { at: '2026-11-23T15:30:00.000Z', reason: REASON };

function renderProject(user: CurrentUser, view: ProjectView) {
  fakeApi({ 'GET /api/projects/p-1': view });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(meQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/projects/p-1']}>
        <Routes>
          <Route path="/projects/:id" element={<ProjectDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const brief = () => screen.findByRole('heading', { name: 'The brief' });

describe('reporting a project', PAGE_TEST, () => {
  it('offers a member who may report it a Report button that opens the report dialog', async () => {
    renderProject(expert, aProjectView({}, { actions: ['report'] }));
    await brief();
    expect(screen.queryByText('This project was removed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Report this project' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Report this project' })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Why are you reporting this project?' })).toBeTruthy();
  });

  it('offers no Report button when the server does not list the action (the owner, say)', async () => {
    renderProject(owner, aProjectView({}, { isOwner: true, actions: ['edit', 'cancel'] }));
    await brief();
    expect(screen.getByRole('link', { name: 'Edit project' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report this project' })).toBeNull();
  });
});

describe('a removed project', PAGE_TEST, () => {
  it('tells its owner when moderators removed it and why', async () => {
    renderProject(owner, aProjectView({ status: 'cancelled', removal }, { isOwner: true }));
    await brief();
    const notice = screen.getByText('This project was removed').closest('[role="status"]')!;
    expect(notice.textContent).toContain(
      `Sciwise moderators removed this project on 23 Nov 2026. The reason: ${REASON}`,
    );
    expect(screen.queryByRole('button', { name: 'Report this project' })).toBeNull();
  });

  it('tells an administrator why, and who can still see it', async () => {
    renderProject(admin, aProjectView({ status: 'cancelled', removal }));
    await brief();
    const notice = screen.getByText('This project was removed').closest('[role="status"]')!;
    expect(notice.textContent).toContain(`on 23 Nov 2026. The reason: ${REASON}`);
    expect(notice.textContent).toContain(
      'Only its owner, administrators and an expert hired on it can still see it.',
    );
  });

  it('tells the hired expert that only they, the owner and administrators still see it', async () => {
    renderProject(expert, aProjectView({ status: 'in_progress', removal }, { contractId: 'c-1' }));
    await brief();
    const notice = screen.getByText('This project was removed').closest('[role="status"]')!;
    expect(notice.textContent).toContain(
      'Sciwise moderators removed this project on 23 Nov 2026. Only you, its owner and administrators can still see it.',
    );
    expect(notice.textContent).not.toContain(REASON);
  });
});
