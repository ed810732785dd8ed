// npm run bench:projects: matching and browse on 50,000 experts and 20,000 projects, measured
//   through the real app (inject, signed in with bearer tokens), against the by-id project lookup
//   in the same run. Embedded PGlite in a reusable temp folder (seeded on first use), or
//   PostgreSQL when DATABASE_URL is set. Last line: one JSON object with the figures.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { seedExperts } from '../apps/server/src/db/seed/experts.ts';
import { progressBar } from '../apps/server/src/db/seed/progress.ts';
import { seedProjects } from '../apps/server/src/db/seed/projects.ts';
import { createSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { openSeededDatabase } from './seeded-database.ts';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 50_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const SAMPLE = 60;

const { config, handle } = await openSeededDatabase(`sciwise-bench-projects-${EXPERTS}-${PROJECTS}`);
const seedStarted = Date.now();
const experts = await seedExperts(handle.db, EXPERTS, progressBar('seeding experts'));
const projects = await seedProjects(handle.db, PROJECTS, progressBar('seeding projects'));
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

async function timed(url: string, token: string): Promise<{ ms: number; body: string }> {
  const started = process.hrtime.bigint();
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return { ms, body: response.body };
}

const browseMix: Record<string, string>[] = [
  {},
  { q: 'analysis' },
  { q: 'grant application' },
  { category: 'writers' },
  { category: 'consultants', budgetType: 'hourly' },
  { subject: 'data-analysis' },
  { budgetType: 'fixed' },
];
const browseUrl = (query: Record<string, string>) =>
  `/api/projects/browse?${new URLSearchParams(query).toString()}`;
const firstPage = JSON.parse((await timed(browseUrl({}), expertTokens[0]!)).body) as { nextCursor: string };
browseMix.push({ cursor: firstPage.nextCursor });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

const matchTimes: number[] = [];
const browseTimes: number[] = [];
const lookupTimes: number[] = [];
const perBrowse = new Map<string, number[]>();
const measure = async (record: boolean) => {
  for (let round = 0; round < (record ? ROUNDS : 2); round += 1) {
    for (const [i, project] of sampled.entries()) {
      const owner = tokenOf.get(project.owner_id)!;
      const lookup = await timed(`/api/projects/${project.id}`, owner);
      const match = await timed(`/api/projects/${project.id}/matches`, owner);
      const query = browseMix[(round * sampled.length + i) % browseMix.length]!;
      const browse = await timed(browseUrl(query), expertTokens[i % expertTokens.length]!);
      if (!record) continue;
      lookupTimes.push(lookup.ms);
      matchTimes.push(match.ms);
      browseTimes.push(browse.ms);
      const label = JSON.stringify(query.cursor ? { cursor: '(page 2)' } : query);
      perBrowse.set(label, [...(perBrowse.get(label) ?? []), browse.ms]);
    }
  }
};
// Warm up (JIT, caches, plans), then interleave the three calls so they see the same machine.
await measure(false);
await measure(true);

console.log(
  `\nProjects on ${EXPERTS.toLocaleString('en')} experts and ${PROJECTS.toLocaleString('en')} projects (${handle.driver}), ${ROUNDS} rounds of ${sampled.length} projects`,
);
console.log('call'.padEnd(60), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8));
const line = (label: string, times: number[]) =>
  console.log(
    label.padEnd(60),
    percentile(times, 50).toFixed(2).padStart(8),
    percentile(times, 95).toFixed(2).padStart(8),
    percentile(times, 99).toFixed(2).padStart(8),
  );
line('GET /api/projects/:id (by-id lookup, owner)', lookupTimes);
line('GET /api/projects/:id/matches', matchTimes);
line('GET /api/projects/browse (all below)', browseTimes);
for (const [label, times] of perBrowse) line(`  browse ${label}`.slice(0, 60), times);

const figures = {
  bench: 'projects',
  driver: handle.driver,
  experts: EXPERTS,
  projects: PROJECTS,
  samples: matchTimes.length,
  lookupP50: round2(percentile(lookupTimes, 50)),
  lookupP95: round2(percentile(lookupTimes, 95)),
  matchP50: round2(percentile(matchTimes, 50)),
  matchP95: round2(percentile(matchTimes, 95)),
  matchP99: round2(percentile(matchTimes, 99)),
  browseP50: round2(percentile(browseTimes, 50)),
  browseP95: round2(percentile(browseTimes, 95)),
  browseP99: round2(percentile(browseTimes, 99)),
  matchRatioP95: round2(percentile(matchTimes, 95) / percentile(lookupTimes, 95)),
  browseRatioP95: round2(percentile(browseTimes, 95) / percentile(lookupTimes, 95)),
};
console.log('-'.repeat(86));
console.log(
  `p95: matching ${figures.matchP95} ms (${figures.matchRatioP95}x lookup), browse ${figures.browseP95} ms (${figures.browseRatioP95}x lookup), lookup ${figures.lookupP95} ms; goal <= 3x`,
);
await app.close();
await handle.close();
console.log(JSON.stringify(figures));
