import {
  PAYOUT_MIN_MINOR,
  type Payout,
  type PayoutListResponse,
  type RateCurrency,
} from '@sciwise/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payouts, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { balancesOf } from './balances.ts';
import { requireExpert } from './payout-method.ts';
import type { PayoutRow } from './payout-service.ts';

const PAGE = 20;
const NOT_FOUND = 'We could not find that payout.';

export function presentPayout(row: PayoutRow): Payout {
  const settled = row.settledAt?.toISOString() ?? null;
  return {
    id: row.id,
    amount: { amountMinor: row.amountMinor, currency: row.currency },
    state: row.state,
    bankName: row.bankName,
    last4: row.last4,
    requestedAt: row.createdAt.toISOString(),
    expectedArrivalAt: row.expectedArrivalAt?.toISOString() ?? null,
    paidAt: row.state === 'paid' ? settled : null,
    failedAt: row.state === 'failed' ? settled : null,
    failureReason: row.state === 'failed' ? row.failureMessage : null,
  };
}

/** The expert's balances and their payouts, newest first, a page at a time. */
export async function listPayouts(
  db: Executor,
  userId: string,
  cursorValue: string | undefined,
): Promise<PayoutListResponse> {
  await requireExpert(db, userId);
  const conditions = [eq(payouts.userId, userId)];
  if (cursorValue) {
    const cursor = decodeCursor(cursorValue, 'payouts');
    conditions.push(
      sql`(${payouts.createdAt}, ${payouts.id}) < (to_timestamp(${cursor.key}::float8 / 1000000), ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      payout: payouts,
      micros: sql<string>`(extract(epoch from ${payouts.createdAt}) * 1000000)::bigint::text`,
    })
    .from(payouts)
    .where(and(...conditions))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    balances: await balancesOf(db, userId),
    minimumMinor: PAYOUT_MIN_MINOR,
    payouts: page.map((row) => presentPayout(row.payout)),
    nextCursor:
      rows.length > PAGE && last
        ? encodeCursor({ sort: 'payouts', key: Number(last.micros), id: last.payout.id })
        : null,
  };
}

/** One of the expert's own payouts; anyone else's is the same 404 as a missing one. */
export async function getPayout(
  db: Executor,
  { userId, payoutId }: { userId: string; payoutId: string },
): Promise<Payout> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, payoutId), eq(payouts.userId, userId)));
  if (!row) throw notFound(NOT_FOUND);
  return presentPayout(row);
}

/** Everything a payout statement (a PDF) prints: for the documents module. */
export interface PayoutStatement {
  payoutId: string;
  state: Payout['state'];
  amountMinor: number;
  currency: RateCurrency;
  expert: { id: string; name: string; email: string };
  method: { bankName: string | null; last4: string; accountHolderName: string };
  requestedAt: Date;
  /** When the processor accepted it and when the bank expected it. */
  submittedAt: Date | null;
  expectedArrivalAt: Date | null;
  /** When it arrived (paid) or came back (failed); null while on its way. */
  settledAt: Date | null;
  failureReason: string | null;
  /** The ledger transactions that moved the money: out of available, then paid or returned. */
  requestTransactionId: string;
  settleTransactionId: string | null;
}

/**
 * What a statement for this payout needs, or null when there is no such payout. It does not
 * check who asks: the caller (a route) decides who may see it, e.g. `getPayout` first.
 */
export async function payoutStatement(db: Executor, payoutId: string): Promise<PayoutStatement | null> {
  const [row] = await db
    .select({
      payout: payouts,
      expert: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.id, payoutId));
  if (!row) return null;
  const { payout, expert } = row;
  return {
    payoutId: payout.id,
    state: payout.state,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    expert: { id: expert.id, name: `${expert.firstName} ${expert.lastName}`.trim(), email: expert.email },
    method: { bankName: payout.bankName, last4: payout.last4, accountHolderName: payout.accountHolderName },
    requestedAt: payout.createdAt,
    submittedAt: payout.submittedAt,
    expectedArrivalAt: payout.expectedArrivalAt,
    settledAt: payout.settledAt,
    failureReason: payout.state === 'failed' ? payout.failureMessage : null,
    requestTransactionId: payout.requestTransactionId,
    settleTransactionId: payout.settleTransactionId,
  };
}
