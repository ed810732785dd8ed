import { SEARCH_COUNT_EXACT_UP_TO, usdMinor } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertProfiles, users } from '../../src/db/schema/index.ts';
import {
  DEMO_EXPERT_COUNT,
  generateExpert,
  insertExperts,
  refreshSubjectCatalogue,
  seedDemoExpertProfile,
  seedExperts,
} from '../../src/db/seed/experts.ts';
import { refreshConvertedRates } from '../../src/lib/converted-rates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expertSeed, makeExperts, uniqueWord } from '../factories.ts';
import { search, searchSlugs } from '../support/requests.ts';

/**
 * Issue #16 items 10-12: skills, headline and bio are searched with subject > skills > headline >
 * bio, generated experts have real techniques in their bios, ratings rank by a Bayesian score,
 * experts not taking work come last, and rates compare in one currency.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The embedded demo set: the first DEMO_EXPERT_COUNT generated experts.
  await seedExperts(t.app.db, DEMO_EXPERT_COUNT);
  await refreshSubjectCatalogue(t.app.db);
}, 120_000);
afterAll(() => t.close());

/** GET /api/experts/count for the same query. */
async function count(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/experts/count?${params.toString()}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number; relation: string }>();
}

const only = (slugs: string[], mine: { slug: string }[]) =>
  slugs.filter((s) => mine.some((m) => m.slug === s));

describe('what search reads', () => {
  it('"Nextflow", which only the skills of the demo expert list, finds the demo expert', async () => {
    const [person] = await t.app.db
      .insert(users)
      .values({ email: 'demo-expert@example.test', firstName: 'Maya', lastName: 'Okonkwo-Test' })
      .returning();
    expect(await seedDemoExpertProfile(t.app.db, person!.email)).toBe(true);
    const [profile] = await t.app.db
      .select({ slug: expertProfiles.slug, bio: expertProfiles.bio, headline: expertProfiles.headline })
      .from(expertProfiles)
      .where(eq(expertProfiles.userId, person!.id));
    // Only the skills say it: the test would pass for the wrong reason otherwise.
    expect(`${profile!.bio} ${profile!.headline}`).not.toMatch(/nextflow/i);
    const { body } = await search(t.app, { q: 'Nextflow' });
    expect(body.experts.map((e) => e.slug)).toContain(profile!.slug);
    expect((await count({ q: 'Nextflow' })).count).toBe(body.experts.length);
  });

  it.each([
    ['CRISPR', /CRISPR/],
    ['gene editing', /gene editing/i],
    ['cryo-EM', /cryo-EM/i],
  ])('"%s" finds the generated experts who use it, and only them', async (q, pattern) => {
    const users = Array.from({ length: DEMO_EXPERT_COUNT }, (_, n) => generateExpert(n)).filter((e) =>
      pattern.test(`${e.headline} ${e.bio} ${e.skills?.join(' ')}`),
    );
    expect(users.length).toBeGreaterThan(3);
    const { body } = await search(t.app, { q, limit: 50 });
    const using = new Set(users.map((u) => u.slug));
    const found = body.experts.map((e) => e.slug);
    expect(found.filter((slug) => !using.has(slug))).toEqual([]);
    expect(found).toHaveLength(Math.min(50, users.length));
    expect(await count({ q })).toEqual({ count: users.length, relation: 'exactly' });
  });

  it('ranks a word in the subjects above skills, above the headline, above the bio, whatever the ratings', async () => {
    const word = uniqueWord();
    const title = word[0]!.toUpperCase() + word.slice(1);
    const neutral = { headline: 'Independent scientist', bio: 'Reports for research teams.' };
    const stars = (sum: number, count: number) => ({ ratingSum: sum, ratingCount: count });
    // The better the field, the worse the rating: the order can only come from the weights.
    const [bio, headline, skills, subject] = await makeExperts(t.app.db, [
      { ...neutral, bio: `Runs ${word} assays for biotech teams.`, ...stars(500, 100) },
      { ...neutral, headline: `Consultant for ${word} projects`, ...stars(450, 100) },
      { ...neutral, skills: [title, 'Python'], ...stars(400, 100) },
      { ...neutral, subjects: [`${title} chemistry`], ...stars(300, 100) },
    ]);
    const { body } = await search(t.app, { q: word });
    expect(body.experts.map((e) => e.slug)).toEqual([subject!.slug, skills!.slug, headline!.slug, bio!.slug]);
    expect(body.total).toEqual({ count: 4, relation: 'exactly' });
    expect(await count({ q: word })).toEqual({ count: 4, relation: 'exactly' });
  });

  it('keeps typo tolerance: a misspelt subject finds its specialists and says so', async () => {
    const { body } = await search(t.app, { q: 'bioinformatcs' });
    expect(body.matchedSubjects).toContain('Bioinformatics');
    expect(body.experts.length).toBeGreaterThan(0);
    expect(body.experts[0]!.subjects).toContain('Bioinformatics');
  });
});

describe('result count', () => {
  it('comes with a first page that is the whole result; otherwise GET /api/experts/count gives it exactly', async () => {
    const word = uniqueWord();
    await makeExperts(
      t.app.db,
      Array.from({ length: 3 }, () => ({ headline: `Adviser ${word}` })),
    );
    const whole = await search(t.app, { q: word });
    expect(whole.body.total).toEqual({ count: 3, relation: 'exactly' });
    const first = await search(t.app, { q: word, limit: 2 });
    expect(first.body.total).toBeNull();
    expect(await count({ q: word, limit: 2 })).toEqual({ count: 3, relation: 'exactly' });
    const second = await search(t.app, { q: word, limit: 2, cursor: first.body.nextCursor! });
    expect(second.body.total).toBeNull();
    expect((await search(t.app, { q: uniqueWord() })).body.total).toEqual({ count: 0, relation: 'exactly' });
    expect(await count({ q: uniqueWord() })).toEqual({ count: 0, relation: 'exactly' });
    // Filters count as they search, and a refused query is refused here too.
    expect(await count({ q: word, country: 'AQ' })).toEqual({ count: 0, relation: 'exactly' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/experts/count?minRate=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it(`beyond ${SEARCH_COUNT_EXACT_UP_TO} it stops counting and gives an estimate or "more than"`, async () => {
    const word = uniqueWord();
    await insertExperts(
      t.app.db,
      Array.from({ length: SEARCH_COUNT_EXACT_UP_TO + 50 }, () =>
        expertSeed({ headline: `Technician ${word}`, ratingCount: 0, ratingSum: 0 }),
      ),
    );
    await t.app.db.execute(sql`analyze expert_profiles`);
    const total = await count({ q: word });
    expect(total.relation).not.toBe('exactly');
    expect(total.count).toBeGreaterThanOrEqual(SEARCH_COUNT_EXACT_UP_TO);
  }, 60_000);
});

describe('ranking', () => {
  it('one 5-star review ranks below 125 reviews at 4.9 (Bayesian score), for best match and highest rated', async () => {
    const word = uniqueWord();
    const [once, proven] = await makeExperts(t.app.db, [
      { headline: `Chemist ${word}`, ratingSum: 5, ratingCount: 1 },
      { headline: `Chemist ${word}`, ratingSum: 613, ratingCount: 125 },
    ]);
    for (const sort of ['relevance', 'rating']) {
      expect(await searchSlugs(t.app, { q: word, sort })).toEqual([proven!.slug, once!.slug]);
    }
    // The card still shows the plain average of the reviews.
    const { body } = await search(t.app, { q: word });
    expect(body.experts.map((e) => e.ratingAverage)).toEqual([4.9, 5]);
  });

  it('puts experts not taking work after those who are, with a query and without', async () => {
    const word = uniqueWord();
    const country = 'NU';
    const [unavailable, available, limited] = await makeExperts(t.app.db, [
      {
        headline: `Physicist ${word}`,
        availability: 'unavailable',
        ratingSum: 500,
        ratingCount: 100,
        country,
      },
      { headline: `Physicist ${word}`, availability: 'available', ratingSum: 35, ratingCount: 10, country },
      { headline: `Physicist ${word}`, availability: 'limited', ratingSum: 40, ratingCount: 10, country },
    ]);
    const expected = [limited!.slug, available!.slug, unavailable!.slug];
    expect(await searchSlugs(t.app, { q: word })).toEqual(expected);
    const mine = [unavailable!, available!, limited!];
    expect(only(await searchSlugs(t.app, { country, limit: 50 }), mine)).toEqual(expected);
  });
});

describe('rates in three currencies', () => {
  it('filters and sorts on the amount in US dollars and shows both', async () => {
    const word = uniqueWord();
    const [euros, dollars, pounds] = await makeExperts(t.app.db, [
      { headline: `Analyst ${word}`, hourlyRateMinor: 10_000, currency: 'EUR' }, // $108.00
      { headline: `Analyst ${word}`, hourlyRateMinor: 11_000, currency: 'USD' }, // $110.00
      { headline: `Analyst ${word}`, hourlyRateMinor: 9_000, currency: 'GBP' }, // $114.30
    ]);
    expect(await searchSlugs(t.app, { q: word, sort: 'rate_asc' })).toEqual([
      euros!.slug,
      dollars!.slug,
      pounds!.slug,
    ]);
    expect(await searchSlugs(t.app, { q: word, sort: 'rate_desc' })).toEqual([
      pounds!.slug,
      dollars!.slug,
      euros!.slug,
    ]);
    expect(await searchSlugs(t.app, { q: word, minRate: 109, sort: 'rate_asc' })).toEqual([
      dollars!.slug,
      pounds!.slug,
    ]);
    expect(await searchSlugs(t.app, { q: word, maxRate: 109 })).toEqual([euros!.slug]);
    const { body } = await search(t.app, { q: word, sort: 'rate_asc' });
    expect(body.experts.map((e) => [e.rate, e.rateUsdMinor])).toEqual([
      [{ amountMinor: 10_000, currency: 'EUR' }, 10_800],
      [{ amountMinor: 11_000, currency: 'USD' }, 11_000],
      [{ amountMinor: 9_000, currency: 'GBP' }, 11_430],
    ]);
  });

  it('converts in integers, half up, and stored amounts follow a change of reference rate', async () => {
    expect(usdMinor(1, 'EUR')).toBe(1); // 1.08 cents
    expect(usdMinor(50, 'GBP')).toBe(64); // 63.5 cents, half up
    expect(usdMinor(12_345, 'USD')).toBe(12_345);
    const word = uniqueWord();
    const [pounds] = await makeExperts(t.app.db, [
      { headline: `Editor ${word}`, hourlyRateMinor: 9_000, currency: 'GBP' },
    ]);
    // As if the stored amount had been converted at an older rate.
    await t.app.db
      .update(expertProfiles)
      .set({ rateUsdMinor: 1 })
      .where(eq(expertProfiles.slug, pounds!.slug));
    await refreshConvertedRates(t.app.db);
    const [row] = await t.app.db
      .select({ usd: expertProfiles.rateUsdMinor })
      .from(expertProfiles)
      .where(eq(expertProfiles.slug, pounds!.slug));
    expect(row!.usd).toBe(usdMinor(9_000, 'GBP'));
  });
});
