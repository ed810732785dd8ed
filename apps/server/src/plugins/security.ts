import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Strict headers for every response, in two sets worked out once at start-up:
 * - pages and files (HTML, scripts, styles, images) get the page set: a CSP without inline
 *   script, no framing, no sniffing, and the headers that only a document reads (opener and
 *   agent-cluster isolation, permissions, DNS prefetching);
 * - the API's answers (JSON, and the files it hands out) get the set OWASP's REST Security Cheat
 *   Sheet gives for APIs. Their CSP is stricter than the pages' (`default-src 'none'`): an answer
 *   opened as a page may load nothing and be framed by nothing. The document-only headers are
 *   left off: they were a third of every answer's bytes, which the client parses too
 *   (docs/decisions/070-what-every-request-pays.md).
 * The set is chosen by URL when the request arrives, so a route can still set a stricter header
 * of its own (downloads add `sandbox`). The API's one page, /api/docs, gets the page set.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): void {
  const hsts = options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false;
  const pageHeaders = helmetHeaders({
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
    strictTransportSecurity: hsts,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  pageHeaders['permissions-policy'] = 'camera=(), microphone=(), geolocation=(), payment=()';
  const apiHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: hsts,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });

  // Synchronous hooks: an async one costs every answer a promise and a turn of the queue.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(routedPath(request)) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (routedPath(request).startsWith('/api/')) noStoreUnlessDeclared(reply);
    done(null, payload);
  });
}

/**
 * The request's path as the router reads it: without the query, and with percent-escapes decoded
 * (find-my-way decodes them before it matches, so `/%61pi/me` is answered by /api/me).
 */
function routedPath(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  const path = query === -1 ? request.url : request.url.slice(0, query);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // not a valid escape: the router answers it with a 400
  }
}

const isApiAnswer = (path: string) =>
  path.startsWith('/api/') && path !== '/api/docs' && !path.startsWith('/api/docs/');

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
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (
      origin !== undefined &&
      !SAFE_METHODS.has(request.method) &&
      !isSameSiteOrigin(origin, { protocol: request.protocol, host: request.host }, publicUrl)
    )
      return done(forbidden('Requests from other sites are not accepted.'));
    done();
  });
}
