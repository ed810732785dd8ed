import type { PayoutBalance, RateCurrency } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/*
 * An expert's money as sums of ledger entries (DESIGN §4: a balance is a sum, never a column):
 * available (released money less fees less payouts), in transit (payouts on their way), and paid
 * out (what left the in-transit account to the bank).
 */

/** Every currency the expert has money in, in the order of the currency's name. */
export async function balancesOf(db: Executor, userId: string): Promise<PayoutBalance[]> {
  const result = await rowsOf<{
    currency: RateCurrency;
    available: string;
    in_transit: string;
    paid_out: string;
  }>(
    db,
    sql`
    select a.currency::text as currency,
      coalesce(sum(e.amount_minor) filter (where a.kind = 'expert_available'), 0)::text as available,
      coalesce(sum(e.amount_minor) filter (where a.kind = 'expert_payout_in_transit'), 0)::text as in_transit,
      coalesce(-sum(e.amount_minor) filter (
        where a.kind = 'expert_payout_in_transit' and t.kind = 'payout_paid'), 0)::text as paid_out
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transactions t on t.id = e.transaction_id
    where a.user_id = ${userId} and a.kind in ('expert_available', 'expert_payout_in_transit')
    group by a.currency
    order by a.currency`,
  );
  return result.map((row) => ({
    currency: row.currency,
    available: Number(row.available),
    inTransit: Number(row.in_transit),
    paidOut: Number(row.paid_out),
  }));
}

/**
 * Locks the expert's available-balance account in one currency (FOR UPDATE) and returns what it
 * holds. Every payout request takes this lock first, so of two concurrent requests the second
 * sees the first one's payout; without an account there is nothing to pay out.
 */
export async function lockAvailable(tx: Executor, userId: string, currency: RateCurrency): Promise<number> {
  const locked = await rowsOf<{ id: string }>(
    tx,
    sql`
    select id from ledger_accounts
    where kind = 'expert_available' and user_id = ${userId} and currency = ${currency}
    for update`,
  );
  const account = locked[0];
  if (!account) return 0;
  // A new statement after the lock: under read committed it sees every payout committed before.
  const summed = await rowsOf<{ balance: string }>(
    tx,
    sql`select coalesce(sum(amount_minor), 0)::text as balance from ledger_entries where account_id = ${account.id}`,
  );
  return Number(summed[0]!.balance);
}
