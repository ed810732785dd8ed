import { randomUUID } from 'node:crypto';
import type { RateCurrency } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, type ledgerTransactions } from '../../db/schema/index.ts';
import { MoneyWrites } from './money-writes.ts';
import { rowsOf } from '../../db/rows.ts';

/*
 * The double-entry ledger (DESIGN §4). Every movement is one transaction of entries that sum to
 * zero per currency (the database refuses the commit otherwise: migration 0012); a balance is a
 * sum of entries. Nothing here updates or deletes a row.
 */

export type AccountRef =
  | { kind: 'client_funding' | 'expert_available' | 'expert_payout_in_transit'; userId: string }
  | { kind: 'escrow'; milestoneId: string }
  | { kind: 'platform_fees' | 'external_payouts' };

export interface Leg {
  account: AccountRef;
  amountMinor: number;
}

export type LedgerTransactionKind = (typeof ledgerTransactions.$inferInsert)['kind'];

export interface LedgerTransaction {
  kind: LedgerTransactionKind;
  currency: RateCurrency;
  /** Null for movements of no contract (payouts). */
  contractId: string | null;
  milestoneId: string | null;
  createdBy: string | null;
  memo: string;
  legs: readonly Leg[];
}

const NOBODY = '00000000-0000-0000-0000-000000000000';
/** The account's owner as the `owner` column holds it: the milestone, the person, or nobody. */
const ownerOf = (ref: AccountRef) =>
  'milestoneId' in ref ? ref.milestoneId : 'userId' in ref ? ref.userId : NOBODY;

/**
 * Writes one balanced transaction in one statement: opens the accounts used for the first time,
 * inserts the transaction and its entries; returns its id. Zero legs are left out. Handed a
 * MoneyWrites, it queues the same transaction (apply_money_writes writes it the same way).
 */
export async function record(tx: Executor | MoneyWrites, entry: LedgerTransaction): Promise<string> {
  const legs = entry.legs.filter((leg) => leg.amountMinor !== 0);
  const total = legs.reduce((sum, leg) => sum + leg.amountMinor, 0);
  if (legs.length < 2 || total !== 0 || legs.some((leg) => !Number.isSafeInteger(leg.amountMinor)))
    throw new Error(`unbalanced ledger transaction ${entry.kind}: ${total}`);
  if (tx instanceof MoneyWrites) {
    const id = randomUUID();
    tx.ledger({
      id,
      kind: entry.kind,
      currency: entry.currency,
      contract_id: entry.contractId,
      milestone_id: entry.milestoneId,
      created_by: entry.createdBy,
      memo: entry.memo,
      legs: legs.map((leg) => ({
        kind: leg.account.kind,
        user_id: 'userId' in leg.account ? leg.account.userId : null,
        milestone_id: 'milestoneId' in leg.account ? leg.account.milestoneId : null,
        amount: leg.amountMinor,
      })),
    });
    return id;
  }
  const values = sql.join(
    legs.map(
      (leg, index) =>
        sql`(${index}::int, ${leg.account.kind}::ledger_account_kind, ${
          'userId' in leg.account ? leg.account.userId : null
        }::uuid, ${'milestoneId' in leg.account ? leg.account.milestoneId : null}::uuid, ${ownerOf(leg.account)}::uuid, ${
          leg.amountMinor
        }::bigint)`,
    ),
    sql`, `,
  );
  const statement = sql`
    with legs (position, kind, user_id, milestone_id, owner, amount) as (values ${values}),
    opened as (
      insert into ledger_accounts (kind, user_id, milestone_id, currency)
      select kind, user_id, milestone_id, ${entry.currency} from legs
      on conflict (kind, owner, currency) do nothing
      returning id, kind, owner),
    moved as (
      insert into ledger_transactions (kind, contract_id, milestone_id, created_by, memo)
      values (${entry.kind}, ${entry.contractId}, ${entry.milestoneId}, ${entry.createdBy}, ${entry.memo})
      returning id)
    insert into ledger_entries (transaction_id, account_id, currency, amount_minor)
    select moved.id, coalesce(opened.id, existing.id), ${entry.currency}, legs.amount
    from legs cross join moved
    left join opened on opened.kind = legs.kind and opened.owner = legs.owner
    left join ledger_accounts existing
      on existing.kind = legs.kind and existing.owner = legs.owner and existing.currency = ${entry.currency}
    order by legs.position
    returning transaction_id`;
  const result = await rowsOf<{ transaction_id: string }>(tx, statement);
  return result[0]!.transaction_id;
}

/**
 * Opens accounts ahead of their first movement. The shared ones (a client's funding, an expert's
 * balance, the platform's fees) are opened when a contract is made: were two first movements to
 * open one at the same moment, the later statement could not see the other's row (its snapshot
 * predates it) and would fail. A milestone's escrow is opened by its own funding, which happens once.
 */
export async function openAccounts(
  tx: Executor,
  refs: readonly AccountRef[],
  currency: RateCurrency,
): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(
      refs.map((ref) => ({
        kind: ref.kind,
        currency,
        userId: 'userId' in ref ? ref.userId : null,
        milestoneId: 'milestoneId' in ref ? ref.milestoneId : null,
      })),
    )
    .onConflictDoNothing();
}
