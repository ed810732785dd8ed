import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type JWK } from 'jose';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** How the next ID token from /token is spoiled, for the negative tests. */
export interface IdTokenTamper {
  /** Claims that replace or add to the honest ones (iss, aud, exp, nbf, nonce, email...). */
  claims?: Record<string, unknown>;
  /** none: unsigned; hs256-public: HMAC keyed with our public key (algorithm confusion); unknown-kid: another key. */
  signing?: 'none' | 'hs256-public' | 'unknown-kid';
}

export interface IdentityProvider {
  issuer: string;
  audience: string;
  clientId: string;
  clientSecret: string;
  /** What /userinfo answers for an access token. */
  userInfo: Map<string, Record<string, unknown>>;
  /** An RS256 access token for the subject, valid unless a claim says otherwise. */
  accessToken(
    subject: string,
    claims?: { aud?: string; iss?: string; exp?: number; key?: PrivateKey },
  ): Promise<string>;
  /** Who the next /authorize signs in (sub plus profile claims). */
  nextPerson: Record<string, unknown> & { sub: string };
  /** The next /authorize answers with this OAuth error instead of a code (e.g. access_denied). */
  nextAuthorizeError: string | undefined;
  /** The next /token answer's ID token is spoiled this way. */
  nextIdToken: IdTokenTamper | undefined;
  /** The next code is bound to another PKCE challenge, as if the verifier sent were wrong. */
  nextWrongChallenge: boolean;
  /** The env settings that point the app at this provider: OIDC_ISSUER for LoginWithAuth0. */
  env: { OIDC_ISSUER: string; OIDC_AUDIENCE: string };
  /** The env settings of a redirect-flow provider called `name` (OIDC_PROVIDERS=name ...). */
  providerEnv(name?: string): Record<string, string>;
  close(): Promise<void>;
}

interface PendingCode {
  challenge: string;
  nonce: string | undefined;
  redirectUri: string;
  person: Record<string, unknown> & { sub: string };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => resolve(body));
  });
}

/**
 * A tiny OpenID provider on loopback: discovery, JWKS, userinfo, and an authorization code flow
 * with PKCE whose ID tokens the tests can spoil one at a time.
 */
export async function startIdentityProvider(audience = 'sciwise-api'): Promise<IdentityProvider> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256');
  const publicPem = await exportSPKI(keys.publicKey);
  const jwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const userInfo = new Map<string, Record<string, unknown>>();
  const codes = new Map<string, PendingCode>();
  const clientId = 'sciwise-test';
  const clientSecret = randomBytes(16).toString('hex');
  let issuer = '';

  const idToken = async (code: PendingCode, tamper: IdTokenTamper | undefined): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: issuer,
      aud: clientId,
      iat: now,
      exp: now + 300,
      ...(code.nonce ? { nonce: code.nonce } : {}),
      ...code.person,
      ...tamper?.claims,
    };
    if (tamper?.signing === 'none') return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    if (tamper?.signing === 'hs256-public') {
      const input = `${b64url({ alg: 'HS256', typ: 'JWT', kid: 'test-key' })}.${b64url(claims)}`;
      return `${input}.${createHmac('sha256', publicPem).update(input).digest('base64url')}`;
    }
    const unknown = tamper?.signing === 'unknown-kid';
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: unknown ? 'rotated-away' : 'test-key' })
      .sign(unknown ? other.privateKey : keys.privateKey);
  };

  const provider: IdentityProvider = {
    issuer: '',
    audience,
    clientId,
    clientSecret,
    userInfo,
    nextPerson: { sub: 'nobody' },
    nextAuthorizeError: undefined,
    nextIdToken: undefined,
    nextWrongChallenge: false,
    env: { OIDC_ISSUER: '', OIDC_AUDIENCE: audience },
    providerEnv: (name = 'test') => {
      const prefix = `OIDC_${name.toUpperCase()}_`;
      return {
        OIDC_PROVIDERS: name,
        [`${prefix}ISSUER`]: issuer,
        [`${prefix}CLIENT_ID`]: clientId,
        [`${prefix}CLIENT_SECRET`]: clientSecret,
        [`${prefix}AUDIENCE`]: audience,
      };
    },
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

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      response.setHeader('content-type', 'application/json');
      if (url.pathname === '/.well-known/openid-configuration') {
        response.end(
          JSON.stringify({
            issuer,
            jwks_uri: `${issuer}/jwks`,
            userinfo_endpoint: `${issuer}/userinfo`,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
          }),
        );
      } else if (url.pathname === '/jwks') {
        response.end(JSON.stringify({ keys: [jwk] }));
      } else if (url.pathname === '/userinfo') {
        const token = (request.headers.authorization ?? '').replace('Bearer ', '');
        response.end(JSON.stringify(userInfo.get(token) ?? {}));
      } else if (url.pathname === '/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (provider.nextAuthorizeError) {
          back.searchParams.set('error', provider.nextAuthorizeError);
          provider.nextAuthorizeError = undefined;
        } else {
          const code = randomBytes(16).toString('hex');
          codes.set(code, {
            challenge: provider.nextWrongChallenge
              ? createHash('sha256').update('some other verifier').digest('base64url')
              : (url.searchParams.get('code_challenge') ?? ''),
            nonce: url.searchParams.get('nonce') ?? undefined,
            redirectUri: back.origin + back.pathname,
            person: provider.nextPerson,
          });
          provider.nextWrongChallenge = false;
          back.searchParams.set('code', code);
        }
        response.statusCode = 302;
        response.setHeader('location', back.href);
        response.end();
      } else if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const basic = Buffer.from(
          (request.headers.authorization ?? '').replace('Basic ', ''),
          'base64',
        ).toString();
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const fail = (error: string) => {
          response.statusCode = 400;
          response.end(JSON.stringify({ error }));
        };
        if (decodeURIComponent(basic) !== `${clientId}:${clientSecret}`) return fail('invalid_client');
        if (!code || code.redirectUri !== form.get('redirect_uri')) return fail('invalid_grant');
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
          return fail('invalid_grant');
        const tamper = provider.nextIdToken;
        provider.nextIdToken = undefined;
        const accessToken = await provider.accessToken(code.person.sub);
        userInfo.set(accessToken, code.person);
        response.end(
          JSON.stringify({
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: 300,
            id_token: await idToken(code, tamper),
          }),
        );
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.issuer = issuer;
  provider.env.OIDC_ISSUER = issuer;
  return provider;
}
