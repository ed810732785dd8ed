import type { changePasswordRequestSchema, DeleteAccountRequest } from '@sciwise/contracts';
import type { UpdateProfileRequest } from '@sciwise/contracts/phone';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestMeta, ServiceContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, forbidden, invalid, unauthenticated } from '../../errors.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import type { RateLimits } from '../../lib/rate-limit.ts';
import { cancelCallsOfLeavingMember } from '../calls/call-service.ts';
import { deviceSignIn, deviceTokenHash, knownDeviceOfUser } from './known-devices.ts';
import { accountKey, beginLoginAttempt } from './login-throttle.ts';
import { createSession, revokeAllSessions, suspendedMessage, type SessionUser } from './sessions.ts';

/** One message for a wrong password and an unknown e-mail, so neither reveals which accounts exist. */
export const WRONG_CREDENTIALS = 'The e-mail or password is incorrect.';

/** Refuses a new password that is easy to guess, naming the form field. */
export function checkNewPassword(password: string, email: string, field = 'password'): void {
  const problem = passwordProblem(password, { email });
  if (problem) throw invalid(problem, [{ field, message: problem }]);
}

const hasEmail = and(sql`lower(${users.email}) = ${sql.placeholder('email')}`, isNull(users.deletedAt));

function prepareLookups(db: Database) {
  return {
    user: db.select().from(users).where(hasEmail).limit(1).prepare('user_by_email'),
    // A sign-in reads the device its cookie names along with the user: one round trip.
    signIn: db
      .select({ user: users, knownDeviceId: knownDeviceOfUser(sql.placeholder('deviceTokenHash')) })
      .from(users)
      .where(hasEmail)
      .limit(1)
      .prepare('sign_in_candidate'),
  };
}
// Sign-in runs these on every attempt: build their SQL once per database.
const lookupsOf = preparedPerDatabase(prepareLookups);

export async function findUserByEmail(ctx: ServiceContext, email: string): Promise<SessionUser | undefined> {
  const [user] = await lookupsOf(ctx.db).user.execute({ email: email.toLowerCase() });
  return user;
}

/**
 * Password sign-in, behind the limits of login-throttle.ts. A browser that signs in becomes a
 * known device of the account: the returned deviceToken goes in its long-lived device cookie.
 */
export async function login(
  ctx: ServiceContext,
  input: { email: string; password: string },
  meta: RequestMeta,
  guard: { rateLimits: RateLimits; deviceToken: string | undefined },
): Promise<{ user: SessionUser; token: string; expiresAt: Date; deviceToken: string }> {
  const [found] = await lookupsOf(ctx.db).signIn.execute({
    email: input.email.toLowerCase(),
    deviceTokenHash: deviceTokenHash(guard.deviceToken),
  });
  const user = found?.user;
  const knownDeviceId = found?.knownDeviceId ?? undefined;
  const attempt = await beginLoginAttempt(guard.rateLimits, {
    account: accountKey(input.email, user),
    ip: meta.ip,
    knownDeviceId,
  });
  if (!user?.passwordHash) {
    await burnPasswordCheck(input.password);
    await attempt.failed();
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await attempt.failed();
    throw unauthenticated(WRONG_CREDENTIALS);
  }
  await attempt.succeeded();
  // Only someone who knows the password learns that the account is suspended, and why.
  if (user.suspendedAt) throw forbidden(suspendedMessage(user.suspensionReason));
  const device = deviceSignIn(
    user.id,
    knownDeviceId && guard.deviceToken ? { id: knownDeviceId, token: guard.deviceToken } : undefined,
  );
  const session = await createSession(
    ctx.db,
    { userId: user.id, ttlMs: ctx.config.sessionTtlMs, userAgent: meta.userAgent, ipAddress: meta.ip },
    device.writes,
  );
  return { user, token: session.token, expiresAt: session.expiresAt, deviceToken: device.token };
}

export async function updateProfile(
  ctx: ServiceContext,
  userId: string,
  changes: UpdateProfileRequest,
): Promise<SessionUser> {
  const [user] = await ctx.db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

export async function changePassword(
  ctx: ServiceContext,
  auth: { user: SessionUser; sessionId: string },
  input: z.output<typeof changePasswordRequestSchema>,
): Promise<void> {
  const { user } = auth;
  if (user.passwordHash && !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('invalid_input', 'Your current password is not correct.', [
      { field: 'currentPassword', message: 'Your current password is not correct.' },
    ]);
  }
  checkNewPassword(input.newPassword, user.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    if (input.signOutOtherSessions !== false)
      await revokeAllSessions(tx, { userId: user.id, exceptSessionId: auth.sessionId });
  });
}

/**
 * Deleting an account anonymises it: personal data goes, the row stays, because contracts,
 * messages and ledger accounts still refer to it (docs/decisions/026-deleted-accounts-anonymised.md).
 */
export async function deleteAccount(
  ctx: ServiceContext,
  user: SessionUser,
  input: DeleteAccountRequest,
): Promise<void> {
  if (user.passwordHash) {
    if (!input.password || !(await verifyPassword(user.passwordHash, input.password))) {
      throw invalid('Enter your current password to delete your account.', [
        { field: 'password', message: 'Your password is not correct.' },
      ]);
    }
  } else if (input.confirmEmail?.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw invalid('Type your e-mail address to confirm.', [
      { field: 'confirmEmail', message: 'It does not match.' },
    ]);
  }
  const avatarKey = user.avatarKey;
  await ctx.db.transaction(async (tx) => {
    // Before the name goes: the other side of each call is told who left.
    await cancelCallsOfLeavingMember(tx, ctx, user.id);
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        firstName: 'Deleted',
        lastName: 'user',
        phoneNumber: null,
        passwordHash: null,
        avatarKey: null,
        heardFrom: null,
        newsletterOptIn: false,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, { userId: user.id });
  });
  if (avatarKey)
    await ctx.files.remove(avatarKey).catch((error) => ctx.log.warn({ err: error }, 'avatar not removed'));
}
