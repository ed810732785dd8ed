import { projectListQuerySchema, type ProjectListQuery } from '@sciwise/contracts';
import { eq, sql, type Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../../src/db/schema/index.ts';
import { SEED_EMAIL_DOMAIN, seedExperts } from '../../src/db/seed/experts.ts';
import { seedProjects } from '../../src/db/seed/projects.ts';
import { browseProjects, listOpenProjects } from '../../src/modules/projects/listing.ts';
import { matchExperts } from '../../src/modules/projects/matching.ts';
import { queryRows } from '../support/ledger.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Matching and the project lists never read their big tables end to end: every statement they
 * send reaches projects, expert_profiles and expert_subject_matches through an index, and the
 * index that makes each call cheap is the one used. Plans, not times, on deterministic seeds
 * with fresh statistics (the seeds VACUUM ANALYZE), so these are the plans the planner chooses.
 * The statements are the ones the services really send, captured from drizzle as they run.
 *
 * users is not asserted: matching joins it for twenty profiles, and at this size the planner
 * legitimately hashes the whole table rather than probing its primary key; bench:projects
 * reports the plans of every statement at its own sizes.
 */
const SEEDED_EXPERTS = 1000;
const SEEDED_PROJECTS = 2000;
const hotTables = ['projects', 'open_project_subjects', 'expert_profiles', 'expert_subject_matches'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedExperts(t.app.db, SEEDED_EXPERTS);
  await seedProjects(t.app.db, SEEDED_PROJECTS);
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const everyNode = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(everyNode)];
const describeNode = (node: PlanNode) =>
  `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;

/**
 * The plan of every statement `run` sends, each EXPLAINed with its own parameters. drizzle's
 * session logs each statement through its logger, which is swapped for a recorder meanwhile.
 */
async function plansOf(run: () => Promise<unknown>) {
  const session = t.app.db._.session as unknown as { logger: Logger };
  const saved = session.logger;
  const sent: { text: string; params: unknown[] }[] = [];
  session.logger = { logQuery: (text, params) => sent.push({ text, params }) };
  try {
    await run();
  } finally {
    session.logger = saved;
  }
  const plans: PlanNode[][] = [];
  for (const { text, params } of sent) {
    const [row] = (await t.database.handle.rawQuery(`explain (format json) ${text}`, params)) as Record<
      string,
      unknown
    >[];
    const value = Object.values(row!)[0];
    const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
    plans.push(everyNode(parsed[0]!.Plan));
  }
  return plans;
}

function expectIndexesOnly(plans: PlanNode[][], index: string) {
  const outline = plans
    .map((nodes, i) => `statement ${i + 1}: ${nodes.map(describeNode).join(', ')}`)
    .join('\n');
  const nodes = plans.flat();
  expect(
    nodes.filter(
      (node) => node['Node Type'] === 'Seq Scan' && hotTables.includes(node['Relation Name'] ?? ''),
    ),
    outline,
  ).toEqual([]);
  expect(
    nodes.map((node) => node['Index Name']),
    outline,
  ).toContain(index);
}

async function userIdOf(email: string): Promise<string> {
  const [person] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return person!.id;
}

/** The first open project (by title) with this budget type and number of subjects. */
async function openProject(budgetType: 'hourly' | 'fixed', subjectCount: number) {
  const [row] = await queryRows<{ id: string }>(
    t.app.db,
    sql`select id from projects where status = 'open' and budget_type = ${budgetType}
        and cardinality(subjects) = ${subjectCount} order by title, id limit 1`,
  );
  const [project] = await t.app.db.select().from(projects).where(eq(projects.id, row!.id));
  return project!;
}

const list = (query: ProjectListQuery) => projectListQuerySchema.parse(query);

describe(`matching and browse plans on ${SEEDED_EXPERTS.toLocaleString('en')} experts and ${SEEDED_PROJECTS.toLocaleString('en')} projects`, () => {
  it.each([
    ['an hourly project with one subject', 'hourly', 1],
    ['a fixed-price project with three subjects', 'fixed', 3],
  ] as const)('matching for %s: indexes only', async (_name, budgetType, subjectCount) => {
    const project = await openProject(budgetType, subjectCount);
    const plans = await plansOf(() => matchExperts(t.app.db, project));
    expectIndexesOnly(plans, 'expert_subject_matches_ranking_idx');
    // The ranking reads the index alone, not a table page per expert (its INCLUDE columns).
    expect(
      plans.flat().filter((node) => node['Index Name'] === 'expert_subject_matches_ranking_idx'),
    ).toEqual([expect.objectContaining({ 'Node Type': 'Index Only Scan' })]);
  });

  it('browse as an expert: their subjects first, one walk per subject, and the page after', async () => {
    const expert = await userIdOf(`expert-0@${SEED_EMAIL_DOMAIN}`);
    const first = await browseProjects(t.app.db, expert, list({}));
    expectIndexesOnly(
      await plansOf(() => browseProjects(t.app.db, expert, list({}))),
      'open_project_subjects_newest_idx',
    );
    expectIndexesOnly(
      await plansOf(() => browseProjects(t.app.db, expert, list({ cursor: first.nextCursor! }))),
      'open_project_subjects_newest_idx',
    );
  });

  // The fit phase under filters: a category walks the subject rows of that category; a search
  // word none of the expert's newest projects has is intersected in the subjects-and-search index.
  it.each([
    ['a category', { category: 'writers' }, 'open_project_subjects_category_idx'],
    ['a rare word', { q: 'proteomics' }, 'projects_open_match_idx'],
  ] as const)('browse as an expert, %s: indexes only', async (_name, query, index) => {
    const expert = await userIdOf(`expert-0@${SEED_EMAIL_DOMAIN}`);
    expectIndexesOnly(await plansOf(() => browseProjects(t.app.db, expert, list(query))), index);
  });

  // A client has no subjects, so browse is one newest-first walk with the filters.
  it.each([
    ['newest first', {}, 'projects_public_open_idx'],
    // A common phrase is met within a page of the newest (the same index); a rare word is looked up.
    ['a common phrase', { q: 'grant application' }, 'projects_public_open_idx'],
    ['a rare word', { q: 'proteomics' }, 'projects_open_match_idx'],
    ['a category', { category: 'consultants', budgetType: 'hourly' }, 'projects_open_category_idx'],
    ['a subject', { subject: 'data-analysis' }, 'projects_open_match_idx'],
  ] as const)('browse as a client, %s: indexes only', async (_name, query, index) => {
    const client = await userIdOf(`client-0@${SEED_EMAIL_DOMAIN}`);
    expectIndexesOnly(await plansOf(() => browseProjects(t.app.db, client, list(query))), index);
  });

  it('the public list, newest first: indexes only', async () => {
    expectIndexesOnly(
      await plansOf(() => listOpenProjects(t.app.db, list({}), false)),
      'projects_public_open_idx',
    );
  });
});
