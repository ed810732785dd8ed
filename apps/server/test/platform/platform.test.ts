import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expertStatsResponseSchema, type ErrorResponse, type ExpertStatsResponse } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { logCapture } from '../support/log-capture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser } from '../factories.ts';

let t: TestApp;
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'sciwise-web-'));
  mkdirSync(path.join(web, 'assets'));
  mkdirSync(path.join(web, 'how-it-works'));
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(web, 'how-it-works', 'index.html'), '<!doctype html><title>How it works</title>');
  writeFileSync(
    path.join(web, 'site.json'),
    JSON.stringify({
      origin: 'http://localhost:3000',
      routes: ['/', '/how-it-works', '/profile/settings', '/profile/workspace/:contractId'],
    }),
  );
  writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(web, 'assets', 'big-def456.js'), bigScript);
  writeFileSync(path.join(web, 'assets', 'big-def456.js.br'), brotliCompressSync(bigScript));
  t = await createTestApp({
    env: { WEB_DIST_DIR: web },
    // A route that fails the way a bug would, to see what a client is told.
    beforeReady: (app) => {
      app.get('/api/test/explode', async () => {
        throw new Error('secret internal detail: connection string postgres://user:pw@db');
      });
      addDriftingRoute(app);
    },
  });
});
afterAll(() => t.close());

/** A handler that drifted from its contract: the public pages trust that this never leaves. */
function addDriftingRoute(app: FastifyInstance) {
  app.get<{ Querystring: { count?: string } }>(
    '/api/test/stats',
    { schema: { response: { 200: expertStatsResponseSchema } } },
    async (request) =>
      request.query.count === 'text'
        ? ({ experts: 'three hundred', countries: 5 } as unknown as ExpertStatsResponse)
        : { experts: 301, countries: 5 },
  );
}

describe('health', () => {
  it('answers liveness and readiness (which checks the database)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends a strict CSP without inline script, and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('refuses state-changing requests from another origin', async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...user.headers, origin: 'https://evil.example' },
      payload: { firstName: 'Pwned' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('errors', () => {
  it('hides 5xx details from clients', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json<ErrorResponse>()).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
    expect(response.body).not.toContain('secret');
  });

  it('never sends an answer outside its contract: a drifted shape is a 500, not the data', async () => {
    const good = await t.app.inject({ method: 'GET', url: '/api/test/stats' });
    expect(good.json()).toEqual({ experts: 301, countries: 5 });
    const drifted = await t.app.inject({ method: 'GET', url: '/api/test/stats?count=text' });
    expect(drifted.statusCode).toBe(500);
    expect(drifted.json<ErrorResponse>().code).toBe('internal');
    expect(drifted.body).not.toContain('three hundred');
  });

  it('refuses it the same way where answers are not checked twice (outside the test suites)', async () => {
    const unchecked = await createTestApp({
      env: { NODE_ENV: 'development', DEV_IDENTITY_PROVIDER: 'false' },
      database: t.database,
      beforeReady: addDriftingRoute,
    });
    try {
      const drifted = await unchecked.app.inject({ method: 'GET', url: '/api/test/stats?count=text' });
      expect(drifted.statusCode).toBe(500);
      expect(drifted.json<ErrorResponse>().code).toBe('internal');
      expect(drifted.body).not.toContain('three hundred');
    } finally {
      await unchecked.close();
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorResponse>().code).toBe('not_found');
  });

  it('refuses JSON bodies over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorResponse>().message).toBeTruthy();
  });

  it('refuses a multipart body on a route that takes JSON with 415, as it refuses any other type', async () => {
    const boundary = 'sciwise-boundary';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorResponse>()).toEqual({
      code: 'unsupported_media_type',
      message: 'Send the request body as application/json.',
    });
  });
});

describe('web app serving', () => {
  it('serves the prerendered page of a path, the app shell elsewhere, and 404 for missing files', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/how-it-works' })).body).toContain('How it works');
    expect((await t.app.inject({ method: 'GET', url: '/profile/settings' })).body).toContain('shell');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const workspace = await t.app.inject({ method: 'GET', url: '/profile/workspace/0b4c5d6e?tab=files' });
    expect(workspace.statusCode).toBe(200);
    expect(workspace.body).toContain('shell');
    for (const url of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toMatch(/root:|"name"/);
    }
  });

  it('answers 404 with the app (which shows its not-found page) for a path the app has no page for', async () => {
    for (const url of [
      '/no-such-page',
      '/profile/no-such-section',
      '/profile/workspace',
      '/how-it-works/extra',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain('<title>Page not found · Sciwise</title>');
      expect(response.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

describe('compression', () => {
  it('compresses JSON for clients that take brotli or gzip, and leaves small bodies alone', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const spec = plain.json<unknown>();
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(spec);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(spec);
    const small = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends the build's own brotli file as it is, not compressed twice", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(bigScript);
  });
});

describe('OpenAPI', () => {
  it('documents the account calls at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const route of ['/api/User/AddNewUser', '/api/Account/Login', '/api/Account/Logout', '/api/me']) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});

describe('configuration', () => {
  it('names the bad setting in one clear line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid setting PORT="eighty": /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL.*postgres:\/\//);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_AUDIENCE/);
  });

  it('defaults to the embedded database with demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ databaseUrl: undefined, seedDemo: true, port: 3000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).seedDemo).toBe(false);
  });

  it('reads a relative DATA_DIR from where npm was run, and WEB_DIST_DIR from the web app as its build does', () => {
    const root = path.resolve(tmpdir(), 'checkout');
    // npm runs the server script inside apps/server but says where the person typed the command.
    expect(loadConfig({ INIT_CWD: root }).dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: 'elsewhere/db' }).pgliteDir).toBe(
      path.join(root, 'elsewhere', 'db', 'db'),
    );
    expect(loadConfig({ INIT_CWD: root, DATA_DIR: '/srv/sciwise' }).dataDir).toBe('/srv/sciwise');
    const webDir = path.resolve(import.meta.dirname, '../../../web');
    expect(loadConfig({}).webDistDir).toBe(path.join(webDir, 'dist'));
    expect(loadConfig({ WEB_DIST_DIR: 'dist-e2e' }).webDistDir).toBe(path.join(webDir, 'dist-e2e'));
  });

  it('listens on this machine only, unless told otherwise or in production', () => {
    expect(loadConfig({})).toMatchObject({ host: 'localhost', reachableByOthers: false });
    expect(loadConfig({ HOST: '127.0.0.1' }).reachableByOthers).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).reachableByOthers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({
      host: '0.0.0.0',
      reachableByOthers: true,
    });
  });
});

describe('the log of a bad request', () => {
  const logs = logCapture();
  let logged: TestApp;
  beforeAll(async () => {
    logged = await createTestApp({ env: { LOG_LEVEL: 'info' }, overrides: { logStream: logs } });
  });
  afterAll(() => logged.close());

  it('is one line with the reason, without a stack trace', async () => {
    const response = await logged.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"email":"a@b.co","password":"not gzip at all"}',
    });
    expect(response.statusCode).toBe(400);
    const line = logs.lines.find((entry) => entry.msg === 'client error');
    expect(line?.raw).toContain('Could not decompress the request payload');
    expect(line?.raw).not.toContain('"stack"');
  });
});
