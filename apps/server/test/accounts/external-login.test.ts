import type { ErrorResponse, ExternalLoginResponse } from '@sciwise/contracts';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type IdentityProvider } from '../support/identity-provider.ts';
import { logCapture } from '../support/log-capture.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { randomIp, signedInUser } from '../factories.ts';

let provider: IdentityProvider;
let t: TestApp;
const logs = logCapture();

beforeAll(async () => {
  provider = await startIdentityProvider();
  t = await createTestApp({ env: { ...provider.env, LOG_LEVEL: 'info' }, overrides: { logStream: logs } });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const accessToken: IdentityProvider['accessToken'] = (subject, claims) =>
  provider.accessToken(subject, claims);
const userInfo = {
  set: (token: string, info: Record<string, unknown>) => provider.userInfo.set(token, info),
};

const loginWith = (token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/LoginWithAuth0',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: randomIp(),
  });

describe('POST /api/Account/LoginWithAuth0', () => {
  it('creates an account for a new identity with a verified e-mail, then signs the same account in again', async () => {
    const subject = `auth0|${Math.random()}`;
    const token = await accessToken(subject);
    userInfo.set(token, {
      email: `${subject.slice(6)}@lab.test`,
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const first = await loginWith(token);
    expect(first.statusCode).toBe(200);
    const body = first.json<ExternalLoginResponse>();
    expect(body.user).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.json()).toMatchObject({ emailVerified: true, hasPassword: false });

    const secondToken = await accessToken(subject);
    const second = await loginWith(secondToken);
    expect(second.json<ExternalLoginResponse>().user.id).toBe(body.user.id);
  });

  it("stores a provider's names by our text rule: a NUL or a bidi override becomes a space, never a 500", async () => {
    const subject = `auth0|${Math.random()}`;
    const token = await accessToken(subject);
    userInfo.set(token, {
      email: `${subject.slice(6)}@lab.test`,
      email_verified: true,
      given_name: 'Gr\u0000ace',
      family_name: 'Hop\u202eper',
    });
    const response = await loginWith(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ExternalLoginResponse>().user).toMatchObject({
      firstName: 'Gr ace',
      lastName: 'Hop per',
    });
  });

  it('says "No access token received" without a bearer token', async () => {
    const response = await loginWith();
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe('No access token received');
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else' }],
    ['a wrong issuer', { iss: 'https://evil.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('refuses %s with the spec text', async (_label, claims) => {
    const response = await loginWith(await accessToken('auth0|x', claims));
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorResponse>().message).toBe('Auth0 token verification failed');
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const response = await loginWith(await accessToken('auth0|y', { key: otherKey }));
    expect(response.statusCode).toBe(401);
  });

  it('logs a refused token as one line with the reason, without a stack trace', async () => {
    logs.take();
    expect((await loginWith('not-a-jwt')).statusCode).toBe(401);
    const line = logs.take().find((entry) => entry.msg === 'external token rejected');
    expect(line?.raw).toContain('Invalid Compact JWS');
    expect(line?.raw).not.toContain('"stack"');
  });

  it('never takes over an existing account by e-mail alone', async () => {
    const existing = await signedInUser(t.app);
    const token = await accessToken(`auth0|takeover-${Math.random()}`);
    userInfo.set(token, { email: existing.email, email_verified: true, name: 'Mallory Attacker' });
    const response = await loginWith(token);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorResponse>().message).toMatch(/already exists/);
  });

  it('refuses to create an account when the provider has not verified the e-mail', async () => {
    const token = await accessToken(`auth0|unverified-${Math.random()}`);
    userInfo.set(token, { email: 'unverified@lab.test', email_verified: false });
    expect((await loginWith(token)).statusCode).toBe(401);
  });
});

describe('LoginWithAuth0 without a provider configured', () => {
  it('answers 503 with a clear message', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/Account/LoginWithAuth0',
        headers: { authorization: 'Bearer x' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<ErrorResponse>().message).toMatch(/not set up/);
    } finally {
      await plain.close();
    }
  });
});
