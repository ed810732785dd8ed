import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPortFree } from '../../src/lib/port-check.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('a start on a port something else holds', () => {
  let holder: Server;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-busy-port-'));
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is told before anything else happens', async () => {
    expect(await checkPortFree('127.0.0.1', port)).toBe(
      `Port ${port} on 127.0.0.1 is already in use: stop what is using it, or start with PORT=<another port>`,
    );
  });

  it('stops the server with that one line, no stack trace, before it opens or seeds a database', async () => {
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = await new Promise((resolve) => child.on('exit', resolve));
    expect(exitCode).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `Port ${port} on 127.0.0.1 is already in use: stop what is using it, or start with PORT=<another port>`,
    ]);
    // Nothing was opened: no database folder, no seeded experts.
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  }, 60_000);
});
