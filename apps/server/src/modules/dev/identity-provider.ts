import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';

/** The people the development provider can sign in as; it knows nobody else and asks no password. */
export const devIdentities = {
  ada: {
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
    email: 'ada@dev-id.sciwise.local',
  },
  grace: {
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    email: 'grace@dev-id.sciwise.local',
  },
  rosalind: {
    name: 'Rosalind Franklin',
    given_name: 'Rosalind',
    family_name: 'Franklin',
    email: 'rosalind@dev-id.sciwise.local',
  },
} as const;
type DevIdentityId = keyof typeof devIdentities;
const isDevIdentity = (id: string): id is DevIdentityId => Object.hasOwn(devIdentities, id);

export const DEV_PROVIDER_NAME = 'dev';
export const DEV_PROVIDER_LABEL = 'Sciwise Dev ID';
const CLIENT_ID = 'sciwise-dev';

export interface DevIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (the `oidc-provider` package; installed everywhere, started only in development) for `npm start` on the
 * embedded defaults: the whole redirect flow works offline. It listens on loopback only, knows only
 * the demo identities above, and config.ts never lets it start in production, beyond loopback or
 * beside real providers. Its keys and secrets are made afresh at every start.
 */
export async function startDevIdentityProvider(options: {
  port: number;
  redirectUri: string;
}): Promise<DevIdentityProvider> {
  // Loaded only here: production installs no devDependencies and never reaches this line.
  const { default: OidcProvider } = await import('oidc-provider');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev-id-1', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The ID token carries the profile, as Auth0's does, so sign-in needs no userinfo call.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) =>
      isDevIdentity(id)
        ? { accountId: id, claims: () => ({ sub: id, email_verified: true, ...devIdentities[id] }) }
        : undefined,
    renderError: (ctx: { type: string; body: string }, out: { error: string }) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(out.error)}</p>`);
    },
  });
  const callback = provider.callback();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/(confirm|abort))?$/.exec(request.url ?? '');
    if (!match) {
      callback(request, response);
      return;
    }
    handleInteraction(provider, request, response, match[3]).catch(() => {
      response.statusCode = 400;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        page('Sign-in error', '<p>This sign-in has expired. Go back to Sciwise and start again.</p>'),
      );
    });
  });

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type OidcProvider = InstanceType<typeof Provider>;

async function handleInteraction(
  provider: OidcProvider,
  request: IncomingMessage,
  response: ServerResponse,
  action: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'POST' && action === 'abort') {
    await provider.interactionFinished(
      request,
      response,
      { error: 'access_denied', error_description: 'The sign-in was cancelled.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (request.method === 'POST' && action === 'confirm') {
    const form = new URLSearchParams(await readBody(request));
    const accountId = form.get('identity') ?? '';
    if (!isDevIdentity(accountId)) throw new Error('unknown identity');
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const uid = /^\/interaction\/([\w-]+)/.exec(request.url ?? '')![1]!;
  const choices = Object.entries(devIdentities)
    .map(
      ([id, person], index) =>
        `<label class="choice"><input type="radio" name="identity" value="${id}"${index === 0 ? ' checked' : ''}> <span><strong>${escapeHtml(person.name)}</strong><br><small>${escapeHtml(person.email)}</small></span></label>`,
    )
    .join('');
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(
    page(
      `Sign in to Sciwise with ${DEV_PROVIDER_LABEL}`,
      `<p>This is the development identity provider: it runs on your machine and only knows these demo people. Sciwise will receive the name and e-mail address of the one you choose.</p>
<form method="post" action="/interaction/${uid}/confirm">
<fieldset><legend>Sign in as</legend>${choices}</fieldset>
<button type="submit">Allow and continue</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
    ),
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) reject(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px}main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}h1{font-size:1.25rem}p{color:#475569;line-height:1.5}fieldset{border:1px solid #cbd5e1;border-radius:8px;margin:16px 0;padding:8px 12px}.choice{display:flex;gap:10px;align-items:flex-start;padding:8px 0}button{width:100%;padding:12px;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:1rem;font-weight:600;cursor:pointer;margin-top:8px}button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1}small{color:#475569}</style></head>
<body><main><p><strong>${DEV_PROVIDER_LABEL}</strong> · development only</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
