import type { ErrorResponse, LinkedIdentitiesResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type IdentityProvider } from '../support/identity-provider.ts';
import {
  SESSION,
  location,
  person,
  redirectSignIn,
  sessionOf,
  type FlowOptions,
  type RedirectSignIn,
} from '../support/redirect-sign-in.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser } from '../factories.ts';

let provider: IdentityProvider;
let t: TestApp;
let flows: RedirectSignIn;

beforeAll(async () => {
  provider = await startIdentityProvider();
  t = await createTestApp({ env: provider.providerEnv('test') });
  flows = redirectSignIn(t, provider);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const signInFlow = (options?: FlowOptions) => flows.signInFlow(options);
const newAccount = (...args: Parameters<RedirectSignIn['newAccount']>) => flows.newAccount(...args);
const expectFailure = (...args: Parameters<RedirectSignIn['expectFailure']>) => flows.expectFailure(...args);

describe('linking from Settings', () => {
  async function passwordUserSession() {
    const user = await signedInUser(t.app);
    return { user, session: user.token };
  }

  it('links a provider to the signed-in account, which then signs in with it', async () => {
    const { user, session } = await passwordUserSession();
    const who = person({ email: user.email });
    provider.nextPerson = who;
    const { answer } = await signInFlow({ link: true, session });
    expect(location(answer)).toBe('/profile/settings?linked=test');
    const listed = await t.app.inject({ method: 'GET', url: '/api/me/identities', headers: user.headers });
    expect(listed.json<LinkedIdentitiesResponse>()).toMatchObject({
      identities: [{ provider: 'test', label: 'Test', email: user.email, canUnlink: true }],
      hasPassword: true,
      linkable: [],
    });

    provider.nextPerson = who;
    const signIn = (await signInFlow()).answer;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { [SESSION]: sessionOf(signIn)! },
    });
    expect(me.json()).toMatchObject({ id: user.id });
  });

  it('refuses to link an identity that belongs to another account', async () => {
    const { who } = await newAccount();
    const { session } = await passwordUserSession();
    provider.nextPerson = who;
    expectFailure((await signInFlow({ link: true, session })).answer, 'already_linked');
  });

  it('sends a visitor who is not signed in to the failure page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/test/link' });
    expect(location(response)).toBe('/sign-in/failed?provider=test&reason=login_required');
  });

  it('unlinks a provider, but never the last way in', async () => {
    const { session: ssoSession } = await newAccount();
    const sso = { authorization: `Bearer ${ssoSession}` };
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/me/identities', headers: sso })
    ).json<LinkedIdentitiesResponse>();
    expect(mine.identities[0]!.canUnlink).toBe(false);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/identities/${mine.identities[0]!.id}`,
      headers: sso,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorResponse>().message).toMatch(/only way to sign in/);

    const { user, session } = await passwordUserSession();
    provider.nextPerson = person();
    await signInFlow({ link: true, session });
    const linked = (
      await t.app.inject({ method: 'GET', url: '/api/me/identities', headers: user.headers })
    ).json<LinkedIdentitiesResponse>();
    const someoneElses = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/identities/${linked.identities[0]!.id}`,
      headers: sso,
    });
    expect(someoneElses.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/identities/${linked.identities[0]!.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/me/identities', headers: user.headers })
    ).json<LinkedIdentitiesResponse>();
    expect(after.identities).toEqual([]);
  });

  it('answers 401 to anonymous identity calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/identities' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/me/identities/00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(401);
  });
});
