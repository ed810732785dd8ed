import { expertSearchQuerySchema, type ExpertSearchQuery } from '@sciwise/contracts';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExperts } from '../../src/db/seed/experts.ts';
import { cardColumns } from '../../src/modules/experts/presenter.ts';
import { countStatement, planSearch, type MatchMode } from '../../src/modules/experts/search.ts';
import { queryRows } from '../support/ledger.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The searches never read expert_profiles end to end: every statement a search sends (each
 * relevance tier, and the count beside the first page) reaches it through an index, and the index
 * that makes each kind of search cheap is the one used. Plans, not times: a couple of thousand
 * seeded experts, then the VACUUM ANALYZE that seedExperts runs, give the planner real statistics
 * (the seed is deterministic and ANALYZE reads every row at this size, so the plans are stable),
 * so these are the plans it chooses, not ones forced with enable_seqscan.
 *
 * A statement's plan shows its ranking; the page's cards come from the database function
 * expert_cards (migration 0037), whose kept plan EXPLAIN does not show: a test below checks that
 * the function reads each card, its user and its ORCID iD by index. bench:search reports the plans
 * of every statement at its own sizes.
 */
const SEEDED_EXPERTS = 2000;

let t: TestApp;
const cursors = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
  await seedExperts(t.app.db, SEEDED_EXPERTS);
  for (const query of [{ q: 'product development' }, {}] as Record<string, string>[]) {
    const url = `/api/experts?${new URLSearchParams(query).toString()}`;
    const page = (await t.app.inject({ method: 'GET', url })).json<{ nextCursor: string }>();
    cursors.set(JSON.stringify(query), page.nextCursor);
  }
}, 120_000);
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const everyNode = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(everyNode)];

async function planOf(statement: SQLWrapper): Promise<PlanNode[]> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(t.app.db, sql`explain (format json) ${statement}`);
  const value = row!['QUERY PLAN'];
  const plans = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  return everyNode(plans[0]!.Plan);
}

/** Each statement of the search (a tier each) and its count, as the app builds them. */
async function statementPlans(query: ExpertSearchQuery, mode: MatchMode = 'text') {
  const input = expertSearchQuerySchema.parse(query);
  const plan = await planSearch(t.app.db, input, mode);
  const statements: { label: string; query: SQLWrapper }[] = plan.steps.map((step, i) => ({
    label: `tier ${i + 1}`,
    query: step(input.limit + 1),
  }));
  if (!input.cursor) statements.push({ label: 'count', query: countStatement(t.app.db, plan.matches) });
  return Promise.all(statements.map(async ({ label, query }) => ({ label, nodes: await planOf(query) })));
}

const describeNode = (node: PlanNode) =>
  `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : ''}${node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;

interface Case {
  name: string;
  query: ExpertSearchQuery;
  mode?: MatchMode;
  /** Continue from the first page of this query (a cursor from the app). */
  secondPage?: boolean;
  /** The index that makes this search cheap; some statement of it must use it. */
  index: string;
}

const cases: Case[] = [
  { name: 'a common subject word', query: { q: 'data analysis' }, index: 'expert_profiles_search_idx' },
  { name: 'a rare word', query: { q: 'cryo-EM' }, index: 'expert_profiles_name_subjects_idx' },
  {
    name: 'a typo (the subject it means)',
    query: { q: 'bioinformatcs' },
    index: 'expert_profiles_subjects_idx',
  },
  { name: 'a name', query: { q: 'Okafor' }, index: 'expert_profiles_name_subjects_idx' },
  {
    name: 'a misspelt name (the names fallback)',
    query: { q: 'Nwachukwo' },
    mode: 'names',
    index: 'expert_profiles_name_trgm_idx',
  },
  { name: 'a category filter', query: { category: 'writers' }, index: 'expert_profiles_category_rank_idx' },
  { name: 'a country filter', query: { country: 'DE' }, index: 'expert_profiles_country_rank_idx' },
  { name: 'a subject page', query: { subject: 'machine-learning' }, index: 'expert_profiles_subjects_idx' },
  {
    name: 'a query sorted by rating',
    query: { q: 'medical writing', sort: 'rating' },
    index: 'expert_profiles_rating_score_idx',
  },
  { name: 'a sort by rate', query: { sort: 'rate_desc' }, index: 'expert_profiles_rate_idx' },
  { name: 'the whole directory', query: {}, index: 'expert_profiles_rank_idx' },
  {
    name: 'a query with filters',
    query: { q: 'food science', country: 'US', minRating: 4 },
    index: 'expert_profiles_search_idx',
  },
  {
    name: 'the second page of a search',
    query: { q: 'product development' },
    secondPage: true,
    index: 'expert_profiles_search_idx',
  },
  {
    name: 'the second page of the directory',
    query: {},
    secondPage: true,
    index: 'expert_profiles_rank_idx',
  },
];

describe(`search plans on ${SEEDED_EXPERTS.toLocaleString('en')} experts`, () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s: indexes only', async (_name, c) => {
    const query = c.secondPage ? { ...c.query, cursor: cursors.get(JSON.stringify(c.query))! } : c.query;
    const plans = await statementPlans(query, c.mode);
    const outline = plans
      .map(({ label, nodes }) => `${label}: ${nodes.map(describeNode).join(', ')}`)
      .join('\n');
    const nodes = plans.flatMap((plan) => plan.nodes);
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'expert_profiles'),
      outline,
    ).toEqual([]);
    expect(
      nodes.map((node) => node['Index Name']),
      outline,
    ).toContain(c.index);
  });

  it('walking the rank index for the directory or a common name word is an index-only scan', async () => {
    // The name tier's condition is carried by the index; the later tiers test the whole text, kept
    // in the table. "research" means no subject, so its first statement is the name tier.
    for (const query of [{}, { q: 'research' }] as ExpertSearchQuery[]) {
      const [first] = await statementPlans(query);
      const walks = first!.nodes.filter((node) => node['Index Name'] === 'expert_profiles_rank_idx');
      expect(walks, JSON.stringify(query)).not.toEqual([]);
      expect(walks.map((node) => node['Node Type'])).toEqual(walks.map(() => 'Index Only Scan'));
    }
  });

  it('expert_cards reads each card, its person and its ORCID iD by index, in the plan it keeps', async () => {
    // The function's own statement, as the database holds it, planned as PL/pgSQL keeps it: a
    // generic plan, made once, for any page of ids (it takes one as soon as that costs no more
    // than planning for the values).
    const [cards] = await queryRows<{ body: string }>(
      t.app.db,
      sql`select prosrc as body from pg_proc where proname = 'expert_cards'`,
    );
    const statement = /RETURN QUERY([\s\S]*?);\s*END/i
      .exec(cards!.body)![1]!
      .replace(/\bp_ids\b/g, '$1')
      .replace(/\bp_keys\b/g, '$2');
    const nodes = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare expert_cards_statement(uuid[], integer[]) as ${statement}`));
      const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
        tx,
        sql`explain (format json) execute expert_cards_statement(array[]::uuid[], array[]::integer[])`,
      );
      await tx.execute(sql`deallocate expert_cards_statement`);
      const value = row!['QUERY PLAN'];
      return everyNode((typeof value === 'string' ? JSON.parse(value) : value)[0].Plan as PlanNode);
    });
    const outline = nodes.map(describeNode).join(', ');
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map(describeNode), outline).toEqual([]);
    expect(
      nodes.map((node) => node['Index Name']),
      outline,
    ).toEqual(
      expect.arrayContaining(['expert_profiles_pkey', 'users_pkey', 'external_identities_orcid_user_idx']),
    );
  });

  it('expert_cards returns every field of a card, named as the card names it', async () => {
    const [card] = await queryRows<Record<string, unknown>>(
      t.app.db,
      sql`select c.* from expert_cards(
            array(select id from expert_profiles where status = 'approved' limit 1), array[7]) c`,
    );
    expect(Object.keys(card!).sort()).toEqual(
      [...Object.keys(cardColumns), 'avatarKey', 'verifiedOrcid', 'sortKey', 'position'].sort(),
    );
    expect(card).toMatchObject({ sortKey: 7 });
  });

  it('the by-slug lookup uses the unique index', async () => {
    const nodes = await planOf(
      sql`select * from expert_profiles where slug = 'anyone-1' and status = 'approved'`,
    );
    expect(nodes.map((node) => node['Index Name'])).toContain('expert_profiles_slug_unique');
  });
});
