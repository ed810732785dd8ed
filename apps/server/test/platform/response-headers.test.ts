import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { quickExpert, type SignedInUser, signedInUser } from '../factories.ts';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control on API answers', () => {
  it.each([
    ['/api/me', true],
    ['/api/me/sessions', true],
    ['/api/conversations', true],
    ['/api/notifications', true],
    ['/api/projects', true],
    ['/api/projects', false],
    ['/api/experts?q=biology', false],
  ])('GET %s (signed in: %s) is no-store', async (url, signedIn) => {
    const response = await get(url, signedIn ? user.headers : {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('errors are no-store too', async () => {
    for (const url of ['/api/me', '/api/nothing-here', '/api/experts?limit=0']) {
      const response = await get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves the public answers that declare their own caching alone', async () => {
    expect((await get('/api/experts/featured')).headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/api/experts/stats', user.headers)).headers['cache-control']).toBe(
      'public, max-age=300',
    );
  });
});

describe('security headers by kind of answer', () => {
  const documentOnly = ['cross-origin-opener-policy', 'origin-agent-cluster', 'permissions-policy'];

  it("gives the API's answers OWASP's API set, with a CSP that lets an opened answer load nothing", async () => {
    for (const [url, headers] of [
      ['/api/me', user.headers],
      ['/api/me', {}],
      ['/api/nothing-here', {}],
      // The router decodes the path: this is /api/me, and gets all that /api/me gets.
      ['/%61pi/me', user.headers],
    ] as const) {
      const response = await get(url, headers);
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-request-id'], url).toBeTruthy();
      expect(response.headers['cache-control'], url).toBe('no-store');
      for (const name of documentOnly) expect(response.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('gives pages the page set, document headers included', async () => {
    const response = await get('/healthz');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it("keeps a route's own stricter policy: an expert's SVG avatar can run nothing", async () => {
    const expert = await quickExpert(t.app);
    const response = await get(`/api/experts/${expert.slug}/avatar.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});

describe('/api/docs', () => {
  it("is served under the app's own Content-Security-Policy, not a looser one", async () => {
    const appPolicy = (await get('/healthz')).headers['content-security-policy'];
    expect(appPolicy).toContain("frame-ancestors 'none'");
    for (const url of [
      '/api/docs',
      '/api/docs?tag=accounts',
      '/api/docs/',
      '/api/docs/json',
      '/api/docs/static/swagger-ui.css',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(400);
      expect(response.headers['content-security-policy'], url).toBe(appPolicy);
    }
  });
});
