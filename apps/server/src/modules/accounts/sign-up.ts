import type { signUpRequestSchema } from '@sciwise/contracts/phone';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { authLimits, type RateLimits } from '../../lib/rate-limit.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { checkNewPassword, findUserByEmail } from './service.ts';

/** The answer to every valid sign-up, whether or not the address already had an account. */
export const SIGN_UP_ANSWER =
  'Thank you for signing up. You can now log in; we have e-mailed you a link to confirm your address. If this e-mail already had an account, we have e-mailed its owner instead.';

/**
 * Creates the account. An address that already has one gets the same answer after the same work
 * (the password is hashed either way), and its owner an e-mail instead, as forgot-password does:
 * the answer tells nobody who has an account.
 */
export async function signUp(
  ctx: ServiceContext,
  rateLimits: RateLimits,
  input: z.output<typeof signUpRequestSchema>,
): Promise<void> {
  checkNewPassword(input.password, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [created] = await ctx.db
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        passwordHash,
        heardFrom: input.heardFrom ?? null,
        newsletterOptIn: input.newsletterOptIn,
      })
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    // Not awaited, like the notice below: both answers take the same time.
    sendVerificationEmail(ctx, created!).catch((failure: unknown) =>
      ctx.log.error({ err: failure }, 'e-mail verification link failed'),
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Not awaited: the answer must not wait for the e-mail, or its timing would tell.
    tellOwnerOfSignUpAttempt(ctx, rateLimits, input.email).catch((failure: unknown) =>
      ctx.log.error({ err: failure }, 'sign-up notice e-mail failed'),
    );
  }
}

async function tellOwnerOfSignUpAttempt(ctx: ServiceContext, rateLimits: RateLimits, email: string) {
  try {
    // A few an hour at most, so nobody can flood an inbox through the sign-up form.
    await rateLimits.consume([authLimits.signUpNoticePerEmail, email.toLowerCase()]);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return;
    throw error;
  }
  const owner = await findUserByEmail(ctx, email);
  if (!owner) return;
  const site = ctx.config.publicUrl;
  await ctx.mailer.send({
    to: owner.email,
    subject: 'Someone tried to create a Sciwise account with your e-mail',
    text: [
      `Hi ${owner.firstName},`,
      '',
      'Someone just tried to create a new Sciwise account with this e-mail address. You already have an account, so we did not create another one, and nothing about your account has changed.',
      '',
      'If it was you, log in with your password:',
      `${site}/?auth=login`,
      '',
      'Forgot your password? Ask for a reset link here:',
      `${site}/?auth=forgot`,
      '',
      'If it was not you, you can ignore this e-mail.',
      '',
      '— The Sciwise team',
    ].join('\n'),
  });
}
