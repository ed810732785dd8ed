import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** Where a request was sent: the scheme and Host it arrived with. */
export interface RequestTarget {
  protocol: string;
  host: string | undefined;
}

function originOf(target: RequestTarget): string | null {
  if (!target.host) return null;
  try {
    return new URL(`${target.protocol}://${target.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser's Origin header names this site: the public URL's origin, or the origin the
 * request itself was addressed to, with scheme, host and port all equal. Comparing the host
 * alone let http://sciwise.example (any page on plain HTTP, which a network attacker can write)
 * pass for https://sciwise.example. One rule for HTTP requests and socket handshakes.
 */
export function isSameSiteOrigin(origin: string, target: RequestTarget, publicUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file: pages) and anything that is not a URL
  }
  // Browsers write an origin in its one serialised form: a path, user info or spelt-out default port is not one.
  if (parsed.origin !== origin) return false;
  return origin === new URL(publicUrl).origin || origin === originOf(target);
}

const firstValue = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;

/** The target of a raw Node request (a websocket upgrade), read as Fastify reads its requests. */
export function incomingTarget(request: IncomingMessage, trustProxy: boolean): RequestTarget {
  const encrypted = (request.socket as Partial<TLSSocket>).encrypted === true;
  const forwardedProto = trustProxy ? firstValue(request.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = trustProxy ? firstValue(request.headers['x-forwarded-host']) : undefined;
  return {
    protocol: forwardedProto ?? (encrypted ? 'https' : 'http'),
    host: forwardedHost ?? request.headers.host,
  };
}
