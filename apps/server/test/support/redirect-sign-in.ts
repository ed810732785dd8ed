import {
  EXTERNAL_LOGIN_FAILED,
  signInFailureTitle,
  type CompleteSignUpResponse,
  type SignInFailureReason,
} from '@sciwise/contracts';
import { expect } from 'vitest';
import { randomIp } from '../factories.ts';
import type { IdentityProvider, IdTokenTamper } from './identity-provider.ts';
import type { TestApp } from './test-app.ts';

export const TXN = '__Host-oidc_txn';
export const SIGN_UP = '__Host-oidc_signup';
export const SESSION = '__Host-sid';

/** A person as the test provider describes them, new each time. */
export const person = (overrides: Record<string, unknown> = {}) => {
  const id = Math.random().toString(36).slice(2);
  return {
    sub: `test|${id}`,
    email: `${id}@provider.test`,
    email_verified: true,
    given_name: 'Marie',
    family_name: 'Curie',
    ...overrides,
  };
};

export interface FlowOptions {
  returnTo?: string;
  session?: string;
  link?: boolean;
  tamper?: IdTokenTamper;
  /** Changes the callback address before the app sees it (a forged or mismatched state). */
  spoil?: (callback: URL) => void;
}

export const location = (response: { headers: Record<string, unknown> }) => String(response.headers.location);
export const sessionOf = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === SESSION)?.value;

/** The redirect sign-in as a browser drives it, against one app and its test identity provider. */
export function redirectSignIn(t: TestApp, provider: IdentityProvider) {
  /** Start -> the provider's /authorize -> the callback, as a browser would follow the redirects. */
  async function signInFlow(options: FlowOptions = {}) {
    const remoteAddress = randomIp();
    const sessionCookie: Record<string, string> = options.session ? { [SESSION]: options.session } : {};
    const start = await t.app.inject({
      method: 'GET',
      url: options.link
        ? '/api/auth/oidc/test/link'
        : `/api/auth/oidc/test/start${options.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(options.returnTo)}`}`,
      cookies: sessionCookie,
      remoteAddress,
    });
    expect(start.statusCode, start.body).toBe(303);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const key = start.cookies.find((cookie) => cookie.name === TXN)!.value;
    provider.nextIdToken = options.tamper;
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    options.spoil?.(callback);
    const inject = (cookies: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: callback.pathname + callback.search, cookies, remoteAddress });
    const answer = await inject({ [TXN]: key, ...sessionCookie });
    return { answer, key, replay: () => inject({ [TXN]: key, ...sessionCookie }), inject };
  }

  function expectFailure(
    response: Awaited<ReturnType<TestApp['app']['inject']>>,
    reason: SignInFailureReason,
  ) {
    expect(response.statusCode).toBe(303);
    const target = new URL(location(response), 'http://localhost:3000');
    expect(target.pathname).toBe('/sign-in/failed');
    expect(target.searchParams.get('reason')).toBe(reason);
    // The page shows the spec's text for this provider, and no session was made.
    expect(signInFailureTitle(target.searchParams.get('provider') ?? undefined)).toBe(EXTERNAL_LOGIN_FAILED);
    expect(sessionOf(response)).toBeUndefined();
  }

  async function newAccount(who = person(), returnTo?: string) {
    provider.nextPerson = who;
    const { answer } = await signInFlow({ returnTo });
    expect(location(answer)).toBe('/sign-in/complete');
    const signUpKey = answer.cookies.find((cookie) => cookie.name === SIGN_UP)!.value;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      cookies: { [SIGN_UP]: signUpKey },
      payload: { firstName: 'Marie', lastName: 'Curie', phoneNumber: '+33 1 23 45 67 89', acceptTerms: true },
      remoteAddress: randomIp(),
    });
    expect(done.statusCode, done.body).toBe(201);
    return { who, signUpKey, done, body: done.json<CompleteSignUpResponse>(), session: sessionOf(done)! };
  }

  return { signInFlow, expectFailure, newAccount };
}
export type RedirectSignIn = ReturnType<typeof redirectSignIn>;
