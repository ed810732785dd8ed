import type { RateCurrency } from '@sciwise/contracts';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index.ts';

/*
 * The double-entry ledger (DESIGN §4). Every movement is one transaction of entries that sum to
 * zero per currency (the database refuses the commit otherwise: migration 0010); a balance is a
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
  contractId: string;
  milestoneId: string;
  createdBy: string | null;
  memo: string;
  legs: readonly Leg[];
}

const ownerOf = (ref: AccountRef) => ({
  userId: 'userId' in ref ? ref.userId : null,
  milestoneId: 'milestoneId' in ref ? ref.milestoneId : null,
});

function sameAccount(ref: AccountRef, currency: RateCurrency): SQL {
  const owner = ownerOf(ref);
  return and(
    eq(ledgerAccounts.kind, ref.kind),
    eq(ledgerAccounts.currency, currency),
    owner.userId ? eq(ledgerAccounts.userId, owner.userId) : isNull(ledgerAccounts.userId),
    owner.milestoneId
      ? eq(ledgerAccounts.milestoneId, owner.milestoneId)
      : isNull(ledgerAccounts.milestoneId),
  )!;
}

/** The account's id, opening it on first use. */
export async function accountId(tx: Executor, ref: AccountRef, currency: RateCurrency): Promise<string> {
  const [created] = await tx
    .insert(ledgerAccounts)
    .values({ kind: ref.kind, currency, ...ownerOf(ref) })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (created) return created.id;
  // Opened earlier (or by a concurrent transaction that has committed since): read it.
  const [existing] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(sameAccount(ref, currency));
  if (!existing) throw new Error(`ledger account ${ref.kind} could not be opened`);
  return existing.id;
}

/** Writes one balanced transaction; returns its id. Zero legs are left out. */
export async function record(tx: Executor, entry: LedgerTransaction): Promise<string> {
  const legs = entry.legs.filter((leg) => leg.amountMinor !== 0);
  const total = legs.reduce((sum, leg) => sum + leg.amountMinor, 0);
  if (legs.length < 2 || total !== 0 || legs.some((leg) => !Number.isSafeInteger(leg.amountMinor)))
    throw new Error(`unbalanced ledger transaction ${entry.kind}: ${total}`);
  const accounts: string[] = [];
  for (const leg of legs) accounts.push(await accountId(tx, leg.account, entry.currency));
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: entry.kind,
      contractId: entry.contractId,
      milestoneId: entry.milestoneId,
      createdBy: entry.createdBy,
      memo: entry.memo,
    })
    .returning({ id: ledgerTransactions.id });
  await tx.insert(ledgerEntries).values(
    legs.map((leg, index) => ({
      transactionId: row!.id,
      accountId: accounts[index]!,
      currency: entry.currency,
      amountMinor: leg.amountMinor,
    })),
  );
  return row!.id;
}

/** Balances of the milestones' escrow accounts, by milestone id (0 when never funded). */
export async function escrowBalances(
  tx: Executor,
  milestoneIds: readonly string[],
): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  if (milestoneIds.length === 0) return balances;
  const rows = await tx
    .select({
      milestoneId: ledgerAccounts.milestoneId,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(and(eq(ledgerAccounts.kind, 'escrow'), inArray(ledgerAccounts.milestoneId, [...milestoneIds])))
    .groupBy(ledgerAccounts.milestoneId);
  for (const row of rows) if (row.milestoneId) balances.set(row.milestoneId, Number(row.balance));
  return balances;
}
