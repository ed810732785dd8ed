// npm run bench:known-devices: how the statement that opens a session grows as one account keeps
//   signing in from clients without a cookie jar (API scripts). Each such sign-in adds a known
//   device and deletes the account's oldest (src/modules/accounts/known-devices.ts), leaving dead
//   rows behind until a vacuum. After 500 to warm up, the statement runs BENCH_SIGN_INS times
//   (default 24,000) one after another, with no vacuum in between, as the embedded database's
//   autovacuum comes round once a minute; the times are taken in six equal blocks. A fresh
//   embedded PGlite in a temp folder, or PostgreSQL when DATABASE_URL is set. Last line: one JSON
//   object with the figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { deviceSignIn } from '../apps/server/src/modules/accounts/known-devices.ts';
import { createSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { benchConfig } from './bench-config.ts';
import { GROWTH_GOAL, percentile, round2, thousands } from './growth.ts';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 24_000);
const BLOCKS = 6;
const WARM_UP = 500;
const micro = (ms: number) => Math.round(ms * 1000) / 1000;
if (!Number.isInteger(SIGN_INS) || SIGN_INS < BLOCKS) throw new Error(`BENCH_SIGN_INS: at least ${BLOCKS}`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-bench-known-devices-'));
const config = benchConfig(dataDir);
// The embedded autovacuum off: this measures what builds up between two of its rounds.
const handle = await openDatabase({
  url: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  autovacuum: false,
});
try {
  await applyMigrations(handle);
  const [user] = (await handle.rawQuery(
    `insert into users (email, first_name, last_name) values ($1, 'Bench', 'Devices') returning id`,
    [`bench-devices-${Date.now()}@example.test`],
  )) as { id: string }[];
  const userId = user!.id;
  const signIn = () =>
    createSession(handle.db, { userId, ttlMs: 3_600_000 }, deviceSignIn(userId, undefined).writes);
  // Until the JIT has compiled the path, the first block would measure start-up instead.
  for (let i = 0; i < WARM_UP; i++) await signIn();
  const perBlock = Math.floor(SIGN_INS / BLOCKS);
  const blocks: number[][] = [];
  for (let block = 0; block < BLOCKS; block++) {
    const times: number[] = [];
    for (let i = 0; i < perBlock; i++) {
      const started = performance.now();
      await signIn();
      times.push(performance.now() - started);
    }
    blocks.push(times);
  }
  const [{ devices }] = (await handle.rawQuery(
    'select count(*)::int as devices from known_devices where user_id = $1',
    [userId],
  )) as [{ devices: number }];

  console.log(
    `${thousands(perBlock * BLOCKS)} sign-ins from new devices by one account after ${WARM_UP} unmeasured, ${handle.driver}:`,
  );
  console.log('sign-ins so far'.padEnd(18), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9));
  blocks.forEach((times, block) =>
    console.log(
      `${thousands(perBlock * block + 1)}-${thousands(perBlock * (block + 1))}`.padEnd(18),
      percentile(times, 50).toFixed(3).padStart(9),
      percentile(times, 95).toFixed(3).padStart(9),
    ),
  );
  const growth = round2(percentile(blocks.at(-1)!, 95) / percentile(blocks[0]!, 95));
  console.log(
    `p95 of the last block / the first: ${growth} (goal <= ${GROWTH_GOAL}); devices kept: ${devices}`,
  );
  console.log(
    JSON.stringify({
      driver: handle.driver,
      signIns: perBlock * BLOCKS,
      blocks: blocks.map((times) => ({
        p50Ms: micro(percentile(times, 50)),
        p95Ms: micro(percentile(times, 95)),
      })),
      p95Growth: growth,
      devicesKept: devices,
      goals: { p95Growth: GROWTH_GOAL },
    }),
  );
} finally {
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
}
