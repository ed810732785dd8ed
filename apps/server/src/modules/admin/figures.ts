import {
  contractStatuses,
  projectStatuses,
  rateCurrencies,
  vettingStatuses,
  type PlatformFigures,
  type RateCurrency,
} from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

const MONTH_START = sql`date_trunc('month', now(), 'UTC')`;

function countsBy<K extends string>(
  keys: readonly K[],
  rows: { key: string; count: number }[],
): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) if (row.key in counts) counts[row.key as K] = Number(row.count);
  return counts;
}

/**
 * The platform in numbers. Money comes from the ledger only: what sits in escrow accounts now, and
 * what left escrow this month, to the expert's side (with the platform's fee) or back to the client.
 * "This month" is the database's calendar month in UTC, the clock the ledger's rows are stamped by.
 */
export async function platformFigures(db: Executor): Promise<PlatformFigures> {
  const [people, experts, projects, contracts, money] = await Promise.all([
    rowsOf<{ members: number; suspended: number; month_start: Date | string }>(
      db,
      sql`select ${MONTH_START} as month_start,
        count(*) filter (where role = 'member')::int as members,
        count(*) filter (where suspended_at is not null)::int as suspended
      from users where deleted_at is null`,
    ),
    rowsOf<{ key: string; count: number }>(
      db,
      sql`select status::text as key, count(*)::int as count from expert_profiles group by status`,
    ),
    rowsOf<{ key: string; count: number }>(
      db,
      sql`select status::text as key, count(*)::int as count from projects group by status`,
    ),
    rowsOf<{ key: string; count: number }>(
      db,
      sql`select status::text as key, count(*)::int as count from contracts group by status`,
    ),
    rowsOf<{ currency: RateCurrency; in_escrow: string; released: string; refunded: string }>(
      db,
      sql`
      with held as (
        select a.currency, sum(e.amount_minor) as amount
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind = 'escrow' group by a.currency),
      settled as (
        select a.currency,
          sum(e.amount_minor) filter (where a.kind in ('expert_available', 'platform_fees')) as released,
          sum(e.amount_minor) filter (where a.kind = 'client_funding') as refunded
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.kind in ('release', 'refund', 'split') and t.created_at >= ${MONTH_START}
        group by a.currency)
      select coalesce(h.currency, s.currency) as currency,
        coalesce(h.amount, 0)::text as in_escrow,
        coalesce(s.released, 0)::text as released,
        coalesce(s.refunded, 0)::text as refunded
      from held h full join settled s on s.currency = h.currency`,
    ),
  ]);
  return {
    monthStart: new Date(people[0]!.month_start).toISOString(),
    members: Number(people[0]?.members ?? 0),
    suspendedMembers: Number(people[0]?.suspended ?? 0),
    expertsByState: countsBy(vettingStatuses, experts),
    projectsByState: countsBy(projectStatuses, projects),
    contractsByState: countsBy(contractStatuses, contracts),
    money: money
      .map((row) => ({
        currency: row.currency,
        inEscrowMinor: Number(row.in_escrow),
        releasedThisMonthMinor: Number(row.released),
        refundedThisMonthMinor: Number(row.refunded),
      }))
      .sort((a, b) => rateCurrencies.indexOf(a.currency) - rateCurrencies.indexOf(b.currency)),
  };
}
