import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { applyMigrations, migrationsFolder } from '../../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What each test database starts from: a PGlite dump's path, or a PostgreSQL database's name. */
    templateDatabase: string;
  }
}

/**
 * Vitest global setup for the API suites: migrates one database per run, and every test file's
 * fresh database starts as a copy of it. An empty PGlite cluster plus the migrations took about
 * four seconds per file; a copy takes half a second (PostgreSQL: a template database). The
 * migrations themselves still run from nothing once per run, on each driver.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB_DRIVER === 'postgres') return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sciwise-template-'));
  const file = path.join(folder, 'migrated.tar');
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  writeFileSync(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('templateDatabase', file);
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suites');
  const name = `sciwise_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Two connections: the migration lock holds one while the migrations run on the other.
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  await applyMigrations(handle);
  // A template must have no one connected while databases are copied from it.
  await handle.close();
  project.provide('templateDatabase', name);
  return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
