import {
  RATING_PRIOR_MEAN_CENTI,
  RATING_PRIOR_WEIGHT,
  type ErrorResponse,
  type ExpertProfile,
} from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expertProfiles, subjects } from '../../src/db/schema/index.ts';
import { refreshSubjectCatalogue } from '../../src/db/seed/experts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeExperts, uniqueWord } from '../factories.ts';
import { search, searchSlugs } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await refreshSubjectCatalogue(t.app.db);
});
afterAll(() => t.close());

const only = (slugs: string[], mine: { slug: string }[]) =>
  slugs.filter((s) => mine.some((m) => m.slug === s));

describe('GET /api/experts: relevance', () => {
  it('ranks the specialists of a subject above people who only mention it, and survives a one-letter typo', async () => {
    const country = 'IS';
    const specialists = await makeExperts(t.app.db, [
      {
        subjects: ['Bioinformatics', 'Genomics'],
        headline: 'Bioinformatician for sequencing projects',
        country,
      },
      { subjects: ['Bioinformatics'], headline: 'Computational scientist', country },
    ]);
    const mentions = await makeExperts(t.app.db, [
      {
        subjects: ['Ecology'],
        headline: 'Field ecologist',
        bio: 'Ecologist who sometimes collaborates with a bioinformatics team on field surveys and long reports.',
        country,
      },
    ]);
    const mine = [...specialists, ...mentions];

    const exact = only(await searchSlugs(t.app, { q: 'bioinformatics', country }), mine);
    expect(exact.slice(0, 2).sort()).toEqual(specialists.map((s) => s.slug).sort());
    expect(exact).toContain(mentions[0]!.slug);

    const typo = await search(t.app, { q: 'bioinformatcs', country });
    expect(typo.body.matchedSubjects).toContain('Bioinformatics');
    expect(
      only(
        typo.body.experts.map((e) => e.slug),
        mine,
      )
        .slice(0, 2)
        .sort(),
    ).toEqual(specialists.map((s) => s.slug).sort());
  });

  it('finds people by name, also misspelt, and by words of the headline', async () => {
    const word = uniqueWord();
    const [person] = await makeExperts(t.app.db, [
      { firstName: 'Chiamaka', lastName: 'Nwachukwu', headline: `Expert in ${word} assays` },
    ]);
    expect(await searchSlugs(t.app, { q: 'Chiamaka Nwachukwu' })).toContain(person!.slug);
    expect(await searchSlugs(t.app, { q: 'Nwachukwo' })).toContain(person!.slug);
    expect(await searchSlugs(t.app, { q: word })).toEqual([person!.slug]);
  });

  it('a renamed expert moves into and out of the name tier at once', async () => {
    const word = uniqueWord();
    const Word = word[0]!.toUpperCase() + word.slice(1);
    const [titled, mentioned] = await makeExperts(t.app.db, [
      { headline: `Adviser on ${word}` },
      { bio: `Once wrote a report on ${word} for a museum.` },
    ]);
    const rename = (displayName: string) =>
      t.app.db.update(expertProfiles).set({ displayName }).where(eq(expertProfiles.slug, mentioned!.slug));
    expect(await searchSlugs(t.app, { q: word })).toEqual([titled!.slug, mentioned!.slug]);

    await rename(`Ada ${Word}`);
    expect(await searchSlugs(t.app, { q: word })).toEqual([mentioned!.slug, titled!.slug]);

    await rename('Ada Lovelace');
    expect(await searchSlugs(t.app, { q: word })).toEqual([titled!.slug, mentioned!.slug]);

    await t.app.db
      .update(expertProfiles)
      .set({ subjects: [`${Word} studies`] })
      .where(eq(expertProfiles.slug, mentioned!.slug));
    expect(await searchSlugs(t.app, { q: word })).toEqual([mentioned!.slug, titled!.slug]);
  });

  it('finds an expert whose name and subjects are too long for the name tier, with the skills', async () => {
    const word = uniqueWord();
    // Ten 60-character subjects in a script of three bytes a character, each character its own
    // word: their vector is several kilobytes, more than a row of the rank index holds.
    const han = (from: number) =>
      Array.from({ length: 29 }, (_, i) => String.fromCodePoint(0x4e00 + ((from + i * 37) % 20000))).join(
        ' ',
      );
    const subjects = Array.from({ length: 10 }, (_, i) => `S${i} ${han(i * 997)}`.slice(0, 60));
    subjects[0] = `${word} ${subjects[0]!}`.slice(0, 60);
    const [long] = await makeExperts(t.app.db, [{ subjects }]);
    const [skilled] = await makeExperts(t.app.db, [{ skills: [word] }]);
    expect((await searchSlugs(t.app, { q: word })).sort()).toEqual([long!.slug, skilled!.slug].sort());
  });

  it('a word the query excludes ("-surveys") keeps out everyone who mentions it, in the bio too', async () => {
    const word = uniqueWord();
    const subject = word[0]!.toUpperCase() + word.slice(1);
    const [kept, ...excluded] = await makeExperts(t.app.db, [
      { subjects: [subject], headline: 'Independent scientist', bio: 'Reports for research teams.' },
      { subjects: [subject], headline: 'Independent scientist', bio: 'Runs field surveys for museums.' },
      { headline: `Adviser on ${word}`, bio: 'Designs surveys for public health teams.' },
    ]);
    expect((await searchSlugs(t.app, { q: word })).sort()).toEqual(
      [kept!, ...excluded].map((e) => e.slug).sort(),
    );
    expect(await searchSlugs(t.app, { q: `${word} -surveys` })).toEqual([kept!.slug]);
  });

  it('never returns drafts, submitted or rejected profiles, anywhere public', async () => {
    const word = uniqueWord();
    const hidden = await makeExperts(t.app.db, [
      { headline: `Draft ${word}`, status: 'draft', subjects: [`${word} studies`] },
      { headline: `Submitted ${word}`, status: 'submitted' },
      { headline: `Rejected ${word}`, status: 'rejected' },
    ]);
    const [shown] = await makeExperts(t.app.db, [{ headline: `Approved ${word}` }]);
    expect(await searchSlugs(t.app, { q: word })).toEqual([shown!.slug]);
    for (const { slug } of hidden) {
      expect((await t.app.inject({ method: 'GET', url: `/api/experts/${slug}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/experts/${slug}/avatar.svg` })).statusCode).toBe(
        404,
      );
    }
    const suggestions = await t.app.inject({ method: 'GET', url: `/api/subjects?prefix=${word}` });
    expect(suggestions.json<{ subjects: unknown[] }>().subjects).toEqual([]);
  });
});

describe('GET /api/experts: filters', () => {
  it.each([
    ['category', { category: 'writers' }, { category: 'consultants' as const }],
    ['country', { country: 'pt' }, { country: 'ES' }],
    ['availability', { availability: 'limited' }, { availability: 'available' as const }],
    // Rate bounds are inclusive: exactly 100 stays, a cent outside goes.
    ['minRate', { minRate: 100 }, { hourlyRateMinor: 9_999 }],
    ['maxRate', { maxRate: 100 }, { hourlyRateMinor: 10_001 }],
    ['minRating', { minRating: 4 }, { ratingSum: 39, ratingCount: 10 }],
  ] as const)('%s keeps only matching experts', async (_name, filter, excludedChange) => {
    const word = uniqueWord();
    const base = {
      headline: `Specialist ${word}`,
      category: 'writers' as const,
      country: 'PT',
      availability: 'limited' as const,
      hourlyRateMinor: 10_000,
      ratingSum: 45,
      ratingCount: 10,
    };
    const [kept, excluded] = await makeExperts(t.app.db, [base, { ...base, ...excludedChange }]);
    expect(await searchSlugs(t.app, { q: word })).toHaveLength(2);
    expect(await searchSlugs(t.app, { q: word, ...filter })).toEqual([kept!.slug]);
    expect(excluded).toBeDefined();
  });

  it('subject keeps the experts of that subject; an unknown subject is an honest empty page', async () => {
    const word = uniqueWord();
    const [food, other] = await makeExperts(t.app.db, [
      { headline: `Formulator ${word}`, subjects: ['Food science'] },
      { headline: `Formulator ${word}`, subjects: ['Materials science'] },
    ]);
    expect(await searchSlugs(t.app, { q: word, subject: 'food-science' })).toEqual([food!.slug]);
    expect(await searchSlugs(t.app, { q: word, subject: 'materials-science' })).toEqual([other!.slug]);
    expect(await searchSlugs(t.app, { q: word, subject: 'no-such-subject' })).toEqual([]);
  });

  it('compares rates across currencies at the reference rates', async () => {
    const word = uniqueWord();
    const [pounds] = await makeExperts(t.app.db, [
      { headline: `Analyst ${word}`, hourlyRateMinor: 10_000, currency: 'GBP' },
    ]);
    // 100 GBP is about 127 USD: inside 120-130, outside 90-110.
    expect(await searchSlugs(t.app, { q: word, minRate: 120, maxRate: 130 })).toEqual([pounds!.slug]);
    expect(await searchSlugs(t.app, { q: word, minRate: 90, maxRate: 110 })).toEqual([]);
  });
});

describe('GET /api/experts: sorting and pages', () => {
  const rated = (word: string) =>
    [
      { rate: 5_000, sum: 48, count: 10 },
      { rate: 20_000, sum: 30, count: 10 },
      { rate: 12_000, sum: 41, count: 10 },
      { rate: 9_000, sum: 0, count: 0 },
      { rate: 15_000, sum: 50, count: 10 },
    ].map(({ rate, sum, count }) => ({
      headline: `Consultant ${word}`,
      hourlyRateMinor: rate,
      ratingSum: sum,
      ratingCount: count,
    }));

  it.each([
    ['rating', (a: number[], b: number[]) => b[1]! - a[1]!],
    ['rate_asc', (a: number[], b: number[]) => a[0]! - b[0]!],
    ['rate_desc', (a: number[], b: number[]) => b[0]! - a[0]!],
  ] as const)('sort=%s orders the results', async (sort, compare) => {
    const word = uniqueWord();
    const seeds = rated(word);
    const made = await makeExperts(t.app.db, seeds);
    const keys = new Map(
      made.map((m, i) => [
        m.slug,
        // "rating" sorts by the Bayesian score: the plain average pulled towards the prior.
        [
          seeds[i]!.hourlyRateMinor,
          (seeds[i]!.ratingSum * 100 + RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN_CENTI) /
            (seeds[i]!.ratingCount + RATING_PRIOR_WEIGHT),
        ],
      ]),
    );
    const slugs = await searchSlugs(t.app, { q: word, sort });
    const expected = [...keys.entries()].sort((a, b) => compare(a[1], b[1])).map(([slug]) => slug);
    expect(slugs).toEqual(expected);
  });

  it.each(['relevance', 'rating', 'rate_asc', 'rate_desc'] as const)(
    'sort=%s: pages of 2 walk every result exactly once, and a cursor gives the same page twice',
    async (sort) => {
      const word = uniqueWord();
      // Equal sort keys on purpose: ties must still split cleanly across pages.
      const made = await makeExperts(
        t.app.db,
        Array.from({ length: 7 }, () => ({ headline: `Adviser ${word}`, ratingSum: 40, ratingCount: 10 })),
      );
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: Record<string, string | number> = {
          q: word,
          sort,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        };
        const { body } = await search(t.app, query);
        const again = await search(t.app, query);
        expect(again.body.experts.map((e) => e.slug)).toEqual(body.experts.map((e) => e.slug));
        seen.push(...body.experts.map((e) => e.slug));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(4);
      expect(seen.sort()).toEqual(made.map((m) => m.slug).sort());
    },
  );

  it('relevance: specialists, then name or headline matches, then bio mentions, best rated first in each, across pages', async () => {
    const word = uniqueWord();
    const subject = word[0]!.toUpperCase() + word.slice(1);
    const stars = (tenths: number) => ({ ratingSum: tenths, ratingCount: 10 });
    const neutral = { headline: 'Independent scientist', bio: 'Reports for research teams.' };
    const specialists = await makeExperts(t.app.db, [
      { ...neutral, subjects: [subject], ...stars(30) },
      { ...neutral, subjects: [subject, 'Genomics'], ...stars(45) },
      { ...neutral, subjects: [subject], ...stars(20) },
    ]);
    const titles = await makeExperts(t.app.db, [
      { ...neutral, headline: `Consultant for ${word} projects`, ...stars(50) },
      { ...neutral, headline: `Adviser on ${word}`, ...stars(10) },
    ]);
    const mentions = await makeExperts(t.app.db, [
      { ...neutral, bio: `Once ran a ${word} survey for a museum.`, ...stars(49) },
      { ...neutral, bio: `Curious about ${word} and its uses.`, ratingSum: 0, ratingCount: 0 },
    ]);
    await t.app.db.insert(subjects).values({ slug: word, name: subject, category: 'researchers' });
    const expected = [
      specialists[1]!,
      specialists[0]!,
      specialists[2]!,
      titles[0]!,
      titles[1]!,
      mentions[0]!,
      mentions[1]!,
    ].map((e) => e.slug);

    const onePage = await search(t.app, { q: word, limit: 50 });
    expect(onePage.body.matchedSubjects).toEqual([subject]);
    expect(onePage.body.experts.map((e) => e.slug)).toEqual(expected);

    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await search(t.app, { q: word, limit: 2, ...(cursor ? { cursor } : {}) });
      walked.push(...body.experts.map((e) => e.slug));
      cursor = body.nextCursor;
    } while (cursor && walked.length < 20);
    expect(walked).toEqual(expected);
  });

  it('refuses a cursor made for another sort, and garbage cursors, with 400', async () => {
    const word = uniqueWord();
    await makeExperts(t.app.db, [{ headline: `Editor ${word}` }, { headline: `Editor ${word}` }]);
    const { body } = await search(t.app, { q: word, sort: 'rating', limit: 1 });
    expect(body.nextCursor).not.toBeNull();
    for (const cursor of [body.nextCursor!, 'garbage', 'WyJyYXRpbmciLDEsIngiXQ']) {
      const { response } = await search(t.app, { q: word, sort: 'rate_asc', limit: 1, cursor });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toMatch(/page link/);
    }
  });
});

describe('profiles, avatars, subjects, featured, stats', () => {
  it('GET /api/experts/:slug presents the public profile with integer stars', async () => {
    const [made] = await makeExperts(t.app.db, [
      {
        firstName: 'Tu',
        lastName: 'Youyou',
        ratingSum: 37,
        ratingCount: 10,
        education: [{ degree: 'BSc', institution: 'Peking University', field: 'Pharmacology', year: 1955 }],
        publications: [{ title: 'Artemisinin', url: 'https://example.org/a', year: 1979 }],
      },
    ]);
    const response = await t.app.inject({ method: 'GET', url: `/api/experts/${made!.slug}` });
    expect(response.statusCode).toBe(200);
    const profile = response.json<ExpertProfile>();
    expect(profile).toMatchObject({
      name: 'Tu Youyou',
      rating: 4,
      ratingAverage: 3.7,
      reviewCount: 10,
      rate: { amountMinor: 10_000, currency: 'USD' },
      avatarUrl: `/api/experts/${made!.slug}/avatar.svg`,
    });
    expect(profile.publications[0]!.title).toBe('Artemisinin');
    expect(JSON.stringify(profile)).not.toMatch(/example\.test|userId|rating_sum/);
    expect((await t.app.inject({ method: 'GET', url: '/api/experts/nobody-here' })).statusCode).toBe(404);
  });

  it('serves a deterministic, cacheable initials avatar', async () => {
    const [made] = await makeExperts(t.app.db, [{ firstName: 'Émilie', lastName: '<du Châtelet>' }]);
    const first = await t.app.inject({ method: 'GET', url: `/api/experts/${made!.slug}/avatar.svg` });
    const second = await t.app.inject({ method: 'GET', url: `/api/experts/${made!.slug}/avatar.svg` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.headers['cache-control']).toMatch(/max-age/);
    expect(first.body).toBe(second.body);
    expect(first.body).toContain('>ÉC<');
    expect(first.body).not.toContain('<du');
  });

  it('GET /api/subjects suggests by prefix and by close spelling, at most 10', async () => {
    const prefix = await t.app.inject({ method: 'GET', url: '/api/subjects?prefix=bio' });
    const names = prefix.json<{ subjects: { name: string }[] }>().subjects.map((s) => s.name);
    expect(names).toContain('Bioinformatics');
    expect(names.length).toBeLessThanOrEqual(10);
    expect(names.every((n) => n.toLowerCase().startsWith('bio') || n.toLowerCase().includes(' bio'))).toBe(
      true,
    );
    const typo = await t.app.inject({ method: 'GET', url: '/api/subjects?prefix=epidemology' });
    expect(typo.json<{ subjects: { name: string }[] }>().subjects[0]!.name).toBe('Epidemiology');
  });

  it('featured lists up to five per category, best rated first; stats count approved experts and countries', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/experts/stats' })).json<{
      experts: number;
      countries: number;
    }>();
    const [star] = await makeExperts(t.app.db, [
      { category: 'product_developers', ratingSum: 500, ratingCount: 100, country: 'TV' },
      { category: 'product_developers', status: 'draft', ratingSum: 500, ratingCount: 100 },
    ]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/experts/stats' })).json<{
      experts: number;
      countries: number;
    }>();
    expect(after.experts - before.experts).toBe(1);
    expect(after.countries - before.countries).toBe(1);
    const featured = (await t.app.inject({ method: 'GET', url: '/api/experts/featured' })).json<{
      categories: { category: string; experts: { slug: string }[] }[];
    }>();
    expect(featured.categories.map((c) => c.category)).toEqual([
      'writers',
      'data_analysts',
      'consultants',
      'product_developers',
      'researchers',
    ]);
    const developers = featured.categories.find((c) => c.category === 'product_developers')!;
    expect(developers.experts[0]!.slug).toBe(star!.slug);
    expect(featured.categories.every((c) => c.experts.length <= 5)).toBe(true);
  });
});
