import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export interface IdentityProvider {
  issuer: string;
  audience: string;
  /** What /userinfo answers for an access token. */
  userInfo: Map<string, Record<string, unknown>>;
  /** An RS256 access token for the subject, valid unless a claim says otherwise. */
  accessToken(
    subject: string,
    claims?: { aud?: string; iss?: string; exp?: number; key?: PrivateKey },
  ): Promise<string>;
  /** The env settings that point the app at this provider. */
  env: { OIDC_ISSUER: string; OIDC_AUDIENCE: string };
  close(): Promise<void>;
}

/** A tiny OpenID provider on loopback: discovery, JWKS and userinfo. */
export async function startIdentityProvider(audience = 'sciwise-api'): Promise<IdentityProvider> {
  const keys = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const userInfo = new Map<string, Record<string, unknown>>();
  let issuer = '';
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/.well-known/openid-configuration') {
      response.end(
        JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` }),
      );
    } else if (request.url === '/jwks') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else if (request.url === '/userinfo') {
      const token = (request.headers.authorization ?? '').replace('Bearer ', '');
      response.end(JSON.stringify(userInfo.get(token) ?? {}));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    audience,
    userInfo,
    env: { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience },
    accessToken: (subject, claims = {}) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setSubject(subject)
        .setIssuer(claims.iss ?? issuer)
        .setAudience(claims.aud ?? audience)
        .setIssuedAt()
        .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
        .sign(claims.key ?? keys.privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
