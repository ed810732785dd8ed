import { payoutStates } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ledgerTransactions } from './escrow.ts';
import { rateCurrency } from './experts.ts';

/*
 * Payouts (DESIGN §4): an expert's bank account, held by the processor as a token, and the
 * payouts sent to it. The money itself moves in the ledger (kinds payout, payout_paid,
 * payout_returned); a payout row names the transactions that moved it.
 */

/** One per expert: replacing the bank account replaces the row (a new token). */
export const payoutMethods = pgTable('payout_methods', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** The processor's token for the bank account; never the account number. */
  token: text('token').notNull(),
  bankName: text('bank_name'),
  last4: text('last4').notNull(),
  accountHolderName: text('account_holder_name').notNull(),
  currency: rateCurrency('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payoutState = pgEnum('payout_state', payoutStates);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: rateCurrency('currency').notNull(),
    state: payoutState('state').notNull().default('requested'),
    /** The bank account as it was when the payout was requested (a later replacement changes nothing here). */
    provider: text('provider').notNull(),
    token: text('token').notNull(),
    bankName: text('bank_name'),
    last4: text('last4').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    /** available → in transit, written with the request. */
    requestTransactionId: uuid('request_transaction_id')
      .notNull()
      .unique('payouts_request_tx_unique')
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** in transit → paid out, or back to available: written once (unique), when the bank answers. */
    settleTransactionId: uuid('settle_transaction_id')
      .unique('payouts_settle_tx_unique')
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    providerPayoutId: text('provider_payout_id'),
    expectedArrivalAt: timestamp('expected_arrival_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('payouts_amount_positive', sql`${t.amountMinor} > 0`),
    // A settled payout names its settling transaction, and only a settled one does.
    check(
      'payouts_settled_has_tx',
      sql`(${t.state} in ('paid', 'failed')) = (${t.settleTransactionId} is not null)`,
    ),
  ],
);

// The sandbox processor's own books for bank accounts and payouts (what a real one keeps).

export const sandboxBankAccounts = pgTable('sandbox_bank_accounts', {
  token: text('token').primaryKey(),
  bankName: text('bank_name').notNull(),
  last4: text('last4').notNull(),
  accountHolderName: text('account_holder_name').notNull(),
  currency: text('currency').notNull(),
  /** What a payout to it does: succeeds or payout_fails. */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPayouts = pgTable('sandbox_payouts', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique('sandbox_payouts_key_unique'),
  token: text('token').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  /** The bank's answer, known from `arrivalAt` on: paid, or failed with `failureCode`. */
  outcome: text('outcome').notNull(),
  failureCode: text('failure_code'),
  arrivalAt: timestamp('arrival_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
