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

/**
 * The ORCID-like iDs of the development ORCID provider: valid check digits, but below the blocks
 * ORCID issues (0000-0001-5000-0007 and up, 0009-…), so they can never be a real researcher's.
 */
export const devOrcidIdentities = {
  '0000-0000-0000-1004': { name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' },
  '0000-0000-0000-2007': { name: 'Grace Hopper', given_name: 'Grace', family_name: 'Hopper' },
  '0000-0000-0000-300X': { name: 'Rosalind Franklin', given_name: 'Rosalind', family_name: 'Franklin' },
} as const;

export const DEV_PROVIDER_NAME = 'dev';
export const DEV_PROVIDER_LABEL = 'Sciwise Dev ID';
export const DEV_ORCID_PROVIDER_NAME = 'dev-orcid';
export const DEV_ORCID_PROVIDER_LABEL = 'Sciwise Dev ORCID';
/** The ORCID provider's issuer is this path under the development provider's address. */
const ORCID_PATH = '/orcid';

interface DevClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface DevIdentityProvider extends DevClient {
  /** A second issuer on the same port that signs in with an ORCID-like iD as `sub`. */
  orcid: DevClient;
  close(): Promise<void>;
}

interface Persona {
  /** What the consent page lists under the name. */
  detail: string;
  claims: Record<string, unknown>;
}

interface DevIssuer {
  label: string;
  /** Where this issuer's paths start on the shared server ('' or /orcid). */
  mount: string;
  /** Added to its cookie names ('' or _orcid). */
  cookieSuffix: string;
  clientId: string;
  scope: string;
  people: Record<string, Persona>;
  /** Says what the chosen person's data is, on the consent page. */
  sharing: string;
}

const devIssuers = {
  id: {
    label: DEV_PROVIDER_LABEL,
    mount: '',
    cookieSuffix: '',
    clientId: 'sciwise-dev',
    scope: 'openid profile email',
    people: Object.fromEntries(
      Object.entries(devIdentities).map(([id, person]) => [
        id,
        { detail: person.email, claims: { email_verified: true, ...person } },
      ]),
    ),
    sharing: 'Sciwise will receive the name and e-mail address of the one you choose.',
  },
  orcid: {
    label: DEV_ORCID_PROVIDER_LABEL,
    mount: ORCID_PATH,
    cookieSuffix: '_orcid',
    clientId: 'sciwise-dev-orcid',
    scope: 'openid',
    people: Object.fromEntries(
      Object.entries(devOrcidIdentities).map(([id, person]) => [
        id,
        { detail: `development iD ${id}`, claims: { ...person } },
      ]),
    ),
    sharing:
      'Like ORCID, it sends Sciwise the iD and the name of the one you choose, no e-mail. These iDs are made up for development: they are not records on orcid.org.',
  },
} satisfies Record<string, DevIssuer>;

/**
 * A real OpenID provider (the `oidc-provider` package; installed everywhere, started only in
 * development) for `npm start` on the embedded defaults: the whole redirect flow works offline. It
 * listens on loopback only, knows only the demo identities above, and config.ts never lets it start
 * in production, beyond loopback or beside real providers. Its keys and secrets are made afresh at
 * every start. Two issuers share its port: Sciwise Dev ID at the root, and Sciwise Dev ORCID under
 * /orcid, whose `sub` is an ORCID-like iD (what linking an ORCID iD needs), with an honest record
 * page at /orcid/<iD>.
 */
export async function startDevIdentityProvider(options: {
  port: number;
  redirectUri: string;
  orcidRedirectUri: string;
}): Promise<DevIdentityProvider> {
  // Loaded only here: production installs no devDependencies and never reaches this line.
  const { default: OidcProvider } = await import('oidc-provider');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const make = (issuer: DevIssuer, redirectUri: string) => {
    const clientSecret = randomBytes(24).toString('base64url');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const provider = new OidcProvider(`${base}${issuer.mount}`, {
      clients: [
        {
          client_id: issuer.clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: 'RS256',
        },
      ],
      jwks: {
        keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'dev-id-1', alg: 'RS256', use: 'sig' }],
      },
      cookies: {
        keys: [randomBytes(32).toString('base64url')],
        // The two issuers share a host: their cookies must not overwrite each other's.
        names: {
          session: `_session${issuer.cookieSuffix}`,
          interaction: `_interaction${issuer.cookieSuffix}`,
          resume: `_interaction_resume${issuer.cookieSuffix}`,
        },
      },
      pkce: { methods: ['S256'], required: () => true },
      features: { devInteractions: { enabled: false } },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name'],
      },
      // The ID token carries the profile, as Auth0's does, so sign-in needs no userinfo call.
      conformIdTokenClaims: false,
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) =>
          `${issuer.mount}/interaction/${interaction.uid}`,
      },
      findAccount: (_ctx: unknown, id: string) => {
        const person = Object.hasOwn(issuer.people, id) ? issuer.people[id] : undefined;
        return person ? { accountId: id, claims: () => ({ sub: id, ...person.claims }) } : undefined;
      },
      renderError: (ctx: { type: string; body: string }, out: { error: string }) => {
        ctx.type = 'html';
        ctx.body = page(issuer.label, 'Sign-in error', `<p>${escapeHtml(out.error)}</p>`);
      },
    });
    return { provider, clientSecret, callback: provider.callback() };
  };
  const main = make(devIssuers.id, options.redirectUri);
  const orcid = make(devIssuers.orcid, options.orcidRedirectUri);

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/';
    const inOrcid = url === ORCID_PATH || url.startsWith(`${ORCID_PATH}/`);
    const issuer = inOrcid ? devIssuers.orcid : devIssuers.id;
    const target = inOrcid ? orcid : main;
    const path = inOrcid ? url.slice(ORCID_PATH.length) || '/' : url;
    const record = /^\/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/.exec(path);
    if (inOrcid && record && request.method === 'GET') {
      orcidRecordPage(response, record[1]!);
      return;
    }
    const match = /^\/interaction\/([\w-]+)(\/(confirm|abort))?$/.exec(path);
    if (!match) {
      // Mounted under /orcid: the provider reads its mount path from originalUrl, as under Express.
      if (inOrcid) Object.assign(request, { originalUrl: url, url: path });
      target.callback(request, response);
      return;
    }
    handleInteraction(target.provider, issuer, request, response, match[1]!, match[3]).catch(() => {
      response.statusCode = 400;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        page(
          issuer.label,
          'Sign-in error',
          '<p>This sign-in has expired. Go back to Sciwise and start again.</p>',
        ),
      );
    });
  });

  return {
    issuer: base,
    clientId: devIssuers.id.clientId,
    clientSecret: main.clientSecret,
    orcid: {
      issuer: `${base}${ORCID_PATH}`,
      clientId: devIssuers.orcid.clientId,
      clientSecret: orcid.clientSecret,
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The "public record" of a development iD: says plainly what it is, and is not. */
function orcidRecordPage(response: ServerResponse, id: string): void {
  const person = Object.hasOwn(devOrcidIdentities, id)
    ? devOrcidIdentities[id as keyof typeof devOrcidIdentities]
    : undefined;
  response.statusCode = person ? 200 : 404;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.end(
    page(
      DEV_ORCID_PROVIDER_LABEL,
      `Development iD ${id}`,
      person
        ? `<p>${escapeHtml(id)} is a made-up iD that ${DEV_ORCID_PROVIDER_LABEL} gives the demo person <strong>${escapeHtml(person.name)}</strong> on this machine, so linking an ORCID iD can be tried offline.</p><p>It is not a record on orcid.org and says nothing about a real researcher.</p>`
        : `<p>${DEV_ORCID_PROVIDER_LABEL} has no demo person with this iD.</p>`,
    ),
  );
}

type OidcProvider = InstanceType<typeof Provider>;

async function handleInteraction(
  provider: OidcProvider,
  issuer: DevIssuer,
  request: IncomingMessage,
  response: ServerResponse,
  uid: string,
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
    if (!Object.hasOwn(issuer.people, accountId)) throw new Error('unknown identity');
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? issuer.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const choices = Object.entries(issuer.people)
    .map(
      ([id, person], index) =>
        `<label class="choice"><input type="radio" name="identity" value="${escapeHtml(id)}"${index === 0 ? ' checked' : ''}> <span><strong>${escapeHtml(String(person.claims.name))}</strong><br><small>${escapeHtml(person.detail)}</small></span></label>`,
    )
    .join('');
  const formAction = `${issuer.mount}/interaction/${uid}`;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(
    page(
      issuer.label,
      `Sign in to Sciwise with ${issuer.label}`,
      `<p>This is a development identity provider: it runs on your machine and only knows these demo people. ${escapeHtml(issuer.sharing)}</p>
<form method="post" action="${formAction}/confirm">
<fieldset><legend>Sign in as</legend>${choices}</fieldset>
<button type="submit">Allow and continue</button>
</form>
<form method="post" action="${formAction}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
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

function page(label: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:24px}main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}h1{font-size:1.25rem}p{color:#475569;line-height:1.5}fieldset{border:1px solid #cbd5e1;border-radius:8px;margin:16px 0;padding:8px 12px}.choice{display:flex;gap:10px;align-items:flex-start;padding:8px 0}button{width:100%;padding:12px;border:0;border-radius:8px;background:#0f766e;color:#fff;font-size:1rem;font-weight:600;cursor:pointer;margin-top:8px}button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1}small{color:#475569}</style></head>
<body><main><p><strong>${escapeHtml(label)}</strong> · development only</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
