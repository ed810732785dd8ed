import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PORT, siteOrigin } from '@sciwise/contracts/constants';
import { z } from 'zod';

/** apps/web, from src/ (tsx) and from dist/ (the compiled server) alike. */
const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'use true or false' })
  .transform((value) => value === 'true' || value === '1');

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(DEFAULT_PORT),
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://sciwise.example' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sciwise <no-reply@sciwise.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  COOKIE_SECURE: booleanFlag.default(true),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SEED_DEMO: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_PREFIX: z.string().min(1).default('rl'),
  /** Multiplies every rate limit's allowance; browser tests that sign up many people raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Marketplace fee the client pays on top of each funded milestone, in basis points (500 = 5%). */
  CLIENT_FEE_BPS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(3000).default(500),
  /** Service fee taken from the expert's side of each release, in basis points (1000 = 10%). */
  EXPERT_FEE_BPS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(3000).default(1000),
  AUTO_RELEASE_DAYS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(90).default(14),
  PAYMENT_PROVIDER: z.enum(['sandbox'], { error: 'the only processor built so far is sandbox' }).optional(),
  /** How long an unanswered request holds its Idempotency-Key before a retry may run it again (a crash). */
  IDEMPOTENCY_STALE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(3600)
    .default(60),
  /** How often this node looks for due jobs; 0 turns the runner off (tests drive it by hand). */
  JOBS_POLL_MS: z.coerce.number({ error: 'must be a number' }).int().min(0).max(600_000).default(1000),
  OIDC_ISSUER: z.url({ error: 'must be the issuer URL of an OpenID provider' }).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** Names of the OpenID Connect providers offered for sign-in, e.g. "auth0,linkedin". */
  OIDC_PROVIDERS: z
    .string()
    .regex(/^\s*[a-z][a-z0-9]{0,19}(\s*,\s*[a-z][a-z0-9]{0,19})*\s*$/, {
      error: 'a comma-separated list of short lower-case names such as auth0,linkedin',
    })
    .optional(),
  /** The local development OpenID provider ("Sciwise Dev ID"); on by default only where it is safe. */
  DEV_IDENTITY_PROVIDER: booleanFlag.optional(),
  DEV_IDENTITY_PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).optional(),
  /** Where a scheduled call's generated room lives: the room name is appended as a path segment. */
  VIDEO_ROOM_BASE_URL: z
    .url({ protocol: /^https$/, error: 'must be an https URL such as https://meet.jit.si' })
    .default('https://meet.jit.si'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  /** Production, or listening beyond loopback: people other than this machine's user can reach it. */
  reachableByOthers: boolean;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** undefined means the embedded PGlite database under dataDir (or in memory when dataDir is null). */
  databaseUrl: string | undefined;
  /** PGlite data directory; null keeps the embedded database in memory (tests). */
  pgliteDir: string | null;
  filesDir: string;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  cookieSecure: boolean;
  sessionTtlMs: number;
  seedDemo: boolean;
  webDistDir: string;
  rateLimitPrefix: string;
  rateLimitScale: number;
  oidc: { issuer: string; audience: string } | undefined;
  /** Providers for the redirect sign-in (and LoginWithAuth0), in the order they are offered. */
  oidcProviders: OidcProviderConfig[];
  /** Start the development OpenID provider on this loopback port (0: any free port). */
  devIdentityPort: number | undefined;
  fees: { clientFeeBps: number; expertFeeBps: number };
  autoReleaseDays: number;
  paymentProvider: 'sandbox';
  jobsPollMs: number;
  idempotencyStaleMs: number;
  videoRoomBaseUrl: string;
}

export interface OidcProviderConfig {
  /** The short name from OIDC_PROVIDERS; it is part of the callback path. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** What the button says after "Continue with". */
  label: string;
  /** The audience an access token sent to LoginWithAuth0 must carry (default: the client id). */
  audience: string;
  /**
   * `orcid`: the provider's `sub` is an ORCID iD, and linking it marks the expert's ORCID as
   * verified. Set by OIDC_<NAME>_KIND=orcid, or known from the issuer (orcid.org, sandbox.orcid.org).
   */
  kind: 'standard' | 'orcid';
}

/** ORCID's own issuers: a provider at one of these is an ORCID provider without OIDC_<NAME>_KIND. */
const orcidIssuers = new Set(['https://orcid.org', 'https://sandbox.orcid.org']);
const providerKinds = ['standard', 'orcid'] as const;

export class ConfigError extends Error {}

const knownLabels: Record<string, string> = { auth0: 'Auth0', linkedin: 'LinkedIn', orcid: 'ORCID' };

/** OIDC_PROVIDERS=a,b with OIDC_A_ISSUER, OIDC_A_CLIENT_ID, ... for each name. */
function readOidcProviders(names: string | undefined, source: NodeJS.ProcessEnv): OidcProviderConfig[] {
  if (!names) return [];
  const list = names.split(',').map((name) => name.trim());
  if (new Set(list).size !== list.length)
    throw new ConfigError('Invalid setting OIDC_PROVIDERS: a name is listed twice');
  return list.map((name) => {
    const prefix = `OIDC_${name.toUpperCase()}_`;
    const read = (key: string) => source[prefix + key]?.trim() || undefined;
    const issuer = read('ISSUER');
    const clientId = read('CLIENT_ID');
    if (!issuer || !URL.canParse(issuer))
      throw new ConfigError(
        `Invalid setting ${prefix}ISSUER=${JSON.stringify(issuer ?? '')}: must be the issuer URL of an OpenID provider`,
      );
    if (!clientId)
      throw new ConfigError(`Invalid setting ${prefix}CLIENT_ID: set the client id the provider gave you`);
    const kindSetting = read('KIND')?.toLowerCase();
    if (kindSetting !== undefined && !providerKinds.some((kind) => kind === kindSetting))
      throw new ConfigError(
        `Invalid setting ${prefix}KIND=${JSON.stringify(kindSetting)}: must be orcid or standard`,
      );
    const knownOrcid = orcidIssuers.has(issuer.replace(/\/+$/, ''));
    const kind = kindSetting === 'orcid' || (kindSetting === undefined && knownOrcid) ? 'orcid' : 'standard';
    // ORCID's OpenID scope is `openid` alone: it gives the iD and a name, never an e-mail.
    const scopes = read('SCOPES') ?? (kind === 'orcid' ? 'openid' : 'openid profile email');
    if (!scopes.split(/\s+/).includes('openid'))
      throw new ConfigError(`Invalid setting ${prefix}SCOPES=${JSON.stringify(scopes)}: must include openid`);
    const label = read('LABEL') ?? knownLabels[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
    if (label.length > 40) throw new ConfigError(`Invalid setting ${prefix}LABEL: at most 40 characters`);
    return {
      name,
      issuer,
      clientId,
      clientSecret: read('CLIENT_SECRET'),
      scopes,
      label,
      audience: read('AUDIENCE') ?? clientId,
      kind,
    };
  });
}

/** Addresses only this machine can connect to. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Reads settings from the environment; a bad one throws ConfigError naming the setting. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`);
  }
  const env = parsed.data;
  if ((env.OIDC_ISSUER === undefined) !== (env.OIDC_AUDIENCE === undefined)) {
    throw new ConfigError('Invalid setting OIDC_AUDIENCE: set OIDC_ISSUER and OIDC_AUDIENCE together');
  }
  const production = env.NODE_ENV === 'production';
  // Outside production the server stays on this machine unless told otherwise: the quick start's
  // demo admin has a public password, and the development outbox holds live reset links.
  const host = env.HOST ?? (production ? '0.0.0.0' : 'localhost');
  const reachableByOthers = production || !isLoopbackHost(host);
  if (env.SEED_DEMO === true && reachableByOthers) {
    throw new ConfigError(
      `Invalid setting SEED_DEMO="${source.SEED_DEMO}": the demo accounts' passwords are public, so they are created only outside production on a loopback HOST`,
    );
  }
  if (production && env.PAYMENT_PROVIDER === undefined) {
    // The sandbox moves no real money: a production start must ask for it by name.
    throw new ConfigError(
      'Invalid setting PAYMENT_PROVIDER: set PAYMENT_PROVIDER=sandbox to run production on the test processor',
    );
  }
  // A relative DATA_DIR means what the person typing it means: relative to where they ran npm
  // (INIT_CWD, which npm sets), not to the workspace folder npm runs the server script in.
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const port = env.PORT;
  const oidcProviders = readOidcProviders(env.OIDC_PROVIDERS, source);
  const realProviders = oidcProviders.length > 0 || env.OIDC_ISSUER !== undefined;
  if (env.DEV_IDENTITY_PROVIDER === true && (reachableByOthers || realProviders)) {
    // Its demo identity signs in without a password: that is for one developer's own machine.
    throw new ConfigError(
      `Invalid setting DEV_IDENTITY_PROVIDER="${source.DEV_IDENTITY_PROVIDER}": the development identity provider runs only outside production, on a loopback HOST, with no OIDC_* providers configured`,
    );
  }
  const devIdentity =
    env.DEV_IDENTITY_PROVIDER ?? (env.NODE_ENV === 'development' && !reachableByOthers && !realProviders);
  return {
    env: env.NODE_ENV,
    host,
    reachableByOthers,
    port,
    publicUrl: siteOrigin({ PUBLIC_URL: env.PUBLIC_URL, PORT: port }),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    cookieSecure: env.COOKIE_SECURE,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    // Demo data belongs to the embedded setup on one machine, unless asked for explicitly.
    seedDemo: env.SEED_DEMO ?? (env.DATABASE_URL === undefined && !reachableByOthers),
    // Relative to apps/web, as the web build (vite's outDir, the prerender script) reads it.
    webDistDir: path.resolve(webDir, env.WEB_DIST_DIR ?? 'dist'),
    rateLimitPrefix: env.RATE_LIMIT_PREFIX,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    oidc:
      env.OIDC_ISSUER && env.OIDC_AUDIENCE
        ? { issuer: env.OIDC_ISSUER, audience: env.OIDC_AUDIENCE }
        : undefined,
    oidcProviders,
    devIdentityPort: devIdentity ? (env.DEV_IDENTITY_PORT ?? (port === 0 ? 0 : port + 1)) : undefined,
    fees: { clientFeeBps: env.CLIENT_FEE_BPS, expertFeeBps: env.EXPERT_FEE_BPS },
    autoReleaseDays: env.AUTO_RELEASE_DAYS,
    paymentProvider: env.PAYMENT_PROVIDER ?? 'sandbox',
    jobsPollMs: env.JOBS_POLL_MS,
    idempotencyStaleMs: env.IDEMPOTENCY_STALE_SECONDS * 1000,
    videoRoomBaseUrl: env.VIDEO_ROOM_BASE_URL.replace(/\/+$/, ''),
  };
}
