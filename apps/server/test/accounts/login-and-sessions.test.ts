import type { CurrentUser, ErrorResponse, LoginResponse } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { randomIp, signedInUser, signUpPayload } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: object, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/Account/Login', payload, remoteAddress });

async function registered() {
  const payload = signUpPayload();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/User/AddNewUser',
    payload,
    remoteAddress: randomIp(),
  });
  expect(created.statusCode).toBe(201);
  return payload;
}

describe('POST /api/Account/Login', () => {
  it('returns the token and the spec user, and sets an HttpOnly, Secure, SameSite session cookie', async () => {
    const account = await registered();
    const response = await login({ email: account.email.toUpperCase(), password: account.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
    });
    expect(body.token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const cookie = response.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({
      value: body.token,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
    });
  });

  it('stores only a hash of the session token', async () => {
    const account = await registered();
    const { token, user } = (
      await login({ email: account.email, password: account.password })
    ).json<LoginResponse>();
    const rows = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const account = await registered();
    const wrongPassword = await login({ email: account.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: `nobody-${account.email}`, password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json<ErrorResponse>().message).toBe('The e-mail or password is incorrect.');
  });

  it('answers 400 to missing or malformed fields', async () => {
    for (const payload of [
      {},
      { email: 'x' },
      { email: 'a@b.co', password: '' },
      { email: 42, password: true },
    ]) {
      const response = await login(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<ErrorResponse>().details?.length).toBeGreaterThan(0);
    }
  });

  it('rate-limits sign-in attempts per address', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await login({ email: `who-${i}@example.test`, password: 'x' }, ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('GET /api/me and sessions', () => {
  it('needs a session: 401 without one or with a forged token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json<ErrorResponse>()).toMatchObject({
      code: 'unauthenticated',
      message: expect.any(String),
    });
  });

  it('returns the signed-in user by bearer token and by cookie, without secrets', async () => {
    const user = await signedInUser(t.app, { firstName: 'Rosalind', lastName: 'Franklin' });
    const byBearer = await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { '__Host-sid': user.token },
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byCookie.json()).toEqual(byBearer.json());
    const me = byBearer.json<CurrentUser>();
    expect(me).toMatchObject({ id: user.id, name: 'Rosalind Franklin', role: 'member', hasPassword: true });
    expect(byBearer.body).not.toMatch(/argon2|passwordHash|tokenHash/);
  });

  it('logout revokes the session on the server and clears the cookie', async () => {
    const user = await signedInUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === '__Host-sid')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(
      401,
    );
  });

  it('lists live sessions, marks the current one, and ends another device', async () => {
    const user = await signedInUser(t.app);
    const second = (await login({ email: user.email, password: user.password })).json<LoginResponse>();
    const list = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: user.headers });
    const { sessions: live } = list.json<{ sessions: Array<{ id: string; current: boolean }> }>();
    expect(live).toHaveLength(2);
    const other = live.find((s) => !s.current)!;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other.id}`,
      headers: user.headers,
    });
    expect(ended.statusCode).toBe(200);
    const secondMe = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(secondMe.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(
      200,
    );
  });

  it("cannot end another user's session", async () => {
    const alice = await signedInUser(t.app);
    const bob = await signedInUser(t.app);
    const bobSessions = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bob.headers });
    const bobSessionId = bobSessions.json<{ sessions: Array<{ id: string }> }>().sessions[0]!.id;
    const attempt = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${bobSessionId}`,
      headers: alice.headers,
    });
    expect(attempt.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bob.headers })).statusCode).toBe(
      200,
    );
  });

  it('revoke-others keeps only the current session', async () => {
    const user = await signedInUser(t.app);
    const second = (await login({ email: user.email, password: user.password })).json<LoginResponse>();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${second.token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(
      200,
    );
  });
});
