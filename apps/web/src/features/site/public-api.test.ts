import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchExpertStats, fetchFeaturedExperts, fetchSubjectNames } from './public-api.ts';

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

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
  verifiedOrcid: null,
};

afterEach(() => vi.restoreAllMocks());

describe('public reads of the marketing pages', () => {
  it('accept the contract shapes', async () => {
    answer(200, { categories: [{ category: 'data_analysts', label: 'Data Analysts', experts: [card] }] });
    expect((await fetchFeaturedExperts()).categories[0]!.experts[0]!.name).toBe('Ada Lovelace');
    answer(200, { experts: 301, countries: 135 });
    expect(await fetchExpertStats()).toEqual({ experts: 301, countries: 135 });
    const spy = answer(200, {
      subjects: [{ name: 'Bioinformatics', slug: 'bioinformatics', category: null, expertCount: 4 }],
    });
    expect(await fetchSubjectNames('bio inf')).toEqual(['Bioinformatics']);
    expect(spy.mock.calls.at(-1)![0]).toBe('/api/subjects?prefix=bio%20inf&limit=8');
  });

  it("carry the server's message and status, and name network failures", async () => {
    answer(429, { message: 'Too many requests. Try again in a minute.', code: 'rate_limited' });
    await expect(fetchExpertStats()).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Too many requests. Try again in a minute.',
    });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchExpertStats()).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
