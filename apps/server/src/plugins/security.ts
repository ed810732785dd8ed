import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '../errors.ts';
import { isSameSiteOrigin } from '../lib/same-origin.ts';

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet rebuilt helmet's
 * middleware (parsing every CSP directive again) on each request; the headers never vary here, so
 * helmet writes them to a recording response at start-up and each request gets the copy.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Strict headers for every response: no inline script anywhere, no framing, no sniffing. */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const headers = helmetHeaders({
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
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=()';
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
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
