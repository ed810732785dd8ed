import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ExtendedError } from 'socket.io';
import { incomingTarget, isSameSiteOrigin } from '../lib/same-origin.ts';
import { findSession } from '../modules/accounts/sessions.ts';
import { sessionCookieName } from '../plugins/auth.ts';
import type { RealtimeSocket } from './socket-server.ts';

/**
 * Browsers send Origin on a websocket upgrade; one from another site is refused, so a page
 * elsewhere cannot ride the visitor's session cookie. Clients without Origin (apps) use tokens.
 */
export function isAllowedOrigin(
  request: IncomingMessage,
  config: { publicUrl: string; trustProxy: boolean },
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return isSameSiteOrigin(origin, incomingTarget(request, config.trustProxy), config.publicUrl);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      return decodeURIComponent(part.slice(index + 1).trim()) || undefined;
    }
  }
  return undefined;
}

/** The session token of a handshake: `auth.token` (the spec's bearer) or the session cookie. */
export function handshakeToken(socket: RealtimeSocket, cookieName: string): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token.length > 0) {
    return auth.token.replace(/^Bearer\s+/i, '');
  }
  return cookieValue(socket.handshake.headers.cookie, cookieName);
}

class HandshakeError extends Error implements ExtendedError {
  constructor(
    message: string,
    readonly data: { code: string; message: string },
  ) {
    super(message);
  }
}

/**
 * Handshake middleware: the session decides who the socket is. The spec's `userId` query is
 * ignored, never trusted.
 */
export function authenticateHandshake(app: FastifyInstance) {
  const cookieName = sessionCookieName(app.config);
  return async (socket: RealtimeSocket, next: (error?: ExtendedError) => void) => {
    try {
      const token = handshakeToken(socket, cookieName);
      const auth = token && token.length <= 200 ? await findSession(app.database, token) : null;
      if (!auth) {
        const message = 'Please sign in to continue.';
        next(new HandshakeError(message, { code: 'unauthenticated', message }));
        return;
      }
      socket.data = {
        userId: auth.user.id,
        isAdmin: auth.user.role === 'admin',
        sessionId: auth.sessionId,
      };
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket handshake failed');
      const message = 'The chat is unavailable right now. Please try again.';
      next(new HandshakeError(message, { code: 'unavailable', message }));
    }
  };
}
