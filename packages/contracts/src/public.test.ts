import { describe, expect, it } from 'vitest';
import { expertProfileSchema } from './experts.ts';
import { errorResponseSchema, expertCardSchema, isValidOrcid } from './public.ts';

const card = {
  slug: 'ada-lovelace',
  name: 'Ada Lovelace',
  avatarUrl: '/api/experts/ada-lovelace/avatar.svg',
  headline: 'Analytical engines',
  category: 'data_analysts',
  subjects: ['Statistics'],
  rate: { amountMinor: 12_000, currency: 'GBP' },
  rateUsdMinor: 15_240,
  country: 'GB',
  availability: 'available',
  rating: 5,
  ratingAverage: 4.9,
  reviewCount: 12,
  verifiedOrcid: {
    id: '0000-0002-1825-0097',
    url: 'https://orcid.org/0000-0002-1825-0097',
    development: false,
  },
};

describe('the public shapes (zod/mini), read by the public pages and sent by the server', () => {
  it('accept an expert card as the server sends it', () => {
    expect(expertCardSchema.safeParse(card).success).toBe(true);
    expect(expertCardSchema.safeParse({ ...card, verifiedOrcid: null }).success).toBe(true);
  });

  it('refuse a card whose stars, currency or ORCID iD are not what the contract says', () => {
    expect(expertCardSchema.safeParse({ ...card, rating: 6 }).success).toBe(false);
    expect(expertCardSchema.safeParse({ ...card, rate: { amountMinor: 1, currency: 'JPY' } }).success).toBe(
      false,
    );
    const badOrcid = { ...card.verifiedOrcid, id: '0000-0002-1825-0098' };
    expect(expertCardSchema.safeParse({ ...card, verifiedOrcid: badOrcid }).success).toBe(false);
  });

  it('extend into the full profile of the classic schemas', () => {
    const profile = {
      ...card,
      bio: 'Poetical science.',
      skills: [],
      languages: ['English'],
      education: [],
      publications: [],
      orcid: null,
      memberSince: '2025-01-01',
    };
    expect(expertProfileSchema.safeParse(profile).success).toBe(true);
    expect(expertProfileSchema.safeParse({ ...profile, bio: undefined }).success).toBe(false);
  });

  it('check ORCID iDs by their check digit', () => {
    expect(isValidOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isValidOrcid('0000-0002-1694-233X')).toBe(true);
    expect(isValidOrcid('0000-0002-1825-0098')).toBe(false);
    expect(isValidOrcid('0000000218250097')).toBe(false);
  });

  it('read every error the server sends, with or without field details', () => {
    expect(errorResponseSchema.safeParse({ message: 'Not found.', code: 'not_found' }).success).toBe(true);
    expect(
      errorResponseSchema.safeParse({
        message: 'Check the form.',
        code: 'invalid_input',
        details: [{ field: 'title', message: 'Too short.' }],
      }).success,
    ).toBe(true);
    expect(errorResponseSchema.safeParse({ message: 'Odd.', code: 'teapot' }).success).toBe(false);
  });
});
