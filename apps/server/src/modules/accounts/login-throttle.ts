import { authLimits, type RateLimits } from '../../lib/rate-limit.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * Brute-force protection for password sign-in that never locks the owner out (the limits are in
 * authLimits):
 * - failures from one address at one account are refused after a few (429);
 * - failures at one account from anywhere only make further attempts wait, up to a cap, so a
 *   stranger failing on purpose can slow the owner down but not keep them out;
 * - a device that signed in to the account before skips both, with a failure limit of its own.
 * Every address is also limited across accounts (the route's onRequest hook).
 */
export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * The name the counters know an account by: its id and current password, so that a reset (or a
 * change) of the password starts them afresh on every node with nothing to delete. An unknown
 * e-mail is counted the same way under its address, so the limits tell nothing about who exists.
 */
export function accountKey(email: string, user: { id: string; passwordHash: string | null } | undefined) {
  if (!user) return `email:${email.toLowerCase()}`;
  return `${user.id}:${hashToken(user.passwordHash ?? 'none').slice(0, 16)}`;
}

/** Checks the limits before a password is verified; throws 429 when this attempt may not go on. */
export async function beginLoginAttempt(
  rateLimits: RateLimits,
  attempt: { account: string; ip: string; knownDeviceId: string | undefined },
): Promise<LoginAttempt> {
  const { account, ip, knownDeviceId } = attempt;
  if (knownDeviceId) {
    const deviceKey = `${account}|device:${knownDeviceId}`;
    // Counted now and forgotten on success, so parallel guesses can't slip past the limit.
    await rateLimits.consume([authLimits.loginFailuresPerKnownDevice, deviceKey]);
    return {
      failed: () => rateLimits.recordFailure(authLimits.loginSlowDownPerAccount, account),
      succeeded: () => rateLimits.reset(authLimits.loginFailuresPerKnownDevice, deviceKey),
    };
  }
  const addressKey = `${account}|${ip}`;
  await rateLimits.consume([authLimits.loginFailuresPerAccountAndIp, addressKey]);
  await rateLimits.slowDown(authLimits.loginSlowDownPerAccount, account);
  return {
    failed: () => rateLimits.recordFailure(authLimits.loginSlowDownPerAccount, account),
    succeeded: () => rateLimits.reset(authLimits.loginFailuresPerAccountAndIp, addressKey),
  };
}
