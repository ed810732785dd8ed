import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { rateCurrency } from './experts.ts';
import { contractMilestones, contracts } from './projects.ts';

/*
 * Money (DESIGN §4). The ledger is append-only: triggers in migration 0012 refuse UPDATE and
 * DELETE on entries and transactions, and a deferred constraint trigger refuses any commit where a
 * transaction's entries do not sum to zero per currency. Balances are sums of entries.
 */

export const ledgerAccountKind = pgEnum('ledger_account_kind', [
  /** The client's card: money comes from it and refunds go back to it (external). */
  'client_funding',
  /** One per funded milestone: the hold. */
  'escrow',
  'expert_available',
  'expert_payout_in_transit',
  'platform_fees',
  /** Money that left the platform to experts' bank accounts (external). */
  'external_payouts',
]);

export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', [
  'fund',
  'release',
  'refund',
  'split',
  'bonus',
  /** An expert's payout leaves the available balance: expert_available → expert_payout_in_transit. */
  'payout',
  /** The bank confirmed it: expert_payout_in_transit → external_payouts. */
  'payout_paid',
  /** The bank refused it: expert_payout_in_transit → expert_available. */
  'payout_returned',
]);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerAccountKind('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    milestoneId: uuid('milestone_id').references(() => contractMilestones.id, { onDelete: 'restrict' }),
    /** Whose account it is, as one value (the milestone, the person, or nobody: the platform's). */
    owner: uuid('owner')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(milestone_id, user_id, '00000000-0000-0000-0000-000000000000'::uuid)`),
    currency: rateCurrency('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_unique').on(t.kind, t.owner, t.currency),
    // Entries name (account, currency), so an entry can never be in another currency than its account.
    unique('ledger_accounts_id_currency_unique').on(t.id, t.currency),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerTransactionKind('kind').notNull(),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    milestoneId: uuid('milestone_id').references(() => contractMilestones.id, { onDelete: 'restrict' }),
    /** Who caused it; null for the system (auto-release). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'restrict' }),
    memo: text('memo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_milestone_idx').on(t.milestoneId),
    // Billing filtered by contract.
    index('ledger_transactions_contract_time_idx').on(t.contractId, t.createdAt),
    // The admin figures: what was released or refunded since the start of the month.
    index('ledger_transactions_kind_time_idx').on(t.kind, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id').notNull(),
    currency: rateCurrency('currency').notNull(),
    /** Positive adds to the account, negative takes from it; Σ per transaction and currency = 0. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_entries_account_currency_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }).onDelete('restrict'),
    // A statement reads one account newest first by (time, transaction) and sums amounts up to a
    // row (billing's running balance) from the index alone: the amount is its last column.
    index('ledger_entries_account_statement_idx').on(
      t.accountId,
      t.createdAt,
      t.transactionId,
      t.amountMinor,
    ),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

export const escrowOutcome = pgEnum('escrow_outcome', ['posted', 'voided', 'split']);

/** Phase one of the two-phase transfer: a milestone's money is held at most once. */
export const escrowHolds = pgTable('escrow_holds', {
  milestoneId: uuid('milestone_id')
    .primaryKey()
    .references(() => contractMilestones.id, { onDelete: 'restrict' }),
  fundingTransactionId: uuid('funding_transaction_id')
    .notNull()
    .unique('escrow_holds_funding_tx_unique')
    .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
  amountMinor: integer('amount_minor').notNull(),
  /** The marketplace fee the client paid on top; a money-back refund returns it too. */
  feeMinor: integer('fee_minor').notNull(),
  currency: rateCurrency('currency').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Phase two: posted (released), voided (refunded) or split, once. The primary key makes a second
 * settlement of the same hold fail in the database even if the code forgot to check.
 */
export const escrowSettlements = pgTable('escrow_settlements', {
  milestoneId: uuid('milestone_id')
    .primaryKey()
    .references(() => escrowHolds.milestoneId, { onDelete: 'restrict' }),
  transactionId: uuid('transaction_id')
    .notNull()
    .unique('escrow_settlements_tx_unique')
    .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
  outcome: escrowOutcome('outcome').notNull(),
  toExpertMinor: integer('to_expert_minor').notNull(),
  toClientMinor: integer('to_client_minor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Talking to the card processor
// ---------------------------------------------------------------------------------------------

export const paymentPurpose = pgEnum('payment_purpose', ['fund', 'bonus']);
export const paymentAttemptState = pgEnum('payment_attempt_state', ['created', 'succeeded', 'failed']);

/**
 * Written before the processor is called, completed when it answers; an attempt left `created`
 * by a crash is settled by the reconciler, which asks the processor by the attempt's id (the
 * idempotency key the processor saw), so a charge is never lost and never made twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: paymentPurpose('purpose').notNull(),
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => contractMilestones.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The milestone or bonus amount; the card is charged amount + fee. */
    amountMinor: integer('amount_minor').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    currency: rateCurrency('currency').notNull(),
    provider: text('provider').notNull(),
    /** The processor's token for the card; never a card number. */
    paymentToken: text('payment_token').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    state: paymentAttemptState('state').notNull().default('created'),
    providerChargeId: text('provider_charge_id'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // One live charge per milestone and purpose: two concurrent "fund" clicks cannot both charge.
    uniqueIndex('payment_attempts_live_unique')
      .on(t.milestoneId, t.purpose)
      .where(sql`state in ('created', 'succeeded')`),
    index('payment_attempts_open_idx')
      .on(t.createdAt)
      .where(sql`state = 'created'`),
  ],
);

export const cardRefundState = pgEnum('card_refund_state', ['created', 'succeeded']);

/** Money the ledger already gave back to a client, on its way back to their card (an outbox). */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'restrict' }),
    amountMinor: integer('amount_minor').notNull(),
    currency: rateCurrency('currency').notNull(),
    state: cardRefundState('state').notNull().default('created'),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('card_refunds_open_idx')
      .on(t.createdAt)
      .where(sql`state = 'created'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Work delivered and what happened
// ---------------------------------------------------------------------------------------------

export const milestoneSubmissions = pgTable(
  'milestone_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => contractMilestones.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    note: text('note').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('milestone_submissions_version_unique').on(t.milestoneId, t.version)],
);

export const submissionFiles = pgTable(
  'submission_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => milestoneSubmissions.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [uniqueIndex('submission_files_position_unique').on(t.submissionId, t.position)],
);

/** Who did what to a contract, and when. Append-only (trigger in migration 0012). */
export const contractActivity = pgTable(
  'contract_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    milestoneId: uuid('milestone_id').references(() => contractMilestones.id, { onDelete: 'restrict' }),
    /** Null for the system (auto-release, the reconciler). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_activity_contract_time_idx').on(t.contractId, t.createdAt.desc(), t.id.desc())],
);

// ---------------------------------------------------------------------------------------------
// Idempotency keys and durable jobs
// ---------------------------------------------------------------------------------------------

/** A money-moving request's first answer, replayed for the same key (kept at least 24 hours). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, route and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Durable jobs (docs/decisions/008-escrow.md): claimed with FOR UPDATE SKIP LOCKED, so of several
 * nodes exactly one runs a job; a claim expires, so a node that dies mid-job does not strand it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Two enqueues of the same thing (same key) make one job. */
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_unique').on(t.dedupeKey),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at is null and failed_at is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The sandbox card processor's own books (what a real processor keeps on its side)
// ---------------------------------------------------------------------------------------------

export const sandboxCards = pgTable('sandbox_cards', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What a charge on this card does: succeeds, declined, insufficient_funds, processing_error. */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCharges = pgTable('sandbox_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique('sandbox_charges_key_unique'),
  token: text('token').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique('sandbox_refunds_key_unique'),
  chargeId: text('charge_id').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
