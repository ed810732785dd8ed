import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.ts';
import { ledgerTransactions } from './escrow.ts';
import { rateCurrency } from './experts.ts';
import { contractMilestones, contracts } from './projects.ts';

/*
 * Receipts, invoices and statements (issue 14, decision 011). An issued document is a row that
 * never changes: a trigger in the migration refuses UPDATE and DELETE, and a correction is a new
 * document that names the one it corrects. It keeps the facts it prints (a snapshot taken when it
 * was issued), so re-rendering it years later prints the same thing.
 */

export const documentKind = pgEnum('document_kind', [
  /** What the client paid by card for a milestone (or a bonus): the amount held and the fee. */
  'funding_receipt',
  /** The platform's invoice for its own fee: the client's on funding, the expert's on release. */
  'fee_invoice',
  /** Money that left the platform to an expert's bank account. */
  'payout_statement',
  /** Takes back (part of) a fee invoice, e.g. when a money-back refund returns the client's fee. */
  'credit_note',
]);

/** Each series numbers its documents 1, 2, 3... per calendar year (UTC), without gaps. */
export const documentSeries = pgEnum('document_series', ['invoice', 'receipt', 'statement']);

/**
 * The last number given in a series and year. Issuing takes the next one with an upsert that holds
 * the row's lock until the issuing transaction ends: a rolled-back issue gives its number back, so
 * there are no gaps (a sequence would leave them).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: documentSeries('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: documentKind('kind').notNull(),
    series: documentSeries('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    /** As printed, e.g. SW-2026-000123. */
    number: text('number').notNull(),
    /** Whom it is addressed to: the only member who may read it (admins may too). */
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    milestoneId: uuid('milestone_id').references(() => contractMilestones.id, { onDelete: 'restrict' }),
    /** The ledger movement it documents. */
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    /** The document this one corrects (a credit note names the invoice it takes back). */
    correctsId: uuid('corrects_id'),
    currency: rateCurrency('currency').notNull(),
    /** The total it prints, in minor units (negative on a credit note). */
    totalMinor: integer('total_minor').notNull(),
    /** Everything it prints, as it was when issued (DocumentFacts in modules/documents/facts.ts). */
    facts: jsonb('facts').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('issued_documents_number_unique').on(t.number),
    unique('issued_documents_series_sequence_unique').on(t.series, t.year, t.sequence),
    // A movement gets at most one document of each kind for each person (a bonus has two fee invoices).
    unique('issued_documents_kind_transaction_unique').on(t.kind, t.ledgerTransactionId, t.recipientId),
    index('issued_documents_recipient_idx').on(t.recipientId, t.issuedAt.desc(), t.id),
    index('issued_documents_contract_idx').on(t.contractId, t.issuedAt.desc()),
    check('issued_documents_sequence_positive', sql`${t.sequence} > 0`),
  ],
);

/** An institution that pays: printed on every document issued to this person after it is saved. */
export const billingEntities = pgTable('billing_entities', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organisationName: text('organisation_name').notNull(),
  address: text('address').notNull(),
  taxId: text('tax_id'),
  defaultCostCentre: text('default_cost_centre'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A contract's purchase order and cost centre, set by its client; printed on documents issued after. */
export const contractBilling = pgTable('contract_billing', {
  contractId: uuid('contract_id')
    .primaryKey()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  purchaseOrderNumber: text('purchase_order_number'),
  costCentre: text('cost_centre'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
