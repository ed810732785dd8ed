import {
  movementLabel,
  type BillingFilter,
  type BillingMovement,
  type BillingSummary,
  type RateCurrency,
} from '@sciwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/*
 * A person's statement, read from the ledger (DESIGN §4). A movement is one ledger transaction
 * that touched one of the person's own accounts; its amount is the sum of those entries, so the
 * sign is theirs: a client's payment is negative, an expert's release positive. Nothing is
 * stored for billing: every figure is a sum of entries, the running balance included.
 */

/** The accounts a person owns: what they pay with, what they earned, and payouts on the way out. */
const PERSONAL_ACCOUNTS = sql`('client_funding', 'expert_available', 'expert_payout_in_transit')`;

/** A page position: the (time, transaction) of the last movement shown. */
export interface MovementKey {
  micros: number;
  transactionId: string;
}

export interface MovementQuery {
  userId: string;
  filter: BillingFilter;
  /** Movements strictly older than this one. */
  after?: MovementKey;
  limit: number;
}

export interface MovementRow {
  movement: BillingMovement;
  key: MovementKey;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`);
const dayAfter = (date: string) => new Date(startOfDay(date).getTime() + DAY_MS);

/** The entry conditions of a filter, on `e` (ledger_entries) of one of the person's accounts. */
function entryConditions(query: Pick<MovementQuery, 'filter' | 'after'>): SQL {
  const parts: SQL[] = [sql`true`];
  const { filter, after } = query;
  if (filter.from) parts.push(sql`e.created_at >= ${startOfDay(filter.from).toISOString()}::timestamptz`);
  if (filter.to) parts.push(sql`e.created_at < ${dayAfter(filter.to).toISOString()}::timestamptz`);
  // The contract's few transactions as an array, which the account's index checks in place:
  // as exists() the planner hashed every entry of the account to join them (7 of a page's 31 ms).
  if (filter.contractId)
    parts.push(
      sql`e.transaction_id = any(array(select ft.id from ledger_transactions ft where ft.contract_id = ${filter.contractId}::uuid))`,
    );
  if (after)
    parts.push(
      sql`(e.created_at, e.transaction_id) < (to_timestamp(${after.micros}::float8 / 1000000), ${after.transactionId}::uuid)`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * The person's movements, grouped per transaction. With a limit, each account is read newest
 * first through its index and cut at the limit before grouping: a transaction among the newest
 * N overall is among the newest N of every account it touched, so no movement loses a leg.
 */
function movementsCte(userId: string, conditions: SQL, limit: number | null): SQL {
  const perAccount =
    limit === null
      ? sql`select e.transaction_id, e.created_at, e.amount_minor from ledger_entries e
            where e.account_id = a.id and ${conditions}`
      : sql`select e.transaction_id, e.created_at, e.amount_minor from ledger_entries e
            where e.account_id = a.id and ${conditions}
            order by e.created_at desc, e.transaction_id desc limit ${limit}`;
  return sql`
    mine as (
      select id, kind, currency from ledger_accounts
      where user_id = ${userId}::uuid and kind in ${PERSONAL_ACCOUNTS}),
    legs as (
      select e.transaction_id, e.created_at, e.amount_minor, a.kind as account_kind, a.currency
      from mine a cross join lateral (${perAccount}) e),
    moves as (
      select transaction_id, created_at, currency,
        coalesce(sum(amount_minor) filter (where account_kind in ('client_funding', 'expert_available')), 0) as amount,
        sum(amount_minor) filter (where account_kind = 'expert_payout_in_transit') as in_transit,
        bool_or(account_kind = 'client_funding') as client_side
      from legs group by transaction_id, created_at, currency
      order by created_at desc, transaction_id desc
      ${limit === null ? sql`` : sql`limit ${limit}`}),
    described as (
      select m.*, t.kind::text as kind, t.contract_id, t.milestone_id,
        case
          when t.kind = 'fund' and m.client_side then -h.fee_minor
          when s.transaction_id is not null then
            m.amount - (case when m.client_side then s.to_client_minor else s.to_expert_minor end)
          when t.kind = 'bonus' and m.client_side then -pa.fee_minor
          when t.kind = 'bonus' then m.amount - pa.amount_minor
        end as fee
      from moves m
      join ledger_transactions t on t.id = m.transaction_id
      left join escrow_holds h on h.funding_transaction_id = t.id
      left join escrow_settlements s on s.transaction_id = t.id
      left join payment_attempts pa on t.kind = 'bonus' and pa.milestone_id = t.milestone_id
        and pa.purpose = 'bonus' and pa.state = 'succeeded')`;
}

interface RawMovement {
  transaction_id: string;
  micros: string;
  occurred_at: string;
  currency: RateCurrency;
  amount: string;
  in_transit: string | null;
  client_side: boolean;
  kind: string;
  fee: string | null;
  contract_id: string | null;
  contract_title: string | null;
  milestone_id: string | null;
  milestone_title: string | null;
  balance_after: string | null;
}

/**
 * One page of movements, newest first, each with the expert's available balance just after it.
 * That balance is the sum of every entry of the account up to the movement, whatever the filter:
 * each of the page's movements sums the account's entries since the movement before it (the first,
 * every entry up to it), from the account's index alone, and a running sum over the page adds
 * those up. So a page costs one pass over the account's entries up to its newest movement, however
 * far apart a filter's movements are. (A window over every entry between the page's oldest and
 * newest movement sorted them all: a contract's page spanning 5,000 entries took 24 ms of its 31.)
 */
export async function listMovements(db: Executor, query: MovementQuery): Promise<MovementRow[]> {
  const found = await rowsOf<RawMovement>(db, movementsStatement(query));
  return found.map((row) => ({
    movement: present(row),
    key: { micros: Number(row.micros), transactionId: row.transaction_id },
  }));
}

/** The statement behind a page (exported so the bench can EXPLAIN it). */
export function movementsStatement(query: MovementQuery): SQL {
  return sql`with ${movementsCte(query.userId, entryConditions(query), query.limit)},
    marks as (
      select d.transaction_id, d.currency, d.created_at, a.id as account_id,
        lag(d.created_at) over by_time as previous_at, lag(d.transaction_id) over by_time as previous_id
      from described d join mine a on a.kind = 'expert_available' and a.currency = d.currency
      where not d.client_side
      window by_time as (partition by a.id order by d.created_at, d.transaction_id)),
    running as materialized (
      select m.transaction_id, m.currency, sum(since.amount) over (
          partition by m.account_id order by m.created_at, m.transaction_id
          rows between unbounded preceding and current row) as balance_after
      -- The first movement's entries since "the one before" are all of the account's up to it.
      from marks m cross join lateral (
        select coalesce(sum(e.amount_minor), 0) as amount from ledger_entries e
        where e.account_id = m.account_id
          and (e.created_at, e.transaction_id) <= (m.created_at, m.transaction_id)
          and (e.created_at, e.transaction_id) > (coalesce(m.previous_at, '-infinity'),
                                                  coalesce(m.previous_id, '00000000-0000-0000-0000-000000000000'))
      ) since)
    select d.transaction_id, d.currency, d.amount::text, d.in_transit::text, d.client_side, d.kind, d.fee::text,
      (extract(epoch from d.created_at) * 1000000)::bigint::text as micros,
      d.created_at as occurred_at,
      d.contract_id, c.title as contract_title, d.milestone_id, ms.title as milestone_title,
      r.balance_after::text as balance_after
    from described d
    left join running r on r.transaction_id = d.transaction_id and r.currency = d.currency
    left join contracts c on c.id = d.contract_id
    left join contract_milestones ms on ms.id = d.milestone_id
    order by d.created_at desc, d.transaction_id desc`;
}

function present(row: RawMovement): BillingMovement {
  const money = (value: string | null) =>
    value === null ? null : { amountMinor: Number(value), currency: row.currency };
  const side = row.client_side ? 'client' : 'expert';
  return {
    id: row.transaction_id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    kind: row.kind,
    label: movementLabel(row.kind, side),
    side,
    contract: row.contract_id ? { id: row.contract_id, title: row.contract_title ?? '' } : null,
    milestone: row.milestone_id ? { id: row.milestone_id, title: row.milestone_title ?? '' } : null,
    amount: { amountMinor: Number(row.amount), currency: row.currency },
    fee: money(row.fee),
    inTransit: money(row.in_transit),
    balanceAfter: money(row.balance_after),
  };
}

/** Totals over the filter per currency, and the expert's available balance now. */
export async function summarize(
  db: Executor,
  userId: string,
  filter: BillingFilter,
): Promise<BillingSummary> {
  const totals = await rowsOf<{
    currency: RateCurrency;
    count: string;
    money_in: string;
    money_out: string;
    fees: string;
    net: string;
  }>(
    db,
    sql`with ${movementsCte(userId, entryConditions({ filter }), null)}
    select currency, count(*)::text as count,
      coalesce(sum(amount) filter (where amount > 0), 0)::text as money_in,
      coalesce(sum(amount) filter (where amount < 0), 0)::text as money_out,
      coalesce(sum(fee), 0)::text as fees,
      coalesce(sum(amount), 0)::text as net
    from described group by currency order by currency`,
  );
  const available = await rowsOf<{ currency: RateCurrency; balance: string }>(
    db,
    sql`select a.currency, coalesce(sum(e.amount_minor), 0)::text as balance
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.user_id = ${userId}::uuid and a.kind = 'expert_available'
        group by a.currency order by a.currency`,
  );
  return {
    totals: totals.map((row) => ({
      currency: row.currency,
      count: Number(row.count),
      moneyInMinor: Number(row.money_in),
      moneyOutMinor: Number(row.money_out),
      feesMinor: Number(row.fees),
      netMinor: Number(row.net),
    })),
    available: available.map((row) => ({ amountMinor: Number(row.balance), currency: row.currency })),
  };
}
