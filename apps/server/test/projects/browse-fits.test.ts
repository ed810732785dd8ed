import type { ProjectListResponse } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedExpert, openProject, signedInUser, type SignedInUser, uniqueWord } from '../factories.ts';
import { queryRows } from '../support/ledger.ts';
import { call, type Who } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Browse's "fits your subjects" phase is read from open_project_subjects (kept in step by a
 * trigger) in rounds of per-subject walks, with a fallback through the subjects-and-search index
 * when the filters leave few matches. These tests check what an expert sees: every fitting
 * project once, newest first, across pages of every size, under each kind of filter, and the
 * list following the projects' changes.
 */
let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.app);
});
afterAll(() => t.close());

type Listed = ProjectListResponse['projects'][number];

/** The fit phase's projects: pages until the first that fits no subject of the viewer's. */
async function fitPages(query: string, who: Who): Promise<{ fits: Listed[]; pages: number }> {
  const fits: Listed[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const response = await call(
      t.app,
      'GET',
      `/api/projects/browse?${query}${cursor ? `&cursor=${cursor}` : ''}`,
      who,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ProjectListResponse>();
    pages += 1;
    const fitting = body.projects.filter((project) => project.fitsMe);
    fits.push(...fitting);
    if (fitting.length < body.projects.length) break;
    cursor = body.nextCursor;
  } while (cursor);
  return { fits, pages };
}

const ids = (projects: { id: string }[]) => projects.map((project) => project.id);

describe('browse: projects in my subjects', () => {
  let word: string;
  let expert: SignedInUser;
  let subjects: [string, string, string];
  /** Newest first, as browse lists them. */
  const made: { id: string; hourly: boolean; both: boolean }[] = [];

  beforeAll(async () => {
    word = uniqueWord();
    subjects = [`Glycomics ${word}`, `Lipidomics ${word}`, `Metabolomics ${word}`];
    expert = await approvedExpert(t.app, { subjects });
    // 18 fitting projects: by turns in the first, second, or first and second subjects (listed
    // once each), one in three paid by the hour; the third subject is never used.
    for (let n = 0; n < 18; n++) {
      const both = n % 3 === 2;
      const listed = both ? [subjects[0], subjects[1]] : [n % 2 === 0 ? subjects[0] : subjects[1]];
      const hourly = n % 3 === 0;
      const project = await openProject(t.app, owner, {
        title: `Omics ${word} study ${n}`,
        subjects: [...listed, 'Copywriting'],
        budgetType: hourly ? 'hourly' : 'fixed',
        ...(hourly ? { budgetMinMinor: 5_000, budgetMaxMinor: 9_000 } : {}),
      });
      made.unshift({ id: project.id, hourly, both });
    }
  });

  it.each([1, 2, 5, 20])('lists each fitting project once, newest first, in pages of %i', async (limit) => {
    const { fits } = await fitPages(`limit=${limit}`, expert);
    // Projects of other tests can fit too (none lists these subjects): only ours are compared.
    const ours = fits.filter((project) => made.some((m) => m.id === project.id));
    expect(ids(ours)).toEqual(ids(made));
    expect(new Set(ids(fits)).size).toBe(fits.length);
  });

  it('keeps to a budget type that refuses most candidates, across pages', async () => {
    const { fits } = await fitPages('budgetType=hourly&limit=2', expert);
    expect(ids(fits.filter((project) => made.some((m) => m.id === project.id)))).toEqual(
      ids(made.filter((m) => m.hourly)),
    );
  });

  it('finds a search match far down the list on the first page', async () => {
    const rare = uniqueWord();
    const oldest = made[made.length - 1]!;
    // Rewritten title, same subjects: the match is the oldest of the expert's 18 projects.
    const renamed = await call(t.app, 'PATCH', `/api/projects/${oldest.id}`, owner, {
      title: `Omics ${word} study with ${rare} samples`,
      subjects: [subjects[0], 'Copywriting'],
      budgetType: 'hourly',
      budgetMinMinor: 5_000,
      budgetMaxMinor: 9_000,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { fits, pages } = await fitPages(`q=${rare}&limit=5`, expert);
    expect(ids(fits)).toEqual([oldest.id]);
    expect(pages).toBe(1);
  });

  it('follows the projects: subjects gained and lost, a new category, a cancellation, an invite-only brief', async () => {
    const [leaving, recategorised, cancelled, hidden] = made.slice(0, 4).map((m) => m.id) as [
      string,
      string,
      string,
      string,
    ];
    const joining = await openProject(t.app, owner, {
      title: `Omics ${word} study, not yet in a subject of theirs`,
      subjects: ['Copywriting'],
    });
    expect(ids((await fitPages('limit=20', expert)).fits)).not.toContain(joining.id);

    const edit = async (id: string, changes: Record<string, unknown>) => {
      const response = await call(t.app, 'PATCH', `/api/projects/${id}`, owner, {
        title: `Omics ${word} study, edited`,
        ...changes,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit(joining.id, { subjects: [subjects[2]] });
    await edit(leaving, { subjects: ['Copywriting'] });
    await edit(recategorised, { subjects: [subjects[1]], category: 'writers' });
    expect((await call(t.app, 'POST', `/api/projects/${cancelled}/cancel`, owner)).statusCode).toBe(200);
    await edit(hidden, { subjects: [subjects[0]], visibility: 'invite_only' });

    const listed = ids((await fitPages('limit=20', expert)).fits);
    expect(listed).toContain(joining.id);
    expect(listed).toContain(recategorised);
    for (const gone of [leaving, cancelled, hidden]) expect(listed).not.toContain(gone);
    expect(ids((await fitPages('category=writers&limit=20', expert)).fits)).toEqual([recategorised]);

    // The mirror itself: browse checks a project's own row too, so these are what the trigger keeps.
    const mirrored = async (id: string) =>
      (
        await queryRows<{ subject: string; category: string | null }>(
          t.app.db,
          sql`select subject, category from open_project_subjects where project_id = ${id} order by subject`,
        )
      ).map((row) => `${row.subject} (${row.category})`);
    expect(await mirrored(joining.id)).toEqual([`${subjects[2]} (data_analysts)`]);
    expect(await mirrored(recategorised)).toEqual([`${subjects[1]} (writers)`]);
    expect(await mirrored(leaving)).toEqual(['Copywriting (data_analysts)']);
    for (const gone of [cancelled, hidden]) expect(await mirrored(gone)).toEqual([]);
  });
});

describe('browse: one subject far ahead of another', () => {
  it("does not let one subject's newest projects hide an older match of another's", async () => {
    const word = uniqueWord();
    const [early, late] = [`Proteomics ${word}`, `Genomics ${word}`];
    const expert = await approvedExpert(t.app, { subjects: [early, late] });
    const hourly = { budgetType: 'hourly', budgetMinMinor: 5_000, budgetMaxMinor: 9_000 } as const;
    const publish = async (subject: string, n: number, budget: object) =>
      (await openProject(t.app, owner, { title: `Study ${word} ${n}`, subjects: [subject], ...budget })).id;
    const older: string[] = [];
    for (let n = 0; n < 4; n++) older.unshift(await publish(early, n, hourly));
    const match = await publish(late, 4, hourly);
    // The newest three are in the later subject and paid at a fixed price: the filter refuses them.
    for (let n = 5; n < 8; n++) await publish(late, n, { budgetType: 'fixed' });

    const { fits } = await fitPages('budgetType=hourly&limit=2', expert);
    expect(ids(fits)).toEqual([match, ...older]);
  });
});
