import {
  LINKEDIN_LOGIN_FAILED,
  signInFailureTitle,
  type CompleteSignUpResponse,
  type LinkedIdentitiesResponse,
} from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import {
  startIdentityProvider,
  type IdentityProvider,
  type IdTokenTamper,
} from '../support/identity-provider.ts';
import {
  SESSION,
  SIGN_UP,
  TXN,
  location,
  person,
  redirectSignIn,
  sessionOf,
  type FlowOptions,
  type RedirectSignIn,
} from '../support/redirect-sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { randomIp, signedInUser } from '../factories.ts';

let provider: IdentityProvider;
let t: TestApp;
const clock = new ManualClock();
let flows: RedirectSignIn;

beforeAll(async () => {
  provider = await startIdentityProvider();
  t = await createTestApp({ env: provider.providerEnv('test'), overrides: { clock } });
  flows = redirectSignIn(t, provider);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const signInFlow = (options?: FlowOptions) => flows.signInFlow(options);
const newAccount = (...args: Parameters<RedirectSignIn['newAccount']>) => flows.newAccount(...args);
const expectFailure = (...args: Parameters<RedirectSignIn['expectFailure']>) => flows.expectFailure(...args);

describe('GET /api/auth/providers', () => {
  it('lists the configured providers for the sign-in window', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ providers: [{ name: 'test', label: 'Test' }] });
  });

  it('lists none when none is configured', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(response.json()).toEqual({ providers: [] });
    } finally {
      await plain.close();
    }
  });
});

describe('the redirect sign-in', () => {
  it('asks a new person once for what the provider did not give, then signs them in with the session cookie', async () => {
    const who = person();
    provider.nextPerson = who;
    const { answer } = await signInFlow();
    expect(location(answer)).toBe('/sign-in/complete');
    expect(sessionOf(answer)).toBeUndefined();
    const signUpKey = answer.cookies.find((cookie) => cookie.name === SIGN_UP)!.value;

    const pending = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sign-up',
      cookies: { [SIGN_UP]: signUpKey },
    });
    expect(pending.json()).toEqual({
      provider: { name: 'test', label: 'Test' },
      email: who.email,
      firstName: 'Marie',
      lastName: 'Curie',
    });
    const withoutTerms = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      cookies: { [SIGN_UP]: signUpKey },
      payload: { firstName: 'Marie', lastName: 'Curie', phoneNumber: '+33 1 23 45 67 89' },
    });
    expect(withoutTerms.statusCode).toBe(400);

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      cookies: { [SIGN_UP]: signUpKey },
      payload: { firstName: 'Marie', lastName: 'Curie', phoneNumber: '+33 1 23 45 67 89', acceptTerms: true },
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json<CompleteSignUpResponse>().redirectTo).toBe('/profile/project-owner-dashboard');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { [SESSION]: sessionOf(done)! },
    });
    expect(me.json()).toMatchObject({
      email: who.email,
      phoneNumber: '+33123456789',
      emailVerified: true,
      hasPassword: false,
    });

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      cookies: { [SIGN_UP]: signUpKey },
      payload: { firstName: 'Marie', lastName: 'Curie', phoneNumber: '+33 1 23 45 67 89', acceptTerms: true },
    });
    expect(again.statusCode).toBe(401);
  });

  it('signs a returning person in to the same account, to their dashboard or a same-site returnTo', async () => {
    const { who, body } = await newAccount();
    provider.nextPerson = who;
    const back = (await signInFlow()).answer;
    expect(location(back)).toBe('/profile/project-owner-dashboard');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { [SESSION]: sessionOf(back)! },
    });
    expect(me.json()).toMatchObject({ id: body.user.id });

    provider.nextPerson = who;
    expect(location((await signInFlow({ returnTo: '/profile/my-projects?tab=open' })).answer)).toBe(
      '/profile/my-projects?tab=open',
    );
    for (const foreign of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/api/me/sessions/revoke-others',
    ]) {
      provider.nextPerson = who;
      expect(location((await signInFlow({ returnTo: foreign })).answer)).toBe(
        '/profile/project-owner-dashboard',
      );
    }
  });

  it('refuses a returning person whose account an administrator suspended, without a session', async () => {
    const { who, body } = await newAccount();
    await t.app.db
      .update(users)
      .set({ suspendedAt: sql`now()`, suspensionReason: 'Shared a confidential brief outside the platform.' })
      .where(eq(users.id, body.user.id));
    provider.nextPerson = who;
    const back = (await signInFlow()).answer;
    expectFailure(back, 'account_suspended');
  });

  it('leaves the code and state out of the address it sends the browser to', async () => {
    const { who } = await newAccount();
    provider.nextPerson = who;
    const target = location((await signInFlow()).answer);
    expect(target).not.toMatch(/code=|state=/);
  });

  it('a cancelled consent lands on the failure page as "cancelled"', async () => {
    provider.nextAuthorizeError = 'access_denied';
    expectFailure((await signInFlow()).answer, 'cancelled');
  });

  it('a transaction older than ten minutes is gone', async () => {
    provider.nextPerson = person();
    const started = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/test/start',
      remoteAddress: randomIp(),
    });
    const key = started.cookies.find((cookie) => cookie.name === TXN)!.value;
    const atProvider = await fetch(location(started), { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    clock.advance(11 * 60 * 1000);
    const late = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      cookies: { [TXN]: key },
    });
    expectFailure(late, 'missing_transaction');
  });

  it('an unknown provider name fails on the page, not with a stack trace', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/nobody/start' });
    expect(location(response)).toBe('/sign-in/failed?provider=nobody&reason=unknown_provider');
  });
});

describe('refused ID tokens and transactions, each with the spec text', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it.each<[string, IdTokenTamper]>([
    ['alg: none', { signing: 'none' }],
    ['HS256 signed with the public key (algorithm confusion)', { signing: 'hs256-public' }],
    ['an unknown kid', { signing: 'unknown-kid' }],
    ['a wrong issuer', { claims: { iss: 'https://evil.example' } }],
    ['a wrong audience', { claims: { aud: 'someone-else' } }],
    ['expired beyond the 60 s leeway', { claims: { exp: now() - 120, iat: now() - 600 } }],
    ['nbf in the future', { claims: { nbf: now() + 600 } }],
    ['a wrong nonce', { claims: { nonce: 'not-the-one-we-sent' } }],
  ])('refuses %s', async (_label, tamper) => {
    provider.nextPerson = person();
    const { answer } = await signInFlow({ tamper });
    expectFailure(answer, 'token_invalid');
  });

  it('accepts a token expired by less than the 60 s leeway', async () => {
    provider.nextPerson = person();
    const { answer } = await signInFlow({ tamper: { claims: { exp: now() - 30, iat: now() - 300 } } });
    expect(location(answer)).toBe('/sign-in/complete');
  });

  it('refuses a replayed callback: the transaction is used once', async () => {
    const { who } = await newAccount();
    provider.nextPerson = who;
    const flow = await signInFlow();
    expect(sessionOf(flow.answer)).toBeDefined();
    expectFailure(await flow.replay(), 'missing_transaction');
  });

  it('refuses a state that is not the one this browser started with', async () => {
    provider.nextPerson = person();
    const { answer } = await signInFlow({
      spoil: (callback) => callback.searchParams.set('state', 'forged'),
    });
    expectFailure(answer, 'state_mismatch');
  });

  it("refuses a callback without this browser's transaction cookie", async () => {
    provider.nextPerson = person();
    const flow = await signInFlow({ spoil: () => undefined });
    expectFailure(await flow.inject({}), 'missing_transaction');
  });

  it('refuses when the PKCE verifier does not match the challenge', async () => {
    provider.nextPerson = person();
    provider.nextWrongChallenge = true;
    expectFailure((await signInFlow()).answer, 'request_error');
  });

  it('never links or creates an account from an unverified e-mail that matches an existing one', async () => {
    const existing = await signedInUser(t.app);
    provider.nextPerson = person({ email: existing.email, email_verified: false });
    expectFailure((await signInFlow()).answer, 'email_unverified');
    const identities = await t.app.inject({
      method: 'GET',
      url: '/api/me/identities',
      headers: existing.headers,
    });
    expect(identities.json<LinkedIdentitiesResponse>().identities).toEqual([]);
  });

  it('never links an existing account by a verified e-mail either: its owner must link it', async () => {
    const existing = await signedInUser(t.app);
    provider.nextPerson = person({ email: existing.email.toUpperCase() });
    expectFailure((await signInFlow()).answer, 'email_in_use');
    const identities = await t.app.inject({
      method: 'GET',
      url: '/api/me/identities',
      headers: existing.headers,
    });
    expect(identities.json<LinkedIdentitiesResponse>().identities).toEqual([]);
  });

  it("says LinkedIn's own text for LinkedIn", () => {
    expect(signInFailureTitle('linkedin')).toBe(LINKEDIN_LOGIN_FAILED);
  });
});

describe('LoginWithAuth0 with OIDC_PROVIDERS', () => {
  it("verifies an access token from a configured provider's issuer and links by (issuer, subject)", async () => {
    const who = person();
    const token = await provider.accessToken(who.sub);
    provider.userInfo.set(token, who);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Account/LoginWithAuth0',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: randomIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    // The same (issuer, subject) through the redirect flow finds the same account.
    provider.nextPerson = who;
    const signIn = (await signInFlow()).answer;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { [SESSION]: sessionOf(signIn)! },
    });
    expect(me.json()).toMatchObject({ email: who.email });
  });
});
