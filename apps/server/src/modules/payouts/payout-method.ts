import type { PayoutMethod, PayoutMethodResponse, payoutMethodRequestSchema } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { expertProfiles, payoutMethods } from '../../db/schema/index.ts';
import { AppError, forbidden, invalid } from '../../errors.ts';
import { ProviderUnavailableError, type BankAccountTokenOutcome } from '../payments/provider.ts';

/*
 * An expert's payout method: one bank account, held by the processor. We keep the token and what
 * may be shown (bank name, last four, holder, currency); the account number never reaches our
 * database. Adding another account replaces the first (a new token).
 */

export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

const NOT_AN_EXPERT =
  'Payouts are for experts. Create your expert profile first; money released to you can then be paid out to your bank account.';

/** A person with an expert profile (any vetting status) may hold a bank account and payouts. */
export async function requireExpert(db: Executor, userId: string): Promise<void> {
  const [profile] = await db
    .select({ id: expertProfiles.id })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, userId));
  if (!profile) throw forbidden(NOT_AN_EXPERT);
}

export const presentPayoutMethod = (row: PayoutMethodRow): PayoutMethod => ({
  bankName: row.bankName,
  last4: row.last4,
  accountHolderName: row.accountHolderName,
  currency: row.currency,
  addedAt: row.createdAt.toISOString(),
});

export async function findPayoutMethod(db: Executor, userId: string): Promise<PayoutMethodRow | null> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row ?? null;
}

export async function getPayoutMethod(ctx: ServiceContext, userId: string): Promise<PayoutMethodResponse> {
  await requireExpert(ctx.db, userId);
  const row = await findPayoutMethod(ctx.db, userId);
  return {
    method: row ? presentPayoutMethod(row) : null,
    testBankAccounts: ctx.payments.testBankAccounts(),
  };
}

/**
 * Hands the bank details to the processor and keeps its token. Asked outside any transaction:
 * the processor is not part of our database (and, on the embedded database, a query outside a
 * transaction would wait for it).
 */
export async function savePayoutMethod(
  ctx: ServiceContext,
  userId: string,
  details: z.output<typeof payoutMethodRequestSchema>,
): Promise<PayoutMethodResponse> {
  await requireExpert(ctx.db, userId);
  let outcome: BankAccountTokenOutcome;
  try {
    outcome = await ctx.payments.tokenizeBankAccount({
      accountHolderName: details.accountHolderName,
      accountNumber: details.accountNumber,
      currency: details.currency,
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    throw new AppError('unavailable', 'We could not reach the payment processor. Try again in a minute.');
  }
  if (outcome.status === 'rejected')
    throw invalid(outcome.message, [{ field: 'accountNumber', message: outcome.message }]);
  const values = {
    provider: ctx.payments.name,
    token: outcome.token,
    bankName: outcome.bankName,
    last4: outcome.last4,
    accountHolderName: outcome.accountHolderName,
    currency: outcome.currency,
    createdAt: ctx.clock.now(),
  };
  const [saved] = await ctx.db
    .insert(payoutMethods)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
    .returning();
  return { method: presentPayoutMethod(saved!), testBankAccounts: ctx.payments.testBankAccounts() };
}
