// The app a bench measures, in process: a fresh embedded PGlite in a temp folder, or PostgreSQL
// when DATABASE_URL is set; rate limits out of the way and the job runner off (the bench drives
// what it measures). `close()` stops it and deletes the folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { benchConfig } from './bench-config.ts';

export async function openBenchApp(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `sciwise-bench-${name}-`));
  const config = benchConfig(dataDir, { RATE_LIMIT_SCALE: '10000', JOBS_POLL_MS: '0' });
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  await applyMigrations(handle);
  const app = await buildApp(config, { database: handle, logger: false });
  await app.ready();
  const raw = (text: string, params: unknown[] = []) =>
    handle.rawQuery(text, params) as Promise<Record<string, unknown>[]>;
  const close = async () => {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { config, handle, app, raw, close };
}
