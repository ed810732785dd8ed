import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/*
 * Saved cards (Payment Details). As with a real processor, a person is a customer at the
 * processor, and a saved card is a payment method attached to that customer; we keep only the
 * processor's references, the brand, the last four and the expiry. Removing a card deletes its
 * row and detaches it at the processor, so nothing can charge it again.
 */

/** The person's customer record at a processor. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_customers_pk', columns: [t.userId, t.provider] })],
);

export const savedCards = pgTable(
  'saved_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The processor's reusable payment-method token; charges name it, never a card number. */
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_cards_token_unique').on(t.provider, t.providerToken),
    // Exactly one default per person is the database's rule, not only the code's.
    uniqueIndex('saved_cards_one_default')
      .on(t.userId)
      .where(sql`is_default`),
    index('saved_cards_user_idx').on(t.userId, t.createdAt),
  ],
);

// The sandbox processor's side of it (what a real processor keeps).

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  /** A repeated create with the same key answers with the first customer. */
  idempotencyKey: text('idempotency_key').notNull().unique('sandbox_customers_key_unique'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => sandboxCustomers.id, { onDelete: 'restrict' }),
    /** The one-time card token it was made from (sandbox_cards.token). */
    cardToken: text('card_token').notNull(),
    /** Detached methods can never be charged again. */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Attaching the same card token to the same customer twice gives the same method.
    uniqueIndex('sandbox_payment_methods_attached_unique')
      .on(t.customerId, t.cardToken)
      .where(sql`detached_at is null`),
  ],
);
