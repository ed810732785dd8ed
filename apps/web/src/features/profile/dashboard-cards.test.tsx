import type { ExpertApplication } from '@sciwise/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aContract, aProject, aStep, aUser } from '../../test/fixtures.ts';
import { PAGE_TEST, fakeApi, renderPage } from '../../test/support.tsx';
import { emptyApplication } from '../experts/queries.ts';
import {
  amountsText,
  expertMoneyStats,
  expertNothingToDo,
  findWorkCard,
  ownerNothingToDo,
  vettingCard,
} from './dashboard-cards.ts';
import { FreelancerDashboardPage, OwnerDashboardPage } from './dashboard-pages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const application = (overrides: Partial<ExpertApplication>): ExpertApplication => ({
  ...emptyApplication,
  id: 'a-1',
  slug: 'ada-fischer',
  missing: [],
  ...overrides,
});

describe('dashboard cards from state', () => {
  it('never tells an approved expert to complete and submit their profile', () => {
    const approved = application({ status: 'approved' });
    const card = vettingCard(approved);
    expect(card.title).toBe('Your expert profile is live');
    expect(card.to).toBe('/experts/ada-fischer');
    expect(card.secondary).toEqual({ to: '/profile/expert-profile', cta: 'Edit public profile' });
    expect(`${card.title} ${card.text}`).not.toMatch(/complete|submit/i);
    expect(findWorkCard(approved, true).title).toBe('Find more work');
    expect(findWorkCard(approved, false).title).toBe('Find your first project');
    expect(expertNothingToDo(approved)).toMatch(/send a quote/);
  });

  it('says where each other application stands', () => {
    expect(vettingCard(emptyApplication).title).toBe('Complete your expert profile');
    expect(vettingCard(application({ status: 'draft' })).title).toBe('Finish your expert profile');
    expect(vettingCard(application({ status: 'submitted' })).title).toBe(
      'Your profile is with our vetting team',
    );
    expect(
      vettingCard(application({ status: 'rejected', rejectionReason: 'No publications listed.' })).text,
    ).toBe('The vetting team’s reason: No publications listed.');
    // Until approved, nobody is sent to quote.
    const submitted = application({ status: 'submitted' });
    expect(findWorkCard(submitted, false).text).toMatch(/once your expert profile is approved/);
    expect(expertNothingToDo(submitted)).toMatch(/once your expert profile is approved/);
  });

  it('computes money from the balances and escrow, and writes "None" instead of an invented 0.00', () => {
    expect(amountsText([])).toBe('None');
    expect(amountsText([{ amountMinor: 0, currency: 'USD' }])).toBe('None');
    const stats = expertMoneyStats(
      [{ amountMinor: 120_000, currency: 'USD' }],
      [
        { currency: 'EUR', available: 4_500, inTransit: 0, paidOut: 10_000 },
        { currency: 'USD', available: 90_000, inTransit: 5_000, paidOut: 20_000 },
      ],
    );
    expect(stats.map((stat) => [stat.label, stat.value])).toEqual([
      ['In escrow for you', '$1,200.00'],
      ['Available to pay out', '€45.00 · $900.00'],
      ['Paid out', '€100.00 · $250.00'],
    ]);
  });

  it('tells a client to post a project only when they have none running', () => {
    expect(ownerNothingToDo([], 0)).toBe(
      'Nothing waiting for you. Post a project to start receiving quotes.',
    );
    expect(ownerNothingToDo([], 1)).toBe('Nothing needs your action right now.');
    expect(ownerNothingToDo([aProject({ id: 'p-1', title: 'Soil' })], 0)).toMatch(
      /quotes on your open projects/,
    );
  });
});

const noWork = {
  'GET /api/invitations': { invitations: [], nextCursor: null },
  'GET /api/quotes/mine': { quotes: [] },
  'GET /api/contracts': { contracts: [] },
  'GET /api/me/escrow-summary': { asClient: [], asExpert: [] },
  'GET /api/me/payouts': { balances: [], minimumMinor: 1000, payouts: [], nextCursor: null },
};

describe('the dashboards as a person sees them', PAGE_TEST, () => {
  it('an approved expert with money sees it, and no call to submit for vetting', async () => {
    fakeApi({
      ...noWork,
      'GET /api/expert-application': application({ status: 'approved' }),
      'GET /api/me/escrow-summary': { asClient: [], asExpert: [{ amountMinor: 300_000, currency: 'USD' }] },
      'GET /api/me/payouts': {
        balances: [{ currency: 'USD', available: 81_000, inTransit: 0, paidOut: 0 }],
        minimumMinor: 1000,
        payouts: [],
        nextCursor: null,
      },
    });
    renderPage(
      <FreelancerDashboardPage />,
      '/profile/freelancer-dashboard',
      aUser({ dashboardMode: 'freelancer' }),
    );
    expect(await screen.findByText('Your expert profile is live')).toBeTruthy();
    expect(await screen.findByText('$3,000.00')).toBeTruthy();
    expect(await screen.findByText('$810.00')).toBeTruthy();
    expect(screen.queryByText(/submit it for vetting/)).toBeNull();
    // Paid out is nothing yet: said as such, not as a zero amount.
    expect(screen.getByText('Paid out').parentElement?.textContent).toContain('None');
    expect(screen.queryByText(/^\$0\.00$/)).toBeNull();
  });

  it('a client who just hired sees the contract to fund, not "Nothing waiting for you"', async () => {
    fakeApi({
      'GET /api/projects/mine': {
        projects: [aProject({ id: 'p-1', title: 'RNA-seq', status: 'in_progress', contractId: 'c-1' })],
        nextCursor: null,
      },
      'GET /api/contracts': {
        contracts: [
          aContract({
            id: 'c-1',
            title: 'RNA-seq',
            role: 'client',
            nextStep: aStep('Fund milestone 1: Plan', true),
          }),
        ],
      },
      'GET /api/me/escrow-summary': { asClient: [], asExpert: [] },
    });
    renderPage(<OwnerDashboardPage />, '/profile/project-owner-dashboard', aUser());
    const mine = await screen.findByRole('region', { name: 'Needs your action' });
    expect(await within(mine).findByText('Fund milestone 1: Plan')).toBeTruthy();
    expect(screen.queryByText(/Nothing waiting for you/)).toBeNull();
    expect(screen.getByText('Running contracts').parentElement?.textContent).toContain('1');
    expect(screen.getByText('In escrow').parentElement?.textContent).toContain('None');
  });
});
