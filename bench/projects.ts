// npm run bench:projects: how matching and browse grow with the projects. On 50,000 experts
//   (BENCH_EXPERTS, one value) and at each number of projects (by default 20,000 and 80,000;
//   BENCH_PROJECTS=20000,80000, or one value for one size), through the real app (inject, signed
//   in with bearer tokens): p50/p95/p99 of matching and browse against the by-id project lookup
//   in the same run; then each p95's growth from the smallest size to the largest (goal <= 1.3x
//   for 4x the data), and the sequential scans in the plans of the SQL each call sends.
// Embedded PGlite in reusable temp folders, one per size, or PostgreSQL databases on the
// DATABASE_URL server; a larger size starts as a copy of a smaller one (or of bench:search's
// experts) and is topped up. Last line: one JSON object with every size's figures, the growth
// and the sequential scans.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { seedExperts } from '../apps/server/src/db/seed/experts.ts';
import { progressBar } from '../apps/server/src/db/seed/progress.ts';
import { seedProjects } from '../apps/server/src/db/seed/projects.ts';
import { createSession } from '../apps/server/src/modules/accounts/sessions.ts';
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

const expertSizes = benchSizes('BENCH_EXPERTS', [50_000]);
if (expertSizes.length > 1)
  throw new Error('bench:projects takes one BENCH_EXPERTS value; it grows the projects');
const EXPERTS = expertSizes[0]!;
const SIZES = benchSizes('BENCH_PROJECTS', [20_000, 80_000]);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const SAMPLE = 60;
/** Matching's and browse's p95 against the by-id lookup's in the same run. */
const LOOKUP_RATIO_GOAL = 1.5;
/** Projects whose matching has its plans checked (hourly and fixed budgets, one to three subjects). */
const PLAN_SAMPLE = 10;
const databaseName = (projects: number) => `sciwise-bench-projects-${EXPERTS}-${projects}`;

const LOOKUP = 'GET /api/projects/:id (by-id lookup, owner)';
const MATCHES = 'GET /api/projects/:id/matches';
const BROWSE = 'GET /api/projects/browse (all below)';
const PUBLIC_LIST = 'GET /api/projects (signed out; plans only)';
const browseMix: Record<string, string>[] = [
  {},
  { q: 'analysis' },
  { q: 'grant application' },
  { category: 'writers' },
  { category: 'consultants', budgetType: 'hourly' },
  { subject: 'data-analysis' },
  { budgetType: 'fixed' },
];
const browseLabel = (query: Record<string, string>) =>
  `  browse ${JSON.stringify(query.cursor ? { cursor: '(page 2)' } : query)}`;

interface SizeRun {
  projects: number;
  driver: string;
  sampled: number;
  matchTimes: number[];
  browseTimes: number[];
  lookupTimes: number[];
  perBrowse: Map<string, number[]>;
  /** Per call label: the sequential scans in its statements' plans, and how many statements. */
  plans: Map<string, { statements: number; scans: SeqScan[] }>;
}

async function runAt(projectCount: number, smaller: number[]): Promise<SizeRun> {
  const { config, handle } = await openSeededDatabase(databaseName(projectCount), {
    copyFrom: [...smaller.map(databaseName).reverse(), `sciwise-bench-search-${EXPERTS}`],
  });
  const seedStarted = Date.now();
  const experts = await seedExperts(
    handle.db,
    EXPERTS,
    progressBar(`seeding experts to ${thousands(EXPERTS)}`),
  );
  const projects = await seedProjects(
    handle.db,
    projectCount,
    progressBar(`seeding projects to ${thousands(projectCount)}`),
  );
  if (experts + projects > 0)
    console.error(
      `seeded ${experts} experts and ${projects} projects in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
  const app = await buildApp(config, { database: handle, logger: false });
  await app.ready();

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  // Open projects spread over the whole table (md5 order), each with its owner signed in.
  const sampled = await rows<{ id: string; owner_id: string }>(
    sql`select id, owner_id from projects where status = 'open' order by md5(id::text) limit ${SAMPLE}`,
  );
  const ttlMs = 3_600_000;
  const tokenOf = new Map<string, string>();
  for (const { owner_id } of sampled) {
    if (!tokenOf.has(owner_id))
      tokenOf.set(owner_id, (await createSession(handle.db, { userId: owner_id, ttlMs })).token);
  }
  const expertUsers = await rows<{ user_id: string }>(
    sql`select user_id from expert_profiles where status = 'approved' order by md5(id::text) limit 20`,
  );
  const expertTokens: string[] = [];
  for (const { user_id } of expertUsers)
    expertTokens.push((await createSession(handle.db, { userId: user_id, ttlMs })).token);

  async function timed(url: string, token?: string): Promise<{ ms: number; body: string }> {
    const started = process.hrtime.bigint();
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const response = await app.inject({ method: 'GET', url, headers });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return { ms, body: response.body };
  }

  const browseUrl = (query: Record<string, string>) =>
    `/api/projects/browse?${new URLSearchParams(query).toString()}`;
  const firstPage = JSON.parse((await timed(browseUrl({}), expertTokens[0]!)).body) as { nextCursor: string };
  const queries = [...browseMix, { cursor: firstPage.nextCursor }];

  const run: SizeRun = {
    projects: projectCount,
    driver: handle.driver,
    sampled: sampled.length,
    matchTimes: [],
    browseTimes: [],
    lookupTimes: [],
    perBrowse: new Map(),
    plans: new Map(),
  };
  const measure = async (record: boolean) => {
    for (let round = 0; round < (record ? ROUNDS : 2); round += 1) {
      for (const [i, project] of sampled.entries()) {
        const owner = tokenOf.get(project.owner_id)!;
        const lookup = await timed(`/api/projects/${project.id}`, owner);
        const match = await timed(`/api/projects/${project.id}/matches`, owner);
        const query = queries[(round * sampled.length + i) % queries.length]!;
        const browse = await timed(browseUrl(query), expertTokens[i % expertTokens.length]!);
        if (!record) continue;
        run.lookupTimes.push(lookup.ms);
        run.matchTimes.push(match.ms);
        run.browseTimes.push(browse.ms);
        const label = browseLabel(query);
        run.perBrowse.set(label, [...(run.perBrowse.get(label) ?? []), browse.ms]);
      }
    }
  };
  // Warm up (JIT, caches, plans), then interleave the three calls so they see the same machine.
  await measure(false);
  await measure(true);

  const check = seqScanChecker(handle);
  const planOf = async (label: string, calls: { url: string; token?: string }[]) => {
    const entry = { statements: 0, scans: [] as SeqScan[] };
    for (const { url, token } of calls) {
      const statements = await captureStatements(handle, () => timed(url, token));
      entry.statements += statements.length;
      entry.scans.push(...(await check(statements)));
    }
    run.plans.set(label, entry);
  };
  const planned = sampled.slice(0, PLAN_SAMPLE);
  const ownerToken = (project: { owner_id: string }) => tokenOf.get(project.owner_id)!;
  await planOf(LOOKUP, [{ url: `/api/projects/${sampled[0]!.id}`, token: ownerToken(sampled[0]!) }]);
  await planOf(
    MATCHES,
    planned.map((project) => ({ url: `/api/projects/${project.id}/matches`, token: ownerToken(project) })),
  );
  for (const query of queries)
    await planOf(browseLabel(query), [{ url: browseUrl(query), token: expertTokens[0]! }]);
  // The same list signed out (the public projects page), newest first and in a category.
  await planOf(
    PUBLIC_LIST,
    ([{}, { category: 'writers' }] as Record<string, string>[]).map((query) => ({
      url: `/api/projects?${new URLSearchParams(query).toString()}`,
    })),
  );

  await app.close();
  await handle.close();
  return run;
}

const runs: SizeRun[] = [];
for (const [i, projects] of SIZES.entries()) runs.push(await runAt(projects, SIZES.slice(0, i)));

const driver = runs[0]!.driver;
const sizeLabels = SIZES.map((projects) => `${thousands(projects)} projects`);
console.log(
  `\nProjects on ${thousands(EXPERTS)} experts (${driver}), ${ROUNDS} rounds of ${runs[0]!.sampled} projects (a browse kind's p95 from about ${Math.round(runs[0]!.browseTimes.length / (browseMix.length + 1))} samples), at ${sizeLabels.join(' and ')}`,
);
const browseLabels = [...runs[0]!.perBrowse.keys()];
const growthByCall = printGrowthTable(
  'call',
  sizeLabels,
  [
    { label: LOOKUP, perSize: runs.map((run) => run.lookupTimes) },
    { label: MATCHES, perSize: runs.map((run) => run.matchTimes) },
    { label: BROWSE, perSize: runs.map((run) => run.browseTimes) },
    ...browseLabels.map((label) => ({ label, perSize: runs.map((run) => run.perBrowse.get(label)!) })),
  ],
  60,
);

const figures = runs.map((run) => ({
  projects: run.projects,
  samples: run.matchTimes.length,
  lookupP50: round2(percentile(run.lookupTimes, 50)),
  lookupP95: round2(percentile(run.lookupTimes, 95)),
  matchP50: round2(percentile(run.matchTimes, 50)),
  matchP95: round2(percentile(run.matchTimes, 95)),
  matchP99: round2(percentile(run.matchTimes, 99)),
  browseP50: round2(percentile(run.browseTimes, 50)),
  browseP95: round2(percentile(run.browseTimes, 95)),
  browseP99: round2(percentile(run.browseTimes, 99)),
  matchRatioP95: round2(percentile(run.matchTimes, 95) / percentile(run.lookupTimes, 95)),
  browseRatioP95: round2(percentile(run.browseTimes, 95) / percentile(run.lookupTimes, 95)),
  perBrowseP95: Object.fromEntries(
    [...run.perBrowse].map(([label, times]) => [label.trim(), round2(percentile(times, 95))]),
  ),
}));
console.log('-'.repeat(106));
for (const f of figures) {
  console.log(
    `${thousands(f.projects)} projects, p95: matching ${f.matchP95} ms (${f.matchRatioP95}x lookup), browse ${f.browseP95} ms (${f.browseRatioP95}x lookup), lookup ${f.lookupP95} ms; goal <= ${LOOKUP_RATIO_GOAL}x (issue #19)`,
  );
}
const growth =
  SIZES.length < 2
    ? null
    : {
        from: SIZES[0]!,
        to: SIZES[SIZES.length - 1]!,
        factor: round2(SIZES[SIZES.length - 1]! / SIZES[0]!),
        goal: GROWTH_GOAL,
        lookupP95: growthOf(runs.map((run) => run.lookupTimes)),
        matchP95: growthOf(runs.map((run) => run.matchTimes)),
        browseP95: growthOf(runs.map((run) => run.browseTimes)),
        perBrowse: Object.fromEntries(browseLabels.map((label) => [label.trim(), growthByCall[label]!])),
      };
console.log(
  growthVerdict(
    SIZES,
    Object.fromEntries(Object.entries(growthByCall).map(([label, ratio]) => [label.trim(), ratio])),
  ),
);

console.log(
  `\nQuery plans: does any statement a call sends read a table of ${thousands(LARGE_TABLE_ROWS)}+ rows with a Seq Scan? (EXPLAIN with its own parameters; matching of ${PLAN_SAMPLE} projects)`,
);
const planWidth = 40;
console.log('call'.padEnd(60), ...sizeLabels.map((size) => size.padEnd(planWidth)));
const seqScans: ({ projects: number; call: string } & ReturnType<typeof largeScansForJson>[number])[] = [];
for (const label of runs[0]!.plans.keys()) {
  const cells = runs.map((run) => {
    const { statements, scans } = run.plans.get(label)!;
    for (const scan of largeScansForJson(scans))
      seqScans.push({ projects: run.projects, call: label.trim(), ...scan });
    return planCell(statements, scans).padEnd(planWidth);
  });
  console.log(label.slice(0, 60).padEnd(60), ...cells);
}
printScanDetails(
  runs.flatMap((run) =>
    [...run.plans].map(([label, { scans }]) => ({
      size: `${thousands(run.projects)} projects`,
      request: label,
      scans,
    })),
  ),
);
console.log(
  seqScans.length === 0
    ? 'no Seq Scan on a large table in any call'
    : `${seqScans.length} Seq Scans on large tables, counted once per size, row and place in a plan (above)`,
);
console.log(
  JSON.stringify({
    bench: 'projects',
    driver,
    rounds: ROUNDS,
    experts: EXPERTS,
    sizes: SIZES,
    figures,
    growth,
    seqScans,
  }),
);
