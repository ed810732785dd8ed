import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forbidden } from '../errors.ts';
import { isSameSiteOrigin } from '../lib/same-origin.ts';

/** Strict headers for every response: no inline script anywhere, no framing, no sniffing. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (request.url.startsWith('/api/')) noStoreUnlessDeclared(reply);
  });
}

/**
 * API answers are not cached, by anyone, unless their route says they may be. Most of them
 * depend on who asks (a session cookie or a bearer token), and a browser's or a shared cache's
 * copy would outlive a logout or reach the next person on the same computer; deciding per
 * session would miss the routes that answer anonymous and signed-in people differently. The few
 * public, cacheable answers (featured experts, stats, avatars) set their own Cache-Control.
 * Errors are never cached, whatever the route had set before failing.
 */
function noStoreUnlessDeclared(reply: FastifyReply): void {
  if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie sessions are SameSite=Lax already; this refuses any state-changing request that a
 * browser says came from another origin, as a second line against cross-site request forgery.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isSameSiteOrigin(origin, { protocol: request.protocol, host: request.host }, publicUrl))
      throw forbidden('Requests from other sites are not accepted.');
  });
}
