import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { RequestMeta, ServiceContext } from './context.ts';
import { responseSerializer } from './http/response-serializer.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { refreshConvertedRates } from './lib/converted-rates.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { serializeError, serializeRequest } from './lib/log-serializers.ts';
import { outboxMailer, smtpMailer, type Mailer } from './lib/mailer.ts';
import { RateLimits, type Sleep } from './lib/rate-limit.ts';
import { authRoutes } from './modules/accounts/auth-routes.ts';
import { reconcileAttempts } from './modules/contracts/card-payments.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { callRoutes } from './modules/calls/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { jobHandlers } from './modules/jobs/handlers.ts';
import { JobRunner } from './modules/jobs/queue.ts';
import { idempotencyPlugin, purgeIdempotencyKeys } from './modules/payments/idempotency.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { savedCardRoutes } from './modules/payments/saved-card-routes.ts';
import { reconcilePayouts } from './modules/payouts/payout-service.ts';
import { payoutRoutes } from './modules/payouts/routes.ts';
import { sandboxProvider } from './modules/payments/sandbox-provider.ts';
import { meRoutes } from './modules/accounts/me-routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import {
  DEV_ORCID_PROVIDER_LABEL,
  DEV_ORCID_PROVIDER_NAME,
  DEV_PROVIDER_LABEL,
  DEV_PROVIDER_NAME,
  startDevIdentityProvider,
} from './modules/dev/identity-provider.ts';
import { IdentityProviders } from './modules/accounts/oidc/providers.ts';
import { externalSignInRoutes } from './modules/accounts/oidc/routes.ts';
import { callbackUrl } from './modules/accounts/oidc/redirect-flow.ts';
import { sessionPurger } from './modules/accounts/session-purge.ts';
import { expertPageHead } from './modules/experts/page-head.ts';
import { expertApplicationRoutes } from './modules/experts/application-routes.ts';
import { expertProfileEditRoutes } from './modules/experts/profile-edit-routes.ts';
import { expertRoutes } from './modules/experts/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { localFileStore } from './modules/files/store.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { confidentialityRoutes } from './modules/projects/confidentiality-routes.ts';
import { quoteRoutes } from './modules/projects/quote-routes.ts';
import { messagingPlugin } from './modules/messaging/plugin.ts';
import { notificationPushPlugin } from './modules/notifications/push.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationSettingsRoutes } from './modules/notifications/settings-routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOriginCheck, registerSecurityHeaders } from './plugins/security.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { realtimePlugin } from './realtime/socket-server.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    ctx: ServiceContext;
    rateLimits: RateLimits;
    redis: Redis | undefined;
    jobs: JobRunner;
    /** The OpenID providers people sign in with (configured ones, or the development provider). */
    identityProviders: IdentityProviders;
    /** Settles card payments a crash or timeout left open, sends refunds still owed, pushes stuck payouts. */
    reconcilePayments(): Promise<void>;
  }
  interface FastifyRequest {
    meta(): RequestMeta;
  }
}

/**
 * How often the job runner's beat also reconciles payments: the backstop for card attempts and
 * payouts a crash or an outage left open (minutes old before they qualify) and for refunds whose
 * first send failed. A pass is four statements, and on the embedded database each holds its only
 * connection: run every second, they took 2-5 ms of it each time, nearly always finding nothing.
 */
const RECONCILE_EVERY_MS = 30_000;

export interface AppOverrides {
  /** An already-open database (tests share a migrated one); closed by the caller. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: boolean;
  /** How rate-limit slow-downs wait; tests record the waits instead of sleeping. */
  sleep?: Sleep;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
  /** Tests move this clock instead of sleeping. */
  clock?: Clock;
  payments?: PaymentProvider;
}

/** JSON bodies larger than this are refused with 413; uploads have their own limits. */
const JSON_BODY_LIMIT = 64 * 1024;

/** Builds the whole application without listening: main.ts listens, tests inject. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      overrides.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            // Errors and URLs are logged without the values people sent (lib/log-serializers.ts).
            serializers: { err: serializeError, req: serializeRequest },
            ...(overrides.logStream ? { stream: overrides.logStream } : {}),
          },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkAnswers: config.env === 'test' }));
  registerErrorHandling(app);

  const ownsDatabase = !overrides.database;
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      autovacuum: { log: app.log },
    }));
  if (ownsDatabase) {
    await applyMigrations(database);
    // Stored USD amounts follow the reference rates of this release (exchange-rates.ts).
    await refreshConvertedRates(database.db);
  }
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.decorate(
    'rateLimits',
    new RateLimits(redis, config.rateLimitPrefix, config.rateLimitScale, overrides.sleep),
  );
  const clock = overrides.clock ?? systemClock;
  const ctx = {
    db: database.db,
    config,
    mailer,
    files: localFileStore(config.filesDir),
    log: app.log,
    clock,
    payments: overrides.payments ?? sandboxProvider(database.db, clock),
  };
  app.decorate('ctx', ctx);
  const identityProviders = new IdentityProviders([...config.oidcProviders]);
  app.decorate('identityProviders', identityProviders);
  if (config.devIdentityPort !== undefined) {
    const dev = await startDevIdentityProvider({
      port: config.devIdentityPort,
      redirectUri: callbackUrl(ctx, DEV_PROVIDER_NAME),
      orcidRedirectUri: callbackUrl(ctx, DEV_ORCID_PROVIDER_NAME),
    });
    app.addHook('onClose', () => dev.close());
    identityProviders.add({
      name: DEV_PROVIDER_NAME,
      label: DEV_PROVIDER_LABEL,
      issuer: dev.issuer,
      clientId: dev.clientId,
      clientSecret: dev.clientSecret,
      scopes: 'openid profile email',
      audience: dev.clientId,
      kind: 'standard',
    });
    identityProviders.add({
      name: DEV_ORCID_PROVIDER_NAME,
      label: DEV_ORCID_PROVIDER_LABEL,
      issuer: dev.orcid.issuer,
      clientId: dev.orcid.clientId,
      clientSecret: dev.orcid.clientSecret,
      scopes: 'openid',
      audience: dev.orcid.clientId,
      kind: 'orcid',
    });
    app.log.info({ issuer: dev.issuer }, `development identity provider "${DEV_PROVIDER_LABEL}" started`);
  }
  const jobs = new JobRunner(database.db, ctx.clock, app.log, jobHandlers(ctx));
  app.decorate('jobs', jobs);
  app.decorate('reconcilePayments', async () => {
    await reconcileAttempts(ctx);
    await reconcilePayouts(ctx);
    await purgeIdempotencyKeys(database.db, ctx.clock.now());
  });
  const purgeSessions = sessionPurger(database.db);
  // Payments a crash left open are settled at start-up, then every RECONCILE_EVERY_MS on the job
  // runner's beat, which also walks a step of the sessions table for long-ended sessions.
  app.addHook('onReady', async () => {
    if (config.jobsPollMs === 0) return;
    await app.reconcilePayments();
    let reconciledAt = performance.now();
    jobs.start(config.jobsPollMs, async () => {
      if (performance.now() - reconciledAt < RECONCILE_EVERY_MS) return;
      reconciledAt = performance.now();
      // Apart, so that neither's failure (a processor's outage, say) holds up the other.
      await purgeSessions().catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
      await app.reconcilePayments();
    });
  });
  app.decorateRequest('meta', function () {
    const userAgent = this.headers['user-agent'];
    return { ip: this.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
    redis?.disconnect();
    if (ownsDatabase) await database.close();
  });

  registerSecurityHeaders(app, { hsts: config.publicUrl.startsWith('https://') });
  registerOriginCheck(app, config.publicUrl);
  await app.register(idempotencyPlugin);
  await registerCompression(app);
  await app.register(authPlugin, config);
  await app.register(realtimePlugin);
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(externalSignInRoutes);
  await app.register(meRoutes);
  await app.register(expertRoutes);
  await app.register(expertApplicationRoutes);
  await app.register(expertProfileEditRoutes);
  await app.register(notificationRoutes);
  await app.register(projectRoutes);
  await app.register(confidentialityRoutes);
  await app.register(quoteRoutes);
  await app.register(contractRoutes);
  await app.register(adminRoutes);
  await app.register(moderationRoutes);
  await app.register(callRoutes);
  await app.register(paymentRoutes);
  await app.register(savedCardRoutes);
  await app.register(payoutRoutes);
  await app.register(documentRoutes);
  await app.register(reviewRoutes);
  await app.register(billingRoutes);
  await app.register(notificationSettingsRoutes);
  await app.register(notificationPushPlugin);
  await app.register(messagingPlugin);
  if (mailer.kind === 'outbox' && config.env !== 'production') await app.register(devRoutes);
  await registerStaticWeb(app, config.webDistDir, {
    publicUrl: config.publicUrl,
    headFor: (urlPath) => expertPageHead(app.db, urlPath),
  });

  return app;
}
