import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aDispute, aUser } from '../../test/fixtures.ts';
import { fakeApi, PAGE_TEST, renderPage } from '../../test/support.tsx';
import { AdminDisputesPage } from './admin-disputes-page.tsx';
import { timeAgo } from './format.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = aUser({ role: 'admin' });

describe('the admin disputes queue', PAGE_TEST, () => {
  it('says so when no dispute is open', async () => {
    fakeApi({ 'GET /api/admin/disputes': { disputes: [] } });
    renderPage(<AdminDisputesPage />, '/profile/admin/disputes', admin);
    expect(await screen.findByRole('heading', { name: 'No open disputes' })).toBeTruthy();
  });

  it('lists each dispute with its money, parties, opener and reason, linking to the workspace', async () => {
    fakeApi({
      'GET /api/admin/disputes': {
        disputes: [
          aDispute(),
          aDispute({ milestoneId: 'm-7', contract: { id: 'c-7', title: 'Soil study' } }),
        ],
      },
    });
    renderPage(<AdminDisputesPage />, '/profile/admin/disputes', admin);
    const list = await screen.findByRole('list', { name: 'Open disputes' });
    const [first] = within(list).getAllByRole('listitem');
    const row = within(first!);
    expect(row.getByRole('link', { name: 'Glycan profiling' }).getAttribute('href')).toBe(
      '/profile/workspace/c-1',
    );
    expect(first!.textContent).toContain('$1,200.00');
    expect(first!.textContent).toContain('Milestone: Profiling run');
    expect(first!.textContent).toContain('ClientAda Client');
    expect(first!.textContent).toContain('ExpertDana Whitfield');
    expect(first!.textContent).toContain('by Dana Whitfield (expert)');
    expect(first!.textContent).toContain('The client stopped answering after the samples arrived.');
    expect(within(list).getByRole('link', { name: 'Soil study' })).toBeTruthy();
  });

  it('shows nothing of the queue to someone who is not an admin', () => {
    const calls = fakeApi({ 'GET /api/admin/disputes': { disputes: [aDispute()] } });
    renderPage(<AdminDisputesPage />, '/profile/admin/disputes', aUser());
    expect(screen.getByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('how long ago', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const at = (ms: number) => new Date(now - ms).toISOString();
  it('reads in the largest whole unit', () => {
    expect(timeAgo(at(20_000), now)).toBe('just now');
    expect(timeAgo(at(60_000), now)).toBe('1 minute ago');
    expect(timeAgo(at(59 * 60_000), now)).toBe('59 minutes ago');
    expect(timeAgo(at(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(timeAgo(at(47 * 3_600_000), now)).toBe('47 hours ago');
    expect(timeAgo(at(3 * 86_400_000), now)).toBe('3 days ago');
  });
});
