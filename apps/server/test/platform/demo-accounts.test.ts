import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import { users } from '../../src/db/schema/index.ts';
import { demoPasswordProblem, seedDemoAccounts } from '../../src/db/seed/demo-accounts.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { createTestDatabase, testDriver, type TestDatabase } from '../support/test-app.ts';

// The demo accounts' passwords are in the README: on a server anyone else can reach, one of them
// is an open door (the admin's above all).
describe('demo accounts: configuration', () => {
  it('are created by default only on the embedded database, outside production, on loopback', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).seedDemo).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('asked for in production or beyond loopback, stop start-up with one line naming SEED_DEMO', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: 'true' }),
    ).toThrow(/^Invalid setting SEED_DEMO="true": the demo accounts' passwords are public/);
    expect(() => loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1' })).toThrow(/^Invalid setting SEED_DEMO="1"/);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SEED_DEMO: 'false' }).seedDemo,
    ).toBe(false);
  });
});

describe('demo accounts: start-up', () => {
  const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
  let dataDir: string;
  let database: TestDatabase | undefined;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    // A database seeded by a development start, which production then finds.
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-demo-'));
    Object.assign(env, {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      PORT: '0',
      RATE_LIMIT_PREFIX: `demo-${path.basename(dataDir)}`,
    });
    if (testDriver === 'postgres') {
      database = await createTestDatabase('postgres');
      env.DATABASE_URL = database.url!;
      await seedDemoAccounts(database.handle.db);
    } else {
      const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      await applyMigrations(handle);
      await seedDemoAccounts(handle.db);
      await handle.close();
    }
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the real server process; resolves when it exits or says it is running. */
  function start(extra: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise<{ exitCode: number | null; stderr: string; running: boolean }>((resolve) => {
      child.stdout.on('data', () => {
        if (stdout.includes('Sciwise is running')) {
          child.kill('SIGKILL');
          resolve({ exitCode: null, stderr, running: true });
        }
      });
      child.on('exit', (exitCode) => resolve({ exitCode, stderr, running: false }));
    });
  }

  it('refuses a production start while a demo account keeps its public password, in one line', async () => {
    const outcome = await start({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
    expect(outcome.running).toBe(false);
    expect(outcome.exitCode).toBe(1);
    const lines = outcome.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Refusing to start in production: the demo accounts admin@demo\.sciwise\.local, client@demo\.sciwise\.local, expert@demo\.sciwise\.local still sign in with the public password from the README\./,
    );
  }, 120_000);

  it('lets a local start go ahead, and production once the demo passwords are changed', async () => {
    const handle = database?.handle ?? (await openDatabase({ pgliteDir: path.join(dataDir, 'db') }));
    try {
      const local = loadConfig({ ...env, NODE_ENV: 'development' });
      expect(await demoPasswordProblem(local, handle.db)).toBeNull();
      const production = loadConfig({ ...env, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' });
      expect(await demoPasswordProblem(production, handle.db)).toMatch(/admin@demo\.sciwise\.local/);
      const exposedDev = loadConfig({ ...env, NODE_ENV: 'development', HOST: '0.0.0.0' });
      expect(await demoPasswordProblem(exposedDev, handle.db)).toMatch(
        /^Refusing to start on HOST=0\.0\.0\.0/,
      );

      await handle.db.update(users).set({ passwordHash: await hashPassword('a private passphrase 42') });
      expect(await demoPasswordProblem(production, handle.db)).toBeNull();
      await handle.db
        .update(users)
        .set({ passwordHash: await hashPassword('demo-admin-lab-2026') })
        .where(eq(users.email, 'expert@demo.sciwise.local'));
      expect(await demoPasswordProblem(production, handle.db)).toMatch(
        /the demo account expert@demo\.sciwise\.local still signs in/,
      );
    } finally {
      if (!database) await handle.close();
    }
  }, 120_000);
});
