import { EMAIL_VERIFICATION_LINK_HOURS, unverifiedRefusals } from '@sciwise/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import { emailVerificationTokens, users } from '../../db/schema/index.ts';
import { forbidden, invalid } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionUser } from './sessions.ts';

export const VERIFICATION_LINK_INVALID =
  'This verification link is invalid, used or expired. Sign in and ask for a new one from the banner at the top of the page.';
export const EMAIL_VERIFIED = 'Your e-mail address is confirmed. Thank you!';
export const ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';
export const VERIFICATION_SENT = 'We have sent a new confirmation link. It works once, within 48 hours.';

const LINK_TTL_MS = EMAIL_VERIFICATION_LINK_HOURS * 60 * 60 * 1000;

/** E-mails a fresh single-use link that confirms the account's address. */
export async function sendVerificationEmail(
  ctx: ServiceContext,
  user: Pick<SessionUser, 'id' | 'email' | 'firstName'>,
): Promise<void> {
  const token = newToken();
  await ctx.db.insert(emailVerificationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(ctx.clock.now().getTime() + LINK_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Confirm your e-mail address for Sciwise',
    text: [
      `Hi ${user.firstName},`,
      '',
      'Welcome to Sciwise. Please confirm that this is your e-mail address by opening this link within 48 hours:',
      '',
      link,
      '',
      'Until then you can look around and write to Sciwise Concierge, but not post projects, send quotes or message other members.',
      '',
      'If you did not create a Sciwise account, ignore this e-mail.',
      '',
      '— The Sciwise team',
    ].join('\n'),
  });
}

/** Spends a link and marks its account's address confirmed. */
export async function verifyEmail(ctx: ServiceContext, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Claiming and checking the link are one statement, so two uses can never both win.
    const [claimed] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, ctx.clock.now()),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!claimed)
      throw invalid(VERIFICATION_LINK_INVALID, [{ field: 'token', message: VERIFICATION_LINK_INVALID }]);
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)));
    // The account's other links are spent with this one.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationTokens.userId, claimed.userId), isNull(emailVerificationTokens.usedAt)));
  });
}

/** 403 with the reason when the account has not confirmed its address yet. */
export function assertEmailVerified(
  user: Pick<SessionUser, 'emailVerifiedAt'>,
  action: keyof typeof unverifiedRefusals,
): void {
  if (user.emailVerifiedAt === null) throw forbidden(unverifiedRefusals[action]);
}

/** Whether the account has confirmed its address (read fresh: chat sockets outlive the check). */
export async function isEmailVerified(ctx: Pick<ServiceContext, 'db'>, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ verified: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verified === true;
}
