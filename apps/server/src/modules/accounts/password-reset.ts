import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findUserByEmail } from './service.ts';
import { revokeAllSessions } from './sessions.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_ANSWER =
  "If an account exists for that e-mail, we've sent a link to reset the password. It works once, within 1 hour.";
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Issues a single-use, one-hour reset link. The caller answers the same whether or not the
 * account exists, and does not wait for the e-mail, so timing tells nothing either.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const token = newToken();
  await ctx.db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Sciwise password',
    text: [
      `Hi ${user.firstName},`,
      '',
      'Someone asked to reset the password of your Sciwise account. If it was you, open this link within 1 hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      '',
      '— The Sciwise team',
    ].join('\n'),
  });
}

/** Sets the new password, spends the link, and ends every session of the account. */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  // A dead link is refused before the (deliberately slow) hash, so nobody can make the server hash
  // for free; the hash stays outside the transaction, which claims the link once.
  const live = and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );
  const [found] = await ctx.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(live);
  if (!found) throw invalid(RESET_LINK_INVALID, [{ field: 'token', message: RESET_LINK_INVALID }]);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    // Claiming the token and checking it are one statement, so two uses can never both win.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(live)
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalid(RESET_LINK_INVALID, [{ field: 'token', message: RESET_LINK_INVALID }]);
    const [user] = await tx.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
    if (!user || user.deletedAt) throw invalid(RESET_LINK_INVALID);
    const problem = passwordProblem(password, { email: user.email });
    if (problem) throw invalid(problem, [{ field: 'password', message: problem }]);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    // Any other outstanding link of this account dies with this one.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await revokeAllSessions(tx, { userId: user.id });
  });
}
