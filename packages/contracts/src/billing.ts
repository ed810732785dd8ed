import { z } from 'zod';
import { uuidSchema } from './fields.ts';
import { moneySchema } from './experts.ts';
import { pageCursorSchema } from './text.ts';

/*
 * Billing (/profile/billing): every ledger movement that concerns the person signed in, newest
 * first. A movement is one ledger transaction that touched one of their own accounts (a client's
 * funding, an expert's available balance or their payouts in transit); its amounts are that
 * person's side of it, signed from their point of view.
 */

export const BILLING_PAGE_SIZE = 50;
const BAD_CURSOR = 'That page link is not valid; start again from the first page.';

const billingDate = (which: 'from' | 'to') =>
  z
    .string({ error: `The “${which}” date must be a date such as 2026-01-31.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The “${which}” date must be a date such as 2026-01-31.`)
    // Date.parse rolls 2026-02-31 over to March 3rd instead of refusing it; the round trip does not.
    .refine((value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
    }, `The “${which}” date is not a real date.`);

const filterShape = {
  contractId: uuidSchema.optional(),
  from: billingDate('from').optional(),
  to: billingDate('to').optional(),
};
const rangeInOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeOutOfOrder = { message: 'The “from” date must be on or before the “to” date.', path: ['from'] };

/** The filter of the page and of its CSV: one contract, and a range of days (UTC, both inclusive). */
export const billingFilterQuerySchema = z.strictObject(filterShape).refine(rangeInOrder, rangeOutOfOrder);
export type BillingFilter = z.infer<typeof billingFilterQuerySchema>;

export const billingMovementsQuerySchema = z
  .strictObject({ ...filterShape, cursor: pageCursorSchema(200, BAD_CURSOR).optional() })
  .refine(rangeInOrder, rangeOutOfOrder);
export type BillingMovementsQuery = z.infer<typeof billingMovementsQuerySchema>;

/** Which of the person's sides a movement is on: what they paid as a client, or earned as an expert. */
export const billingSides = ['client', 'expert'] as const;
export type BillingSide = (typeof billingSides)[number];

const knownLabels: Record<string, Record<BillingSide, string>> = {
  fund: { client: 'Milestone funded', expert: 'Milestone funded' },
  release: { client: 'Payment released', expert: 'Payment released' },
  refund: { client: 'Refund', expert: 'Refunded to the client' },
  split: { client: 'Dispute settled: part refunded', expert: 'Dispute settled: your share' },
  bonus: { client: 'Bonus paid', expert: 'Bonus received' },
};

/**
 * What a movement is called. Kinds added later (payouts, corrections) get a readable label from
 * their machine name, so a new kind never shows up raw or breaks the page.
 */
export function movementLabel(kind: string, side: BillingSide): string {
  const known = knownLabels[kind];
  if (known) return known[side];
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Movement';
}

export const billingMovementSchema = z.object({
  /** The ledger transaction's id. */
  id: z.string(),
  occurredAt: z.string(),
  /** The ledger transaction's kind (fund, release, refund, split, bonus, payout kinds, ...). */
  kind: z.string(),
  label: z.string(),
  side: z.enum(billingSides),
  contract: z.object({ id: z.string(), title: z.string() }).nullable(),
  milestone: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** What the movement did to the person's money: negative paid out of it, positive into it. */
  amount: moneySchema,
  /**
   * The platform's fee in it, signed the same way (a fee charged is negative, one given back
   * positive); the amount already includes it. Null where no fee applies.
   */
  fee: z.nullable(moneySchema),
  /** A change to the expert's payouts on their way to the bank, when the movement has one. */
  inTransit: z.nullable(moneySchema),
  /** The expert's available balance just after this movement; null on a client's movements. */
  balanceAfter: z.nullable(moneySchema),
});
export type BillingMovement = z.infer<typeof billingMovementSchema>;

export const billingMovementsResponseSchema = z.object({
  movements: z.array(billingMovementSchema),
  nextCursor: z.string().nullable(),
});
export type BillingMovementsResponse = z.infer<typeof billingMovementsResponseSchema>;

/** Totals over the filter, per currency. */
export const billingTotalsSchema = z.object({
  currency: moneySchema.shape.currency,
  count: z.number().int(),
  /** Σ of the positive amounts (refunds, earnings) in minor units. */
  moneyInMinor: z.number().int(),
  /** Σ of the negative amounts (payments, payouts), as a negative number. */
  moneyOutMinor: z.number().int(),
  /** Σ of the fees, signed as on the movements. */
  feesMinor: z.number().int(),
  netMinor: z.number().int(),
});
export type BillingTotals = z.infer<typeof billingTotalsSchema>;

export const billingSummarySchema = z.object({
  totals: z.array(billingTotalsSchema),
  /** The expert's available balance now, per currency (whatever the filter); empty for clients. */
  available: z.array(moneySchema),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** The CSV download's columns, in order; amounts are decimal strings of the currency's units. */
export const billingCsvColumns = [
  'date',
  'type',
  'kind',
  'contract',
  'milestone',
  'currency',
  'amount',
  'fee',
  'in_transit',
  'available_balance',
  'transaction_id',
] as const;

/** 105000 minor units read "1050.00": integers only, no float on the way. */
export function decimalAmount(amountMinor: number): string {
  const sign = amountMinor < 0 ? '-' : '';
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The query string of a filter (and cursor), leaving out what is unset: the page and the CSV link share it. */
export function billingQueryString(filter: BillingFilter & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  for (const key of ['contractId', 'from', 'to', 'cursor'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
