import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aContract, aProject, aQuote, aStep } from '../../test/fixtures.ts';
import { PAGE_TEST, fakeApi, renderPage } from '../../test/support.tsx';
import { ExpertActionItems, OwnerActionItems } from './action-items.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = (name: string) => screen.findByRole('region', { name });
const links = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe("the expert's dashboard", PAGE_TEST, () => {
  it('lists running contracts with their next step, the expert’s moves first, and no "start work" before funding', async () => {
    const acceptedQuote = aQuote({ status: 'accepted', contractId: 'c-1', actions: [] });
    fakeApi({
      'GET /api/invitations': { invitations: [], nextCursor: null },
      'GET /api/quotes/mine': { quotes: [acceptedQuote] },
      'GET /api/contracts': {
        contracts: [
          aContract({
            id: 'c-1',
            title: 'RNA-seq report',
            role: 'expert',
            nextStep: aStep('Waiting for Ada to fund milestone 1', false),
          }),
          aContract({
            id: 'c-2',
            title: 'Glycan profiling',
            role: 'expert',
            nextStep: aStep('Deliver milestone 1: Plan', true, 'submit'),
          }),
          aContract({
            id: 'c-3',
            title: 'A project I hired for',
            role: 'client',
            nextStep: aStep('Fund milestone 1', true),
          }),
          aContract({
            id: 'c-4',
            title: 'Finished study',
            role: 'expert',
            nextStep: null,
            status: 'completed',
          }),
        ],
      },
    });
    renderPage(<ExpertActionItems empty="No invitations waiting." />, '/profile/freelancer-dashboard');
    const mine = await section('Needs your action');
    expect(await within(mine).findByText('Deliver milestone 1: Plan')).toBeTruthy();
    expect(links(mine)).toEqual([
      ['Deliver milestone 1: PlanGlycan profiling · for Ada Client', '/profile/workspace/c-2'],
    ]);
    expect(links(await section('Waiting on the other side'))).toEqual([
      ['Waiting for Ada to fund milestone 1RNA-seq report · for Ada Client', '/profile/workspace/c-1'],
    ]);
    expect(screen.queryByText(/Start work/)).toBeNull();
  });
});

describe("the client's dashboard", PAGE_TEST, () => {
  it('puts the contract to fund before the quotes to review, and the one waiting on the expert apart', async () => {
    fakeApi({
      'GET /api/projects/mine': {
        projects: [aProject({ id: 'p-9', title: 'Soil microbiome', pendingQuoteCount: 2, quoteCount: 2 })],
        nextCursor: null,
      },
      'GET /api/contracts': {
        contracts: [
          aContract({
            id: 'c-3',
            title: 'RNA-seq report',
            role: 'client',
            nextStep: aStep('Fund milestone 1: Analysis plan', true),
          }),
          aContract({
            id: 'c-5',
            title: 'Protein assay',
            role: 'client',
            nextStep: aStep('Waiting for Dana to deliver milestone 2', false),
          }),
          aContract({
            id: 'c-2',
            title: 'Work I do as an expert',
            role: 'expert',
            nextStep: aStep('Deliver milestone 1', true, 'submit'),
          }),
        ],
      },
    });
    renderPage(
      <OwnerActionItems empty="Nothing needs your action right now." />,
      '/profile/project-owner-dashboard',
    );
    const mine = await section('Needs your action');
    await within(mine).findByText('Fund milestone 1: Analysis plan');
    expect(links(mine)).toEqual([
      ['Fund milestone 1: Analysis planRNA-seq report · with Dana Whitfield', '/profile/workspace/c-3'],
      ['2 quotes to review on “Soil microbiome”', '/profile/proposals'],
    ]);
    expect(links(await section('Waiting on the other side'))).toEqual([
      [
        'Waiting for Dana to deliver milestone 2Protein assay · with Dana Whitfield',
        '/profile/workspace/c-5',
      ],
    ]);
  });
});
