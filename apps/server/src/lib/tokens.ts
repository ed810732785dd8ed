import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored only as SHA-256 digests. A fast hash is right here (unlike passwords):
 * the token already carries 256 bits of entropy, so there is nothing to brute-force.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
