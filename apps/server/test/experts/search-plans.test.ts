import { expertSearchQuerySchema, type ExpertSearchQuery } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedExperts } from '../../src/db/seed/experts.ts';
import { countStatement, planSearch } from '../../src/modules/experts/search.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { queryRows } from '../support/ledger.ts';

/**
 * The hot searches must never read expert_profiles sequentially. A few thousand seeded experts
 * (then ANALYZE, which seedExperts runs) give the planner real statistics, so these are the
 * plans production would choose, not ones forced with enable_seqscan.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedExperts(t.app.db, 4000);
}, 120_000);
afterAll(() => t.close());

const hotQueries: ExpertSearchQuery[] = [
  {},
  { q: 'bioinformatics' },
  { q: 'bioinformatcs' },
  { q: 'medical writing', sort: 'rating' },
  { q: 'regulatory affairs', category: 'consultants' },
  { q: 'food science', country: 'US', minRating: 4 },
  { category: 'writers' },
  { category: 'data_analysts', sort: 'rate_asc' },
  { sort: 'rate_desc', limit: 50 },
  { country: 'DE' },
  { subject: 'machine-learning' },
  { subject: 'data-analysis', sort: 'rate_asc' },
  { minRate: 150, maxRate: 200, sort: 'rate_asc' },
  { q: 'Okafor' },
  { q: 'CRISPR' },
  { q: 'cryo-EM', sort: 'rate_asc' },
  { q: 'Nextflow', availability: 'available' },
];

async function plan(query: ExpertSearchQuery): Promise<string> {
  const input = expertSearchQuerySchema.parse(query);
  const searchPlan = await planSearch(t.app.db, input);
  const plans: string[] = [];
  for (const step of searchPlan.steps) {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(t.app.db, sql`explain ${step(input.limit + 1)}`);
    plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  // The result count runs beside the page (first pages only) and must use indexes too.
  const count = await queryRows<{ 'QUERY PLAN': string }>(
    t.app.db,
    sql`explain ${countStatement(t.app.db, searchPlan.matches)}`,
  );
  plans.push(count.map((row) => row['QUERY PLAN']).join('\n'));
  return plans.join('\n---\n');
}

describe('search plans on 4,000 experts', () => {
  it.each(hotQueries.map((q) => [JSON.stringify(q), q] as const))(
    '%s uses indexes only',
    async (_label, query) => {
      const text = await plan(query);
      expect(text, text).not.toMatch(/Seq Scan on expert_profiles/);
      expect(text).toMatch(/Index|Bitmap/);
    },
  );

  it('the by-slug lookup uses the unique index', async () => {
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      t.app.db,
      sql`explain select * from expert_profiles where slug = 'anyone-1' and status = 'approved'`,
    );
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
      /Index Scan using expert_profiles_slug_unique/,
    );
  });
});
