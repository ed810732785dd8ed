import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { KNOWN_DEVICE_TTL_MS } from '../modules/accounts/known-devices.ts';
import { findSession, type Authenticated } from '../modules/accounts/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request (cookie or bearer token). */
    auth(): Promise<Authenticated | null>;
  }
}

export function sessionCookieName(config: Pick<Config, 'cookieSecure'>): string {
  // __Host- binds the cookie to this exact origin; browsers only accept it when Secure
  // (docs/decisions/025-host-session-cookie.md).
  return config.cookieSecure ? '__Host-sid' : 'sid';
}

/** The session token a request carries: Authorization: Bearer wins over the cookie. */
export function requestToken(request: FastifyRequest, cookieName: string): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[cookieName] || undefined;
}

export const authPlugin = fp(async (app: FastifyInstance, config: Config) => {
  const cookieName = sessionCookieName(config);
  await app.register(cookie);
  const cache = new WeakMap<FastifyRequest, Promise<Authenticated | null>>();
  app.decorateRequest('auth', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const token = requestToken(this, cookieName);
      pending = token && token.length <= 200 ? findSession(app.database, token) : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
});

/** The signed-in user, or a 401 with the spec-friendly message. */
export async function requireUser(request: FastifyRequest): Promise<Authenticated> {
  const auth = await request.auth();
  if (!auth) throw unauthenticated();
  return auth;
}

export async function requireAdmin(request: FastifyRequest): Promise<Authenticated> {
  const auth = await requireUser(request);
  if (auth.user.role !== 'admin') throw forbidden('Only administrators can do this.');
  return auth;
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax',
  });
}

export function deviceCookieName(config: Pick<Config, 'cookieSecure'>): string {
  return config.cookieSecure ? '__Host-device' : 'device';
}

/** The token of the known-device cookie, which only sign-in reads. */
export function requestDeviceToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[deviceCookieName(config)] || undefined;
}

/** Marks this browser as one that has signed in to the account (see login-throttle.ts). */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(deviceCookieName(config), token, {
    path: '/',
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'strict',
    maxAge: KNOWN_DEVICE_TTL_MS / 1000,
  });
}
