import { z } from 'zod';
import { rateCurrencies, type RateCurrency } from './constants.ts';
import { formatAmount } from './escrow.ts';
import { moneySchema } from './experts.ts';
import { AMOUNT_MAX_MINOR } from './constants.ts';
import { pageCursorSchema, singleLineText } from './text.ts';

/*
 * Payouts: an expert takes released money out to a bank account (DESIGN §4). The available
 * balance is a sum of ledger entries the server computes; the rules a request must meet (the
 * minimum, at most what is available) live here so the form and the server say the same thing.
 */

/** The smallest payout, in minor units of any currency (20.00). */
export const PAYOUT_MIN_MINOR = 2_000;

/** Why an amount cannot be paid out now, or null when it can. */
export function payoutAmountProblem(
  amountMinor: number,
  availableMinor: number,
  currency: RateCurrency,
): string | null {
  if (!Number.isSafeInteger(amountMinor)) return 'Enter the amount in whole cents.';
  if (amountMinor < PAYOUT_MIN_MINOR)
    return `The smallest payout is ${formatAmount(PAYOUT_MIN_MINOR, currency)}.`;
  if (amountMinor > availableMinor)
    return availableMinor < PAYOUT_MIN_MINOR
      ? `You have ${formatAmount(availableMinor, currency)} available; a payout needs at least ${formatAmount(PAYOUT_MIN_MINOR, currency)}.`
      : `You can take out at most ${formatAmount(availableMinor, currency)}, your available balance.`;
  return null;
}

/**
 * requested: the money left the available balance and waits to be handed to the processor;
 * in_transit: the processor accepted it and the bank has it; paid: it arrived; failed: the bank
 * refused it and the money is back on the available balance. The server's payout-states.ts is
 * the one table of transitions.
 */
export const payoutStates = ['requested', 'in_transit', 'paid', 'failed'] as const;
export type PayoutState = (typeof payoutStates)[number];

// ---------------------------------------------------------------------------------------------
// The payout method: a bank account the processor holds; we keep its token and last four
// ---------------------------------------------------------------------------------------------

export const payoutMethodSchema = z.object({
  bankName: z.string().nullable(),
  last4: z.string(),
  accountHolderName: z.string(),
  currency: z.enum(rateCurrencies),
  addedAt: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const sandboxBankAccountSchema = z.object({
  accountNumber: z.string(),
  outcome: z.enum(['succeeds', 'payout_fails', 'rejected']),
  description: z.string(),
});
export type SandboxBankAccount = z.infer<typeof sandboxBankAccountSchema>;

/** GET and PUT /api/me/payout-method. */
export const payoutMethodResponseSchema = z.object({
  method: payoutMethodSchema.nullable(),
  /** The sandbox's test bank accounts; empty with a real processor. */
  testBankAccounts: z.array(sandboxBankAccountSchema),
});
export type PayoutMethodResponse = z.infer<typeof payoutMethodResponseSchema>;

export const ACCOUNT_HOLDER_NAME_MAX = 100;
/**
 * PUT /api/me/payout-method: the bank details go to the processor, which returns a token; only
 * the token, the bank's name, the last four digits, the holder's name and the currency are kept.
 */
export const payoutMethodRequestSchema = z.strictObject({
  accountHolderName: singleLineText('The account holder’s name', ACCOUNT_HOLDER_NAME_MAX).pipe(
    z.string().min(2, 'Enter the name on the bank account.'),
  ),
  accountNumber: z
    .string({ error: 'Enter the account number.' })
    .max(50, 'That account number is too long.')
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(
      z.string().regex(/^[A-Z0-9]{6,34}$/, 'Enter an account number or IBAN of 6 to 34 letters and digits.'),
    ),
  currency: z.enum(rateCurrencies, { error: `The currency is one of ${rateCurrencies.join(', ')}.` }),
});
export type PayoutMethodRequest = z.input<typeof payoutMethodRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Balances and payouts
// ---------------------------------------------------------------------------------------------

export const payoutSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  state: z.enum(payoutStates),
  /** The bank account it went to, as it was when the payout was requested. */
  bankName: z.string().nullable(),
  last4: z.string(),
  requestedAt: z.string(),
  /** When the processor expects it in the bank account (set once the processor accepted it). */
  expectedArrivalAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** The bank's reason, fit to show, when it failed. */
  failureReason: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** One currency's money as the ledger has it: each figure a sum of entries. */
export const payoutBalanceSchema = z.object({
  currency: z.enum(rateCurrencies),
  available: z.number().int(),
  inTransit: z.number().int(),
  paidOut: z.number().int(),
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

export const payoutListQuerySchema = z.strictObject({
  cursor: pageCursorSchema(200, 'That page link is not valid; start again from the first page.').optional(),
});

/** GET /api/me/payouts: balances per currency and the payouts, newest first, a page at a time. */
export const payoutListResponseSchema = z.object({
  balances: z.array(payoutBalanceSchema),
  minimumMinor: z.number().int(),
  payouts: z.array(payoutSchema),
  nextCursor: z.string().nullable(),
});
export type PayoutListResponse = z.infer<typeof payoutListResponseSchema>;

/** POST /api/me/payouts (with an Idempotency-Key header). */
export const payoutRequestSchema = z.strictObject({
  amountMinor: z
    .number({ error: 'The amount must be a number (in cents).' })
    .int('The amount must be a whole number of cents.')
    .min(PAYOUT_MIN_MINOR, `The smallest payout is ${(PAYOUT_MIN_MINOR / 100).toFixed(2)}.`)
    .max(AMOUNT_MAX_MINOR, 'That amount is too large.'),
  /** The payout method's currency, as the form showed it: a changed account is a 409, not a surprise. */
  currency: z.enum(rateCurrencies, { error: `The currency is one of ${rateCurrencies.join(', ')}.` }),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;
