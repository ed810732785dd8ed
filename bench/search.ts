// npm run bench:search: expert search on 50,000 experts, measured through the real app (inject).
//   p50/p95/p99 of a fixed mix of searches (common and rare subjects, typos, names, filters, sorts,
//   a second page) against the p95 of the by-slug profile lookup, in the same run.
// Embedded PGlite in a reusable temp folder (seeded on first use), or PostgreSQL when DATABASE_URL
// is set (seeded there if it holds fewer experts). Last line: one JSON object with the figures.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { seedExperts } from '../apps/server/src/db/seed/experts.ts';
import { progressBar } from '../apps/server/src/db/seed/progress.ts';
import { openSeededDatabase } from './seeded-database.ts';

const EXPERTS = Number(process.env.BENCH_EXPERTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const { config, handle } = await openSeededDatabase(`sciwise-bench-search-${EXPERTS}`);
const seedStarted = Date.now();
const seeded = await seedExperts(handle.db, EXPERTS, progressBar('seeding experts'));
if (seeded > 0)
  console.error(`seeded ${seeded} experts in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
const app = await buildApp(config, { database: handle, logger: false });
await app.ready();

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

const url = (query: Record<string, string>) => `/api/experts?${new URLSearchParams(query).toString()}`;
const second = await app.inject({ method: 'GET', url: url({ q: 'product development' }) });
const cursor = second.json<{ nextCursor: string }>().nextCursor;
mix.push({ q: 'product development', cursor });

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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

// Warm up (JIT, caches, plans), then interleave searches and lookups so both see the same machine.
for (let i = 0; i < 3; i += 1) {
  for (const query of mix) await timed(url(query));
  for (const slug of slugs.slice(0, 20)) await timed(`/api/experts/${slug}`);
}
const searchTimes: number[] = [];
const lookupTimes: number[] = [];
const perQuery = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [i, query] of mix.entries()) {
    const ms = await timed(url(query));
    searchTimes.push(ms);
    const label = JSON.stringify(query.cursor ? { ...query, cursor: '(page 2)' } : query);
    perQuery.set(label, [...(perQuery.get(label) ?? []), ms]);
    lookupTimes.push(await timed(`/api/experts/${slugs[(round * mix.length + i) % slugs.length]}`));
  }
}

console.log(
  `\nExpert search on ${EXPERTS.toLocaleString('en')} experts (${handle.driver}), ${ROUNDS} rounds`,
);
console.log('query'.padEnd(80), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8));
for (const [label, times] of perQuery) {
  console.log(
    label.slice(0, 80).padEnd(80),
    percentile(times, 50).toFixed(2).padStart(8),
    percentile(times, 95).toFixed(2).padStart(8),
  );
}
const figures = {
  bench: 'search',
  driver: handle.driver,
  experts: EXPERTS,
  samples: searchTimes.length,
  searchP50: round2(percentile(searchTimes, 50)),
  searchP95: round2(percentile(searchTimes, 95)),
  searchP99: round2(percentile(searchTimes, 99)),
  lookupP50: round2(percentile(lookupTimes, 50)),
  lookupP95: round2(percentile(lookupTimes, 95)),
  ratioP95: round2(percentile(searchTimes, 95) / percentile(lookupTimes, 95)),
};
console.log('-'.repeat(98));
console.log(
  `all searches: p50 ${figures.searchP50} ms, p95 ${figures.searchP95} ms, p99 ${figures.searchP99} ms`,
);
console.log(
  `by-slug lookup: p50 ${figures.lookupP50} ms, p95 ${figures.lookupP95} ms; search p95 / lookup p95 = ${figures.ratioP95}`,
);
await app.close();
await handle.close();
console.log(JSON.stringify(figures));
