import type { ExpertCard as ExpertCardData } from '@sciwise/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ExpertCard } from './expert-card.tsx';
import { resultCountText, usdEquivalent } from './format.ts';

afterEach(cleanup);

const expert: ExpertCardData = {
  slug: 'maya-patel',
  name: 'Maya Patel',
  avatarUrl: '/api/experts/maya-patel/avatar.svg',
  headline: 'Bioinformatician',
  category: 'data_analysts',
  subjects: ['Bioinformatics'],
  rate: { amountMinor: 9_500, currency: 'GBP' },
  rateUsdMinor: 12_065,
  country: 'GB',
  availability: 'available',
  rating: 5,
  ratingAverage: 4.7,
  reviewCount: 47,
  verifiedOrcid: null,
};

const renderCard = (card: ExpertCardData) =>
  render(
    <MemoryRouter>
      <ExpertCard expert={card} />
    </MemoryRouter>,
  );

describe('an expert card', () => {
  it("shows the expert's own currency and the US-dollar amount the filters use", () => {
    renderCard(expert);
    const rate = screen.getByText('Hourly rate').nextElementSibling!;
    expect(rate.textContent).toBe('£95 /hr≈ $121 /hr');
  });

  it('shows a rate in dollars once', () => {
    renderCard({ ...expert, rate: { amountMinor: 11_000, currency: 'USD' }, rateUsdMinor: 11_000 });
    const rate = screen.getByText('Hourly rate').nextElementSibling!;
    expect(rate.textContent).toBe('$110 /hr');
  });
});

describe('format', () => {
  it('rounds the converted rate to whole dollars, and says nothing for dollars', () => {
    expect(usdEquivalent({ currency: 'EUR' }, 10_849)).toBe('≈ $108');
    expect(usdEquivalent({ currency: 'GBP' }, 11_450)).toBe('≈ $115');
    expect(usdEquivalent({ currency: 'USD' }, 11_000)).toBeNull();
  });

  it('words a result count as exact, estimated or a lower bound', () => {
    expect(resultCountText({ count: 1, relation: 'exactly' })).toBe('1 expert');
    expect(resultCountText({ count: 0, relation: 'exactly' })).toBe('0 experts');
    expect(resultCountText({ count: 734, relation: 'exactly' })).toBe('734 experts');
    expect(resultCountText({ count: 12_000, relation: 'about' })).toBe('About 12,000 experts');
    expect(resultCountText({ count: 1_000, relation: 'more_than' })).toBe('More than 1,000 experts');
  });
});
