import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle, type Executor } from '../../src/db/client.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import { createTestDatabase, testDriver, type TestDatabase } from './test-app.ts';

/*
 * A real server process for the crash tests: started from source, killed with SIGKILL, started
 * again on the same database. Tests prepare the database through `prepare` before the process
 * owns it (PGlite is one process's at a time).
 */
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export class ServerProcess {
  url = '';
  private child: ChildProcess | undefined;
  private env: Record<string, string> = {};
  private dataDir = '';
  private database: TestDatabase | undefined;

  /** A fresh database (PGlite on disk, or a new PostgreSQL database), prepared, then the server on it. */
  async start(
    prepare: (handle: DatabaseHandle) => Promise<void>,
    extraEnv: Record<string, string> = {},
  ): Promise<void> {
    this.dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-process-'));
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.env = {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
      DATA_DIR: this.dataDir,
      WEB_DIST_DIR: path.join(this.dataDir, 'no-web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000',
      RATE_LIMIT_PREFIX: `process-${port}`,
      ...extraEnv,
    };
    let handle: DatabaseHandle;
    if (testDriver === 'postgres') {
      this.database = await createTestDatabase('postgres');
      this.env.DATABASE_URL = this.database.url!;
      if (process.env.REDIS_URL) this.env.REDIS_URL = process.env.REDIS_URL;
      handle = this.database.handle;
    } else {
      handle = await openDatabase({ pgliteDir: path.join(this.dataDir, 'db') });
      await applyMigrations(handle);
    }
    await prepare(handle);
    if (testDriver === 'pglite') await handle.close();
    await this.restart();
  }

  /** Starts the server (again) and waits until it answers /readyz. */
  async restart(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    for (let attempt = 0; attempt < 600; attempt += 1) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ready = await fetch(`${this.url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('server did not become ready');
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && !this.child.killed;
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): void {
    this.child?.kill('SIGKILL');
  }

  /** Waits for a killed process to be gone, so the next start finds the port and database free. */
  async exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => child.once('exit', resolve));
  }

  /** Reads the database directly; on PGlite the server must be stopped first (one owner at a time). */
  async inspect(fn: (db: Executor) => Promise<void>): Promise<void> {
    if (this.database) return fn(this.database.handle.db);
    if (this.running) throw new Error('stop the server before opening its embedded database');
    const handle = await openDatabase({ pgliteDir: path.join(this.dataDir, 'db') });
    try {
      await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  async stop(): Promise<void> {
    this.kill();
    await this.exited();
    await this.database?.drop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
