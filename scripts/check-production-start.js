// npm run test:start — the production start, as production runs it: `npm run serve` on the
// built server with NODE_ENV=production, in a process that cannot load any package that
// `npm ci --omit=dev` leaves out (see without-dev-dependencies.js). It waits for /readyz,
// calls a few routes, stops the server and fails if anything went wrong on the way.
// Run `npm run build:server` first (test:start does).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NOT_INSTALLED } from './dev-only-packages.js';

const root = path.resolve(import.meta.dirname, '..');
const guard = pathToFileURL(path.join(import.meta.dirname, 'without-dev-dependencies.js')).href;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-start-'));
const started = Date.now();
const server = spawn('npm', ['run', '--silent', 'serve'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_OPTIONS: `--import=${JSON.stringify(guard)}`,
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'sandbox',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
});
let output = '';
server.stdout.on('data', (chunk) => (output += chunk));
server.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

const failures = [];
try {
  let ready = false;
  while (!ready && Date.now() - started < 120_000 && server.exitCode === null) {
    ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!ready) failures.push('the server never answered /readyz');
  else {
    for (const route of ['/healthz', '/api/experts', '/api/docs/json', '/api/docs/']) {
      const response = await fetch(`${baseUrl}${route}`);
      if (response.status !== 200) failures.push(`GET ${route} answered ${response.status}`);
    }
    // The development identity provider (password-less demo people) never runs in production.
    const providers = await fetch(`${baseUrl}/api/auth/providers`).then((response) => response.json());
    if (providers.providers?.length !== 0)
      failures.push(`production offers identity providers it was not given: ${JSON.stringify(providers)}`);
  }
} finally {
  if (server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
}
const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
if (!stopped) {
  failures.push('the server did not stop within 20 s of SIGTERM');
  process.kill(-server.pid, 'SIGKILL');
}
if (output.includes(NOT_INSTALLED)) failures.push('a devDependency was loaded (see the output)');
rmSync(dataDir, { recursive: true, force: true });

if (failures.length > 0) {
  console.error(`${output}\nproduction start FAILED:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`production start: npm run serve answered as it should without devDependencies (${seconds} s)`);
