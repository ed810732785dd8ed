// npm run bench:search: how expert search's cost grows with the data. At each size (by default
//   50,000 and 200,000 experts; BENCH_EXPERTS=50000,200000, or one value for one size), through
//   the real app (inject): p50/p95/p99 of a fixed mix of searches (common and rare subjects,
//   typos, names, filters, sorts, a second page) against the p95 of the by-slug profile lookup
//   in the same run; then each p95's growth from the smallest size to the largest (goal <= 1.3x
//   for 4x the data), and the sequential scans in the plans of the SQL each search sends (its
//   count request included).
// The subjects a query means are remembered for a minute (subjects-meant.ts), and this mix repeats,
//   so its searches find them remembered after the warm-up, as a directory's common searches do.
//   Each size also times every search as if seen for the first time (firstSeen*: memory cleared
//   before each), which sends one statement more.
// Embedded PGlite in reusable temp folders, one per size, or PostgreSQL databases on the
// DATABASE_URL server; a larger size starts as a copy of the smaller one and is topped up.
// Last line: one JSON object with every size's figures, the growth and the sequential scans.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { seedExperts } from '../apps/server/src/db/seed/experts.ts';
import { forgetSubjectsMeant } from '../apps/server/src/modules/experts/subjects-meant.ts';
import { progressBar } from '../apps/server/src/db/seed/progress.ts';
import {
  benchSizes,
  GROWTH_GOAL,
  growthOf,
  growthVerdict,
  percentile,
  printGrowthTable,
  round2,
  thousands,
} from './growth.ts';
import {
  captureStatements,
  LARGE_TABLE_ROWS,
  largeScansForJson,
  planCell,
  printScanDetails,
  seqScanChecker,
  type SeqScan,
} from './query-plans.ts';
import { openSeededDatabase } from './seeded-database.ts';

const SIZES = benchSizes('BENCH_EXPERTS', [50_000, 200_000]);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const FIRST_SEEN_ROUNDS = Math.max(1, Math.round(ROUNDS / 3));
const databaseName = (experts: number) => `sciwise-bench-search-${experts}`;

const mix: Record<string, string>[] = [
  { q: 'data analysis' },
  { q: 'medical writing' },
  { q: 'machine learning' },
  { q: 'bioinformatics' },
  { q: 'regulatory affairs', sort: 'rating' },
  { q: 'battery technology' },
  { q: 'astrophysics' },
  { q: 'patent writing' },
  { q: 'bioinformatcs' },
  { q: 'epidemology' },
  { q: 'regulatry affairs' },
  { q: 'Okafor' },
  { q: 'food science', country: 'US' },
  { q: 'biostatistics', minRating: '4', sort: 'rating' },
  { q: 'clinical evaluation reports', availability: 'available' },
  { category: 'writers' },
  { subject: 'data-analysis', sort: 'rate_asc' },
  { category: 'consultants', minRate: '50', maxRate: '100', sort: 'rate_desc' },
  {},
];
const SECOND_PAGE_OF = { q: 'product development' };
const labelOf = (query: Record<string, string>) =>
  JSON.stringify(query.cursor ? { ...query, cursor: '(page 2)' } : query);
const LOOKUP = 'by-slug lookup';

interface SizeRun {
  experts: number;
  driver: string;
  perQuery: Map<string, number[]>;
  searchTimes: number[];
  /** The same searches, each with nothing remembered of what its query means. */
  firstSeenTimes: number[];
  lookupTimes: number[];
  /** Per request label: the sequential scans in its statements' plans, and how many statements. */
  plans: Map<string, { statements: number; scans: SeqScan[] }>;
}

async function runAt(experts: number, smaller: number[]): Promise<SizeRun> {
  const { config, handle } = await openSeededDatabase(databaseName(experts), {
    copyFrom: smaller.map(databaseName).reverse(),
  });
  const seedStarted = Date.now();
  const seeded = await seedExperts(
    handle.db,
    experts,
    progressBar(`seeding experts to ${thousands(experts)}`),
  );
  if (seeded > 0)
    console.error(`seeded ${seeded} experts in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  // A kept database may have been migrated since its seed's VACUUM ANALYZE (a backfill rewrites
  // every row): measure it settled, as autovacuum leaves PostgreSQL, whatever ran in between.
  else await handle.db.execute(sql`vacuum analyze expert_profiles`);
  const app = await buildApp(config, { database: handle, logger: false });
  await app.ready();

  const url = (query: Record<string, string>) => `/api/experts?${new URLSearchParams(query).toString()}`;
  const first = await app.inject({ method: 'GET', url: url(SECOND_PAGE_OF) });
  const queries = [...mix, { ...SECOND_PAGE_OF, cursor: first.json<{ nextCursor: string }>().nextCursor }];

  const slugRows = (await handle.db.execute(
    sql`select slug from expert_profiles where status = 'approved' order by md5(slug) limit 200`,
  )) as unknown as { rows: { slug: string }[] };
  const slugs = slugRows.rows.map((row) => row.slug);

  async function timed(path: string): Promise<number> {
    const started = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url: path });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    return elapsed;
  }

  // Warm up (JIT, caches, plans), then interleave searches and lookups so both see the same machine.
  for (let i = 0; i < 3; i += 1) {
    for (const query of queries) await timed(url(query));
    for (const slug of slugs.slice(0, 20)) await timed(`/api/experts/${slug}`);
  }
  const run: SizeRun = {
    experts,
    driver: handle.driver,
    perQuery: new Map(),
    searchTimes: [],
    firstSeenTimes: [],
    lookupTimes: [],
    plans: new Map(),
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, query] of queries.entries()) {
      const ms = await timed(url(query));
      run.searchTimes.push(ms);
      const label = labelOf(query);
      run.perQuery.set(label, [...(run.perQuery.get(label) ?? []), ms]);
      run.lookupTimes.push(await timed(`/api/experts/${slugs[(round * queries.length + i) % slugs.length]}`));
    }
  }
  for (let round = 0; round < FIRST_SEEN_ROUNDS; round += 1) {
    for (const query of queries) {
      forgetSubjectsMeant();
      run.firstSeenTimes.push(await timed(url(query)));
    }
  }

  // The plans of what each request sent; a first page's count request (the web asks for it
  // beside the page) counts as part of its search.
  const check = seqScanChecker(handle);
  const planOf = async (label: string, paths: string[]) => {
    const entry = { statements: 0, scans: [] as SeqScan[] };
    for (const path of paths) {
      forgetSubjectsMeant(); // so that every statement a request can send is checked
      const statements = await captureStatements(handle, () => timed(path));
      entry.statements += statements.length;
      entry.scans.push(...(await check(statements)));
    }
    run.plans.set(label, entry);
  };
  for (const query of queries) {
    const path = url(query);
    await planOf(
      labelOf(query),
      query.cursor ? [path] : [path, path.replace('/api/experts?', '/api/experts/count?')],
    );
  }
  await planOf(LOOKUP, [`/api/experts/${slugs[0]}`]);

  await app.close();
  await handle.close();
  return run;
}

const runs: SizeRun[] = [];
for (const [i, experts] of SIZES.entries()) runs.push(await runAt(experts, SIZES.slice(0, i)));

const driver = runs[0]!.driver;
const sizeLabels = SIZES.map((experts) => `${thousands(experts)} experts`);
console.log(
  `\nExpert search (${driver}), ${ROUNDS} rounds (a query's p95 from ${ROUNDS} samples, all searches' from ${runs[0]!.searchTimes.length}), at ${sizeLabels.join(' and ')}`,
);
const labels = [...runs[0]!.perQuery.keys()];
const growthByQuery = printGrowthTable(
  'query',
  sizeLabels,
  [
    ...labels.map((label) => ({ label, perSize: runs.map((run) => run.perQuery.get(label)!) })),
    { label: 'all searches', perSize: runs.map((run) => run.searchTimes) },
    { label: LOOKUP, perSize: runs.map((run) => run.lookupTimes) },
  ],
  80,
);

const figures = runs.map((run) => ({
  experts: run.experts,
  samples: run.searchTimes.length,
  searchP50: round2(percentile(run.searchTimes, 50)),
  searchP95: round2(percentile(run.searchTimes, 95)),
  searchP99: round2(percentile(run.searchTimes, 99)),
  lookupP50: round2(percentile(run.lookupTimes, 50)),
  lookupP95: round2(percentile(run.lookupTimes, 95)),
  ratioP95: round2(percentile(run.searchTimes, 95) / percentile(run.lookupTimes, 95)),
  firstSeenP50: round2(percentile(run.firstSeenTimes, 50)),
  firstSeenP95: round2(percentile(run.firstSeenTimes, 95)),
  firstSeenRatioP95: round2(percentile(run.firstSeenTimes, 95) / percentile(run.lookupTimes, 95)),
  perQueryP95: Object.fromEntries(
    [...run.perQuery].map(([label, times]) => [label, round2(percentile(times, 95))]),
  ),
}));
console.log('-'.repeat(126));
for (const f of figures) {
  console.log(
    `${thousands(f.experts)} experts: all searches p50 ${f.searchP50} ms, p95 ${f.searchP95} ms, p99 ${f.searchP99} ms; ` +
      `by-slug lookup p50 ${f.lookupP50} ms, p95 ${f.lookupP95} ms; search p95 / lookup p95 = ${f.ratioP95}; ` +
      `first seen: p50 ${f.firstSeenP50} ms, p95 ${f.firstSeenP95} ms, / lookup p95 = ${f.firstSeenRatioP95}`,
  );
}
const perQueryGrowth = Object.fromEntries(labels.map((label) => [label, growthByQuery[label]!]));
const growth =
  SIZES.length < 2
    ? null
    : {
        from: SIZES[0]!,
        to: SIZES[SIZES.length - 1]!,
        factor: round2(SIZES[SIZES.length - 1]! / SIZES[0]!),
        goal: GROWTH_GOAL,
        searchP95: growthOf(runs.map((run) => run.searchTimes)),
        lookupP95: growthOf(runs.map((run) => run.lookupTimes)),
        perQuery: perQueryGrowth,
      };
console.log(growthVerdict(SIZES, { 'all searches': growth?.searchP95 ?? null, ...perQueryGrowth }));

console.log(
  `\nQuery plans: does any statement a request sends read a table of ${thousands(LARGE_TABLE_ROWS)}+ rows with a Seq Scan? (EXPLAIN with its own parameters)`,
);
const planWidth = 40;
console.log('request'.padEnd(80), ...sizeLabels.map((size) => size.padEnd(planWidth)));
const seqScans: ({ experts: number; query: string } & ReturnType<typeof largeScansForJson>[number])[] = [];
for (const label of [...labels, LOOKUP]) {
  const cells = runs.map((run) => {
    const { statements, scans } = run.plans.get(label)!;
    for (const scan of largeScansForJson(scans))
      seqScans.push({ experts: run.experts, query: label, ...scan });
    return planCell(statements, scans).padEnd(planWidth);
  });
  console.log(label.slice(0, 80).padEnd(80), ...cells);
}
printScanDetails(
  runs.flatMap((run) =>
    [...run.plans].map(([label, { scans }]) => ({
      size: `${thousands(run.experts)} experts`,
      request: label,
      scans,
    })),
  ),
);
console.log(
  seqScans.length === 0
    ? 'no Seq Scan on a large table in any search'
    : `${seqScans.length} Seq Scans on large tables, counted once per size, row and place in a plan (above)`,
);
console.log(
  JSON.stringify({ bench: 'search', driver, rounds: ROUNDS, sizes: SIZES, figures, growth, seqScans }),
);
