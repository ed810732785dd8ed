import { randomBytes } from 'node:crypto';
import type { SandboxBankAccount } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxBankAccounts, sandboxPayouts } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider, PayoutOutcome } from './provider.ts';

/*
 * The sandbox processor's payouts: test bank account numbers that are paid, one whose payouts the
 * bank returns a day later (as a real bank does with an account that turns out to be closed), and
 * one the processor refuses when it is entered. A payout arrives a day after it is sent, on the
 * app's clock, so a test moves the clock instead of waiting.
 */

export const SANDBOX_PAYOUT_ARRIVAL_MS = 24 * 60 * 60 * 1000;
const SANDBOX_BANK = 'Sandbox Test Bank';

export const sandboxTestBankAccounts: SandboxBankAccount[] = [
  { accountNumber: '000123456789', outcome: 'succeeds', description: 'Payouts arrive the next day' },
  {
    accountNumber: 'GB33BUKB20201555555555',
    outcome: 'succeeds',
    description: 'An IBAN: payouts arrive the next day',
  },
  {
    accountNumber: '000111111116',
    outcome: 'payout_fails',
    description: 'Accepted, but the bank returns every payout (no such account)',
  },
  {
    accountNumber: '000111111113',
    outcome: 'rejected',
    description: 'Refused when entered: the account is closed',
  },
];

const outcomeByNumber = new Map(sandboxTestBankAccounts.map((a) => [a.accountNumber, a.outcome]));

const ACCOUNT_CLOSED = {
  code: 'account_closed',
  message: 'The bank reports that this account is closed. Enter a different bank account.',
};
const NOT_A_TEST_ACCOUNT = {
  code: 'invalid_account_number',
  message: 'This is a sandbox: no real bank account can be paid. Use one of the test account numbers shown.',
};
const NO_ACCOUNT = {
  code: 'no_account',
  message:
    'Your bank returned the payout: it could not find the account. Check the account number and add your bank account again.',
};
const UNKNOWN_TOKEN = {
  code: 'invalid_token',
  message: 'This bank account can no longer be used. Add it again.',
};

type SandboxPayoutRow = typeof sandboxPayouts.$inferSelect;

/** What the bank has said by `now`: on its way until the arrival day, then paid or returned. */
function outcomeOf(row: SandboxPayoutRow, now: Date): PayoutOutcome {
  if (row.outcome === 'rejected')
    return { status: 'failed', payoutId: row.id, code: UNKNOWN_TOKEN.code, message: UNKNOWN_TOKEN.message };
  if (row.arrivalAt.getTime() > now.getTime())
    return { status: 'in_transit', payoutId: row.id, arrivalAt: row.arrivalAt };
  if (row.outcome === 'paid') return { status: 'paid', payoutId: row.id, arrivalAt: row.arrivalAt };
  return { status: 'failed', payoutId: row.id, code: NO_ACCOUNT.code, message: NO_ACCOUNT.message };
}

type PayoutMethods = Pick<
  PaymentProvider,
  'tokenizeBankAccount' | 'createPayout' | 'findPayout' | 'testBankAccounts'
>;

export function sandboxPayoutMethods(db: Database, clock: Clock): PayoutMethods {
  const findPayout = async (idempotencyKey: string) => {
    const [row] = await db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.idempotencyKey, idempotencyKey));
    return row ? outcomeOf(row, clock.now()) : null;
  };
  return {
    async tokenizeBankAccount(details) {
      const outcome = outcomeByNumber.get(details.accountNumber);
      if (!outcome) return { status: 'rejected', ...NOT_A_TEST_ACCOUNT };
      if (outcome === 'rejected') return { status: 'rejected', ...ACCOUNT_CLOSED };
      const saved = {
        token: `ba_sandbox_${randomBytes(12).toString('hex')}`,
        bankName: SANDBOX_BANK,
        last4: details.accountNumber.slice(-4),
        accountHolderName: details.accountHolderName,
        currency: details.currency,
      };
      await db.insert(sandboxBankAccounts).values({ ...saved, behaviour: outcome });
      return { status: 'accepted', ...saved };
    },
    async createPayout(request) {
      const [account] = await db
        .select()
        .from(sandboxBankAccounts)
        .where(eq(sandboxBankAccounts.token, request.token));
      // A key the processor has seen answers with the first payout: never a second one.
      const [created] = await db
        .insert(sandboxPayouts)
        .values({
          id: `po_sandbox_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          token: request.token,
          amountMinor: request.amountMinor,
          currency: request.currency,
          outcome: !account ? 'rejected' : account.behaviour === 'succeeds' ? 'paid' : 'returned',
          arrivalAt: new Date(clock.now().getTime() + SANDBOX_PAYOUT_ARRIVAL_MS),
        })
        .onConflictDoNothing({ target: sandboxPayouts.idempotencyKey })
        .returning();
      return created ? outcomeOf(created, clock.now()) : (await findPayout(request.idempotencyKey))!;
    },
    findPayout,
    testBankAccounts: () => sandboxTestBankAccounts,
  };
}
