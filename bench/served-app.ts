// The app as `npm start` serves it, for the benches that drive a browser: the real server (from
// source) on the built web app, a fresh embedded database in a temp folder, on a free port.
// Builds the web app first only if the build is missing (WEB_DIST_DIR or apps/web/dist).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeOptions } from './server-node-options.ts';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServedApp {
  origin: string;
  stop(): void;
}

/** Starts the server and resolves once it answers /readyz. */
export async function startServedApp(name: string): Promise<ServedApp> {
  const distDir = path.resolve(root, 'apps/web', process.env.WEB_DIST_DIR ?? 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(`no build in ${distDir}: building the web app first`);
    execFileSync('npm', ['run', 'build', '-w', '@sciwise/web'], { cwd: root, stdio: 'inherit' });
  }
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `sciwise-bench-${name}-`));
  // Under production's runtime options, from source.
  const args = [...serverNodeOptions(), '--import', 'tsx', 'apps/server/src/main.ts'];
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: origin,
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server logs to its standard output: its last lines say why, should it stop while starting.
  let logTail = '';
  server.stdout.on('data', (chunk: Buffer) => {
    logTail = (logTail + chunk.toString()).slice(-4000);
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      stop();
      throw new Error(
        `the server stopped while starting (exit code ${server.exitCode}); its log:\n${logTail}`,
      );
    }
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('the server did not become ready within 120 s');
}
