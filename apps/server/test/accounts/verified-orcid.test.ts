import type { ExpertProfile, ExpertSearchResponse, LinkedIdentitiesResponse } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { expertProfiles } from '../../src/db/schema/index.ts';
import { startIdentityProvider, type IdentityProvider } from '../support/identity-provider.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { approvedExpert, randomIp, type SignedInUser } from '../factories.ts';

// Issue 15 item 6: an ORCID iD linked through an ORCID provider is the only thing that marks an
// expert's ORCID as verified; an iD typed into the application is shown as typed, never verified.

let orcid: IdentityProvider;
let other: IdentityProvider;
let t: TestApp;
const TXN = '__Host-oidc_txn';

beforeAll(async () => {
  orcid = await startIdentityProvider();
  other = await startIdentityProvider();
  t = await createTestApp({
    env: {
      ...other.providerEnv('test'),
      ...orcid.providerEnv('orcid'),
      OIDC_PROVIDERS: 'test,orcid',
      OIDC_ORCID_KIND: 'orcid',
      OIDC_ORCID_LABEL: 'ORCID',
    },
  });
});
afterAll(async () => {
  await t.close();
  await orcid.close();
  await other.close();
});

/** Link from Settings: the signed-in expert starts /link, the provider answers, the callback runs. */
async function link(provider: IdentityProvider, name: string, user: SignedInUser, sub: string) {
  const remoteAddress = randomIp();
  const cookies = { '__Host-sid': user.token };
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/${name}/link`,
    cookies,
    remoteAddress,
  });
  expect(start.statusCode, start.body).toBe(303);
  provider.nextPerson = { sub, given_name: 'Ada', family_name: 'Expert' };
  const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  const key = start.cookies.find((cookie) => cookie.name === TXN)!.value;
  const answer = await t.app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    cookies: { ...cookies, [TXN]: key },
    remoteAddress,
  });
  return String(answer.headers.location);
}

async function slugOf(user: SignedInUser) {
  const [row] = await t.app.db
    .select({ slug: expertProfiles.slug })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, user.id));
  return row!.slug;
}

const profileOf = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/experts/${slug}` })).json<ExpertProfile>();

async function cardOf(slug: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/experts?category=data_analysts&limit=50' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExpertSearchResponse>().experts.find((expert) => expert.slug === slug);
}

const identities = async (user: SignedInUser) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/me/identities', headers: user.headers })
  ).json<LinkedIdentitiesResponse>();

describe('a verified ORCID iD', () => {
  it('appears on the profile, in search and in Settings only after linking through the ORCID provider, and goes with the unlink', async () => {
    const expert = await approvedExpert(t.app);
    const slug = await slugOf(expert);
    expect((await profileOf(slug)).verifiedOrcid).toBeNull();
    expect((await cardOf(slug))?.verifiedOrcid).toBeNull();

    expect(await link(orcid, 'orcid', expert, '0000-0002-1825-0097')).toBe('/profile/settings?linked=orcid');
    const mark = {
      id: '0000-0002-1825-0097',
      url: `${orcid.issuer}/0000-0002-1825-0097`,
      // A provider on loopback is a development or test one: the badge says so.
      development: true,
    };
    expect((await profileOf(slug)).verifiedOrcid).toEqual(mark);
    expect((await cardOf(slug))?.verifiedOrcid).toEqual(mark);
    const settings = await identities(expert);
    expect(settings.identities).toMatchObject([{ provider: 'orcid', label: 'ORCID', orcid: mark }]);

    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/identities/${settings.identities[0]!.id}`,
      headers: expert.headers,
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect((await profileOf(slug)).verifiedOrcid).toBeNull();
    expect((await cardOf(slug))?.verifiedOrcid).toBeNull();
  });

  it('is never made from an iD typed into the application, nor from a provider that is not ORCID', async () => {
    const expert = await approvedExpert(t.app);
    const slug = await slugOf(expert);
    await t.app.db
      .update(expertProfiles)
      .set({ orcid: '0000-0001-5109-3700' })
      .where(eq(expertProfiles.userId, expert.id));
    // A standard provider whose subject happens to look like an ORCID iD proves nothing about ORCID.
    expect(await link(other, 'test', expert, '0000-0001-5109-3700')).toBe('/profile/settings?linked=test');

    const profile = await profileOf(slug);
    expect(profile.orcid).toBe('0000-0001-5109-3700');
    expect(profile.verifiedOrcid).toBeNull();
    expect((await cardOf(slug))?.verifiedOrcid).toBeNull();
    expect((await identities(expert)).identities).toMatchObject([{ provider: 'test', orcid: null }]);
  });

  it.each([
    ['a wrong check digit', '0000-0002-1825-0098'],
    ['no dashes', '0000000218250097'],
    ['not an iD at all', 'orcid|12345'],
  ])('refuses an ORCID provider subject with %s, and links nothing', async (_case, sub) => {
    const expert = await approvedExpert(t.app);
    const target = new URL(await link(orcid, 'orcid', expert, sub), 'http://localhost:3000');
    expect(target.pathname).toBe('/sign-in/failed');
    expect(target.searchParams.get('reason')).toBe('orcid_invalid');
    expect((await identities(expert)).identities).toEqual([]);
    expect((await profileOf(await slugOf(expert))).verifiedOrcid).toBeNull();
  });

  it('signs in with a linked iD, and sends an unlinked one to log in and link it from Settings', async () => {
    const expert = await approvedExpert(t.app);
    await link(orcid, 'orcid', expert, '0000-0003-1415-9269');
    const signIn = async (sub: string) => {
      const remoteAddress = randomIp();
      const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/orcid/start', remoteAddress });
      orcid.nextPerson = { sub, given_name: 'Ada', family_name: 'Expert' };
      const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
      const callback = new URL(atProvider.headers.get('location')!);
      return t.app.inject({
        method: 'GET',
        url: callback.pathname + callback.search,
        cookies: { [TXN]: start.cookies.find((cookie) => cookie.name === TXN)!.value },
        remoteAddress,
      });
    };
    const linked = await signIn('0000-0003-1415-9269');
    expect(String(linked.headers.location)).toBe('/profile/freelancer-dashboard');
    expect(linked.cookies.some((cookie) => cookie.name === '__Host-sid')).toBe(true);

    const stranger = await signIn('0000-0002-7183-4569');
    expect(String(stranger.headers.location)).toBe('/sign-in/failed?provider=orcid&reason=orcid_not_linked');
    expect(stranger.cookies.some((cookie) => cookie.name === '__Host-sid')).toBe(false);
  });

  it('accepts an X check digit', async () => {
    const expert = await approvedExpert(t.app);
    expect(await link(orcid, 'orcid', expert, '0000-0002-9079-593X')).toBe('/profile/settings?linked=orcid');
    expect((await profileOf(await slugOf(expert))).verifiedOrcid?.id).toBe('0000-0002-9079-593X');
  });
});

describe('ORCID provider settings', () => {
  const base = { DATA_DIR: '/tmp/sciwise-settings-test', PORT: '3000' };
  it('knows orcid.org and its sandbox by issuer, asks them for scope openid, and takes OIDC_<NAME>_KIND', () => {
    const config = loadConfig({
      ...base,
      OIDC_PROVIDERS: 'orcid,sandbox,keycloak,plain',
      OIDC_ORCID_ISSUER: 'https://orcid.org',
      OIDC_ORCID_CLIENT_ID: 'APP-1',
      OIDC_SANDBOX_ISSUER: 'https://sandbox.orcid.org/',
      OIDC_SANDBOX_CLIENT_ID: 'APP-2',
      OIDC_KEYCLOAK_ISSUER: 'https://id.example.org/realms/orcid-bridge',
      OIDC_KEYCLOAK_CLIENT_ID: 'kc',
      OIDC_KEYCLOAK_KIND: 'orcid',
      OIDC_PLAIN_ISSUER: 'https://id.example.org',
      OIDC_PLAIN_CLIENT_ID: 'p',
    });
    expect(
      config.oidcProviders.map(({ name, kind, scopes, label }) => ({ name, kind, scopes, label })),
    ).toEqual([
      { name: 'orcid', kind: 'orcid', scopes: 'openid', label: 'ORCID' },
      { name: 'sandbox', kind: 'orcid', scopes: 'openid', label: 'Sandbox' },
      { name: 'keycloak', kind: 'orcid', scopes: 'openid', label: 'Keycloak' },
      { name: 'plain', kind: 'standard', scopes: 'openid profile email', label: 'Plain' },
    ]);
  });

  it('stops start-up on an unknown kind', () => {
    expect(() =>
      loadConfig({
        ...base,
        OIDC_PROVIDERS: 'x',
        OIDC_X_ISSUER: 'https://id.example.org',
        OIDC_X_CLIENT_ID: 'x',
        OIDC_X_KIND: 'scopus',
      }),
    ).toThrow(/OIDC_X_KIND="scopus": must be orcid or standard/);
  });
});
