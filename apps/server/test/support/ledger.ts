/** What the ledger holds, read straight from the database. */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.ts';

/** Rows of a raw db.execute, whichever driver answered (both return { rows }). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * What must always hold, read from the database: every ledger transaction sums to zero per
 * currency; no escrow or expert balance is negative; each milestone's escrow balance equals what
 * was funded minus what was released or refunded, and is non-zero exactly in the held states.
 */
export async function ledgerProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  for (const row of await queryRows<{ transaction_id: string; total: string }>(
    db,
    sql`select transaction_id, sum(amount_minor)::text as total from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`,
  ))
    problems.push(`transaction ${row.transaction_id} sums to ${row.total}`);
  for (const row of await queryRows<{ kind: string; id: string; balance: string }>(
    db,
    sql`select a.kind, a.id, sum(e.amount_minor)::text as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind in ('escrow', 'expert_available') group by a.kind, a.id having sum(e.amount_minor) < 0`,
  ))
    problems.push(`${row.kind} account ${row.id} is negative: ${row.balance}`);
  for (const row of await queryRows<{ id: string; status: string; balance: string; expected: string }>(
    db,
    sql`select m.id, m.status::text,
          coalesce((select sum(e.amount_minor) from ledger_accounts a join ledger_entries e on e.account_id = a.id
                    where a.kind = 'escrow' and a.milestone_id = m.id), 0)::text as balance,
          (coalesce(h.amount_minor, 0) - coalesce(s.to_expert_minor + s.to_client_minor, 0))::text as expected
        from contract_milestones m
        left join escrow_holds h on h.milestone_id = m.id
        left join escrow_settlements s on s.milestone_id = m.id`,
  )) {
    if (row.balance !== row.expected)
      problems.push(`milestone ${row.id} holds ${row.balance}, expected ${row.expected}`);
    const held = ['funded', 'submitted', 'revision_requested', 'disputed'].includes(row.status);
    if (held !== (row.balance !== '0'))
      problems.push(`milestone ${row.id} is ${row.status} but holds ${row.balance}`);
  }
  return problems;
}

/** Σ of one person's (or the platform's) account of a kind. */
export async function balanceOf(db: Executor, kind: string, userId: string | null): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select coalesce(sum(e.amount_minor), 0)::text as balance from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind = ${kind}::ledger_account_kind and ${userId === null ? sql`a.user_id is null` : sql`a.user_id = ${userId}`}`,
  );
  return Number(row!.balance);
}

/** Per ledger transaction of a milestone, in order: its kind and each account kind's total. */
export async function movementsOf(db: Executor, milestoneId: string) {
  const found = await queryRows<{ id: string; kind: string; account: string; total: string }>(
    db,
    sql`select t.id, t.kind::text, a.kind::text as account, sum(e.amount_minor)::text as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.milestone_id = ${milestoneId}
        group by t.id, t.kind, a.kind, t.created_at order by t.created_at, a.kind`,
  );
  const byTransaction = new Map<string, { kind: string; accounts: Record<string, number> }>();
  for (const row of found) {
    const entry = byTransaction.get(row.id) ?? { kind: row.kind, accounts: {} };
    entry.accounts[row.account] = Number(row.total);
    byTransaction.set(row.id, entry);
  }
  return [...byTransaction.values()];
}
