import type { ExpertCard as ExpertCardData } from '@sciwise/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ExpertCard } from './expert-card.tsx';
import { VerifiedOrcidBadge } from './verified-orcid-badge.tsx';

const card = (verifiedOrcid: ExpertCardData['verifiedOrcid']): ExpertCardData => ({
  slug: 'rosalind-franklin',
  name: 'Rosalind Franklin',
  avatarUrl: '/api/experts/rosalind-franklin/avatar.svg',
  headline: 'X-ray crystallographer',
  category: 'researchers',
  subjects: ['Structural biology'],
  rate: { amountMinor: 12_000, currency: 'USD' },
  rateUsdMinor: 12_000,
  country: 'GB',
  availability: 'available',
  rating: 5,
  ratingAverage: 4.9,
  reviewCount: 12,
  verifiedOrcid,
});

afterEach(cleanup);

describe('the verified ORCID badge', () => {
  it('names the iD and links to its public ORCID record, apart from the app', () => {
    render(
      <VerifiedOrcidBadge
        orcid={{
          id: '0000-0002-1825-0097',
          url: 'https://orcid.org/0000-0002-1825-0097',
          development: false,
        }}
      />,
    );
    const link = screen.getByRole('link', {
      name: /^Verified ORCID 0000-0002-1825-0097, opens the public ORCID record$/,
    });
    expect(link.getAttribute('href')).toBe('https://orcid.org/0000-0002-1825-0097');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('iDVerified ORCID0000-0002-1825-0097');
  });

  it('says when the iD is a development one, and never claims it is an ORCID record', () => {
    render(
      <VerifiedOrcidBadge
        orcid={{
          id: '0000-0000-0000-300X',
          url: 'http://127.0.0.1:3001/orcid/0000-0000-0000-300X',
          development: true,
        }}
      />,
    );
    const link = screen.getByRole('link', { name: /development iD/ });
    expect(link.textContent).toContain('development iD');
    expect(link.getAttribute('aria-label')).not.toMatch(/ORCID record/);
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:3001/orcid/0000-0000-0000-300X');
  });

  it('makes no link of an address that is not http(s)', () => {
    render(
      <VerifiedOrcidBadge
        orcid={{ id: '0000-0002-1825-0097', url: 'javascript:alert(1)', development: false }}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('0000-0002-1825-0097')).toBeTruthy();
  });

  it('shows on a search card only when the expert has a verified iD', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ExpertCard expert={card(null)} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Verified ORCID')).toBeNull();
    unmount();

    render(
      <MemoryRouter>
        <ExpertCard
          expert={card({
            id: '0000-0002-1825-0097',
            url: 'https://orcid.org/0000-0002-1825-0097',
            development: false,
          })}
        />
      </MemoryRouter>,
    );
    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: /Verified ORCID 0000-0002-1825-0097/ })).toBeTruthy();
    // The card's own link to the profile still works beside it.
    expect(within(article).getByRole('link', { name: 'Rosalind Franklin' }).getAttribute('href')).toBe(
      '/experts/rosalind-franklin',
    );
  });
});
