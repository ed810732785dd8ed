// The database of a bench that keeps its seeded data between runs, named for the data it holds:
// an embedded PGlite in a temp folder of that name, or, when DATABASE_URL is set, a PostgreSQL
// database of that name on the same server (created on first use). A bench that runs at several
// sizes starts each larger database as a copy of a smaller one and tops it up, since the seeds
// carry on from the rows they find.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { benchConfig } from './bench-config.ts';

export interface SeededDatabaseOptions {
  /** Databases to start from when this one does not exist yet, the first existing one wins. */
  copyFrom?: (string | undefined)[];
}

export async function openSeededDatabase(name: string, options: SeededDatabaseOptions = {}) {
  const sources = (options.copyFrom ?? []).filter((source): source is string => Boolean(source));
  const serverUrl = process.env.DATABASE_URL;
  const databaseUrl = serverUrl ? await ensurePostgresDatabase(serverUrl, name, sources) : undefined;
  const config = configFor(name, databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  if (config.pgliteDir) copyPgliteFolder(config.pgliteDir, sources);
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  await applyMigrations(handle);
  return { config, handle };
}

function configFor(name: string, databaseUrl: string | undefined) {
  const dataDir = path.join(tmpdir(), name);
  return benchConfig(dataDir, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Nothing runs in the background: the jobs' polling would land in the timings and in the
    // statements the benches capture.
    JOBS_POLL_MS: '0',
  });
}

/** A PGlite folder holds a database once PostgreSQL's PG_VERSION file is in it. */
const holdsDatabase = (pgliteDir: string) => existsSync(path.join(pgliteDir, 'PG_VERSION'));

function copyPgliteFolder(pgliteDir: string, sources: string[]): void {
  if (holdsDatabase(pgliteDir)) return;
  const source = sources
    .map((name) => configFor(name, undefined).pgliteDir)
    .find((dir): dir is string => dir !== null && holdsDatabase(dir));
  if (!source) return;
  console.error(`copying ${source} to ${pgliteDir}, to top it up`);
  cpSync(source, pgliteDir, { recursive: true });
}

/** The URL of database `name` on DATABASE_URL's server, created (from a source if one exists) on first use. */
async function ensurePostgresDatabase(serverUrl: string, name: string, sources: string[]): Promise<string> {
  const databaseName = (text: string) => text.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const target = databaseName(name);
  const admin = await openDatabase({ url: serverUrl, poolSize: 1 });
  try {
    const rows = (await admin.rawQuery('select datname from pg_database', [])) as { datname: string }[];
    const existing = new Set(rows.map((row) => row.datname));
    if (!existing.has(target)) {
      const template = sources.map(databaseName).find((source) => existing.has(source));
      if (template) console.error(`copying database ${template} to ${target}, to top it up`);
      // Names made of [a-z0-9_] only (above), so quoting them is enough.
      await admin.rawQuery(`create database "${target}"${template ? ` template "${template}"` : ''}`, []);
    }
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${target}`;
  return url.toString();
}
