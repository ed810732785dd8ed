import type { MatchesResponse, ProjectListResponse } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertProfiles, subjects } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { approvedExpert, openProject, signedInUser, type SignedInUser, uniqueWord } from '../factories.ts';
import { call, type Who } from '../support/requests.ts';

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app);
});
afterAll(() => t.close());

async function allPages(url: string, who: Who): Promise<ProjectListResponse['projects']> {
  const seen: ProjectListResponse['projects'] = [];
  let cursor: string | null = null;
  do {
    const joiner = url.includes('?') ? '&' : '?';
    const response = await call(t.app, 'GET', `${url}${cursor ? `${joiner}cursor=${cursor}` : ''}`, who);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ProjectListResponse>();
    seen.push(...body.projects);
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

describe('public list', () => {
  it('pages newest first without gaps or repeats; search and category filter; summary only when signed out', async () => {
    const word = uniqueWord();
    const made: string[] = [];
    for (let n = 0; n < 5; n++) {
      const project = await openProject(t.app, owner, {
        title: `Protein ${word} assay number ${n}`,
        category: n % 2 === 0 ? 'researchers' : 'data_analysts',
      });
      made.push(project.id);
    }
    const found = await allPages(`/api/projects?q=${word}&limit=2`, null);
    expect(found.map((p) => p.id)).toEqual([...made].reverse());
    expect(Object.keys(found[0]!).sort()).toEqual(['budget', 'category', 'id', 'publishedAt', 'title']);
    const signedIn = await allPages(`/api/projects?q=${word}&category=researchers`, owner);
    expect(signedIn.map((p) => p.id)).toEqual([made[4], made[2], made[0]]);
    expect(signedIn[0]!.excerpt).toContain('biostatistician');
    const bad = await call(t.app, 'GET', '/api/projects?cursor=nonsense', null);
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/projects?limit=0', null)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/projects?sort=price', null)).statusCode).toBe(400);
  });
  it('signed-out searches reach titles and subjects only, never the details they cannot read', async () => {
    const secret = uniqueWord();
    const project = await openProject(t.app, owner, {
      title: 'Stability study for a vaccine formulation',
      description: `Confidential: the adjuvant is ${secret}; details only for signed-in experts who may quote.`,
    });
    const anonymous = await allPages(`/api/projects?q=${secret}`, null);
    expect(anonymous).toEqual([]);
    const signedIn = await allPages(`/api/projects?q=${secret}`, owner);
    expect(signedIn.map((p) => p.id)).toEqual([project.id]);
    const byTitle = await allPages(`/api/projects?q=${encodeURIComponent('vaccine formulation')}`, null);
    expect(byTitle.map((p) => p.id)).toContain(project.id);
  });
});

describe('browse', () => {
  it("lists projects in the expert's subjects first, then the rest, across pages", async () => {
    const word = uniqueWord();
    const expert = await approvedExpert(t.app, { subjects: [`Glycomics ${word}`] });
    const fit: string[] = [];
    const rest: string[] = [];
    for (let n = 0; n < 3; n++) {
      rest.push(
        (await openProject(t.app, owner, { title: `Other ${word} work ${n}`, subjects: ['Copywriting'] })).id,
      );
      fit.push(
        (
          await openProject(t.app, owner, {
            title: `Sugar ${word} work ${n}`,
            subjects: [`Glycomics ${word}`],
          })
        ).id,
      );
    }
    const seen = await allPages(`/api/projects/browse?q=${word}&limit=2`, expert);
    expect(seen.map((p) => p.id)).toEqual([...fit.reverse(), ...rest.reverse()]);
    expect(seen.map((p) => p.fitsMe)).toEqual([true, true, true, false, false, false]);
  });
});

describe('matching', () => {
  it('ranks subject specialists first, fills with the category, leaves out the unavailable and the over-budget', async () => {
    const word = uniqueWord();
    const subject = `Lipidomics ${word}`;
    await t.app.db
      .insert(subjects)
      .values({ slug: `lipidomics-${word}`, name: subject, category: 'researchers' });
    const specialist = await approvedExpert(t.app, {
      subjects: [subject],
      category: 'researchers',
      rateMinor: 8_000,
    });
    const pricey = await approvedExpert(t.app, {
      subjects: [subject],
      category: 'researchers',
      rateMinor: 90_000,
    });
    const away = await approvedExpert(t.app, { subjects: [subject], category: 'researchers' });
    await t.app.db
      .update(expertProfiles)
      .set({ availability: 'unavailable' })
      .where(eq(expertProfiles.userId, away.id));
    const project = await openProject(t.app, owner, {
      category: 'researchers',
      subjects: [subject],
      budgetType: 'hourly',
      budgetMinMinor: 5_000,
      budgetMaxMinor: 12_000,
    });
    const response = await call(t.app, 'GET', `/api/projects/${project.id}/matches`, owner);
    expect(response.statusCode).toBe(200);
    const { matches } = response.json<MatchesResponse>();
    const ids = matches.map((m) => m.userId);
    expect(ids[0]).toBe(specialist.id);
    expect(ids).not.toContain(pricey.id);
    expect(ids).not.toContain(away.id);
    expect(matches[0]!.reason).toBe(`Works in ${subject} · available now · $80/h, within your budget`);
    // The rest are best-rated researchers from the category, each with a reason too.
    expect(matches.slice(1).every((m) => m.category === 'researchers' && m.reason.length > 0)).toBe(true);

    await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, { expertId: specialist.id });
    const after = (
      await call(t.app, 'GET', `/api/projects/${project.id}/matches`, owner)
    ).json<MatchesResponse>();
    expect(after.matches[0]!.invitation?.status).toBe('pending');
  });

  it("follows experts' changes: rating, subjects and vetting status", async () => {
    const word = uniqueWord();
    const subject = `Chronobiology ${word}`;
    const first = await approvedExpert(t.app, { subjects: [subject] });
    const second = await approvedExpert(t.app, { subjects: [subject] });
    const project = await openProject(t.app, owner, { subjects: [subject] });
    const matched = async () =>
      (await call(t.app, 'GET', `/api/projects/${project.id}/matches`, owner))
        .json<MatchesResponse>()
        .matches.filter((m) => m.reason.includes(subject))
        .map((m) => m.userId);

    await t.app.db
      .update(expertProfiles)
      .set({ ratingSum: 50, ratingCount: 10 })
      .where(eq(expertProfiles.userId, second.id));
    expect(await matched()).toEqual([second.id, first.id]);

    await t.app.db
      .update(expertProfiles)
      .set({ subjects: ['Copywriting'] })
      .where(eq(expertProfiles.userId, second.id));
    expect(await matched()).toEqual([first.id]);

    await t.app.db
      .update(expertProfiles)
      .set({ status: 'submitted' })
      .where(eq(expertProfiles.userId, first.id));
    expect(await matched()).toEqual([]);
  });
});
