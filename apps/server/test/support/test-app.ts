import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

export type TestDriver = 'pglite' | 'postgres';
export const testDriver: TestDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database on TEST_DATABASE_URL,
 * each a copy of the run's migrated template (support/template-database.ts).
 */
export async function createTestDatabase(driver: TestDriver = testDriver): Promise<TestDatabase> {
  if (driver !== testDriver)
    throw new Error(`This run's template database is for ${testDriver}, not ${driver}`);
  // Workers share modules within a project (vitest.config.ts); never across the two drivers.
  if ((process.env.TEST_DB_DRIVER ?? 'pglite') !== testDriver)
    throw new Error(
      `This worker loaded its modules for ${testDriver}, but runs ${process.env.TEST_DB_DRIVER}`,
    );
  const template = inject('templateDatabase');
  if (driver === 'pglite') {
    const handle = await openDatabase({ pgliteDir: null, pgliteStartFrom: template, autovacuum: false });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suites');
  const name = `sciwise_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real application on a fresh database, with a private data folder and rate-limit
 * namespace, so files never share state. Redis is used when REDIS_URL is set (PostgreSQL runs).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: AppOverrides;
    database?: TestDatabase;
    /** Adds test-only routes before the app starts. */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests run due jobs themselves (app.jobs.runDue), on a clock they move.
    JOBS_POLL_MS: '0',
    ...(testDriver === 'postgres' && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const app = await buildApp(config, { database: database.handle, ...options.overrides });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
