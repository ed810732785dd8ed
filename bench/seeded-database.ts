// The database of a bench that keeps its seeded data between runs: an embedded PGlite in a temp
// folder named for the data it holds (seeded on first use), or PostgreSQL when DATABASE_URL is set.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';

export async function openSeededDatabase(folderName: string) {
  const dataDir = path.join(tmpdir(), folderName);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  await applyMigrations(handle);
  return { config, handle };
}
