import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const base = { DATA_DIR: '/tmp/sciwise-settings-test', PORT: '3000' };
const auth0 = {
  OIDC_PROVIDERS: 'auth0, linkedin',
  OIDC_AUTH0_ISSUER: 'https://tenant.auth0.com/',
  OIDC_AUTH0_CLIENT_ID: 'abc',
  OIDC_AUTH0_CLIENT_SECRET: 'shh',
  OIDC_LINKEDIN_ISSUER: 'https://www.linkedin.com/oauth',
  OIDC_LINKEDIN_CLIENT_ID: 'li',
  OIDC_LINKEDIN_LABEL: 'LinkedIn (work)',
};

describe('identity provider settings', () => {
  it('reads each provider named in OIDC_PROVIDERS, with labels, scopes and audience defaults', () => {
    const config = loadConfig({ ...base, ...auth0 });
    expect(config.oidcProviders).toEqual([
      {
        name: 'auth0',
        issuer: 'https://tenant.auth0.com/',
        clientId: 'abc',
        clientSecret: 'shh',
        scopes: 'openid profile email',
        label: 'Auth0',
        audience: 'abc',
        kind: 'standard',
      },
      {
        name: 'linkedin',
        issuer: 'https://www.linkedin.com/oauth',
        clientId: 'li',
        clientSecret: undefined,
        scopes: 'openid profile email',
        label: 'LinkedIn (work)',
        audience: 'li',
        kind: 'standard',
      },
    ]);
  });

  it.each([
    [{ OIDC_PROVIDERS: 'auth0' }, /OIDC_AUTH0_ISSUER/],
    [{ OIDC_PROVIDERS: 'auth0', OIDC_AUTH0_ISSUER: 'https://a.example' }, /OIDC_AUTH0_CLIENT_ID/],
    [{ ...auth0, OIDC_AUTH0_SCOPES: 'profile email' }, /must include openid/],
    [{ OIDC_PROVIDERS: 'Auth0!' }, /OIDC_PROVIDERS/],
    [{ ...auth0, OIDC_PROVIDERS: 'auth0,auth0' }, /listed twice/],
  ])('stops start-up on a bad provider setting %#', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('starts the development provider only on the embedded defaults in development, on loopback', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).devIdentityPort).toBe(3001);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DEV_IDENTITY_PORT: '4999' }).devIdentityPort).toBe(
      4999,
    );
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).devIdentityPort,
    ).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'development', HOST: '0.0.0.0' }).devIdentityPort).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'development', ...auth0 }).devIdentityPort).toBeUndefined();
    expect(
      loadConfig({ ...base, NODE_ENV: 'development', OIDC_ISSUER: 'https://a.example', OIDC_AUDIENCE: 'x' })
        .devIdentityPort,
    ).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).devIdentityPort).toBeUndefined();
  });

  it('refuses to turn the development provider on where others could use its password-less demo people', () => {
    for (const env of [
      { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
      { NODE_ENV: 'development', HOST: '0.0.0.0' },
      { NODE_ENV: 'development', ...auth0 },
    ]) {
      expect(() => loadConfig({ ...base, ...env, DEV_IDENTITY_PROVIDER: 'true' })).toThrow(ConfigError);
    }
  });
});
