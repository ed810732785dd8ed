import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  cardRefunds,
  contractActivity,
  contractMilestones,
  escrowHolds,
  escrowSettlements,
  issuedDocuments,
  jobs,
  notifications,
} from '../../db/schema/index.ts';
import { documentNumberFormat, type DocumentSeries } from '../documents/numbering.ts';
import { NOTIFICATION_CHANNEL } from '../notifications/service.ts';

/*
 * The writes of one money transition, sent to the database in one call (the function
 * apply_money_writes, migrations 0023 and 0024) instead of a statement each. The code that decides
 * them is unchanged: logActivity, tellParties, issueDocument, record, hold and settle build the
 * same rows and, handed a MoneyWrites instead of a transaction, queue them here. flush() writes
 * everything in the caller's transaction, the function numbering the queued documents first (the
 * counters stay locked until the transaction ends, as issueDocument's do); nothing is written
 * before it.
 */

/** The tables apply_money_writes inserts into, by their SQL name. */
const insertable = {
  escrow_holds: escrowHolds,
  escrow_settlements: escrowSettlements,
  card_refunds: cardRefunds,
  contract_activity: contractActivity,
  notifications,
  jobs,
};
type Insertable = (typeof insertable)[keyof typeof insertable];

export interface QueuedLedgerTransaction {
  id: string;
  kind: string;
  currency: string;
  contract_id: string | null;
  milestone_id: string | null;
  created_by: string | null;
  memo: string;
  legs: { kind: string; user_id: string | null; milestone_id: string | null; amount: number }[];
}

type Row = Record<string, unknown>;

/** A row keyed by column names, as jsonb_populate_record reads it (Dates become ISO text in JSON). */
function byColumnName(table: PgTable, values: Row): Row {
  const columns = getTableColumns(table);
  const row: Row = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column) throw new Error(`no column ${key} in the queued row`);
    row[column.name] = value;
  }
  return row;
}

const tableName = (table: Insertable) =>
  Object.entries(insertable).find(([, candidate]) => candidate === table)![0];

export class MoneyWrites {
  readonly #rows = new Map<string, Row[]>();
  readonly #ledger: QueuedLedgerTransaction[] = [];
  #milestone: Row | null = null;
  readonly #documents: Row[] = [];

  /** `tx` is the transaction the writes join: reads made meanwhile (addressees, holds) use it. */
  constructor(readonly tx: Executor) {}

  insert<T extends Insertable>(table: T, values: T['$inferInsert'] | readonly T['$inferInsert'][]): void {
    const name = tableName(table);
    const list = this.#rows.get(name) ?? [];
    for (const value of Array.isArray(values) ? values : [values])
      list.push(byColumnName(table, value as Row));
    this.#rows.set(name, list);
  }

  ledger(transaction: QueuedLedgerTransaction): void {
    this.#ledger.push(transaction);
  }

  /** The milestone's changed columns; a second change to the same milestone adds to the first. */
  updateMilestone(id: string, changes: Partial<typeof contractMilestones.$inferInsert>): void {
    if (this.#milestone && this.#milestone.id !== id) throw new Error('one milestone per money transition');
    this.#milestone = { ...(this.#milestone ?? {}), ...byColumnName(contractMilestones, changes), id };
  }

  /**
   * Queues a document whose number the flush takes; until then the number is a token that
   * apply_money_writes replaces wherever the queued writes print it (a receipt names its
   * invoice's number).
   */
  document(series: DocumentSeries, year: number, values: typeof issuedDocuments.$inferInsert): void {
    const row = byColumnName(issuedDocuments, values as Row);
    const { prefix, digits } = documentNumberFormat(series, year);
    this.#documents.push({ ...row, number_prefix: prefix, number_digits: digits });
  }

  /** The token standing for the number of the next document queued. */
  nextDocumentToken(): string {
    return `\u2063document-${this.#documents.length}\u2063`;
  }

  /**
   * Writes everything queued, in one call. With `readBack` (a contract id) the same call then
   * reads that contract as contract_view does, seeing these writes, and returns its JSON (for the
   * request's answer, instead of reading it again after the commit); otherwise null.
   */
  async flush(readBack: string | null = null): Promise<unknown> {
    const payload: Row = Object.fromEntries(this.#rows);
    if (this.#ledger.length > 0) payload.ledger = this.#ledger;
    if (this.#milestone) payload.contract_milestones = this.#milestone;
    if (this.#documents.length > 0) payload.issued_documents = this.#documents;
    const result = (await this.tx.execute(
      sql`select apply_money_writes(${JSON.stringify(payload)}::jsonb, ${NOTIFICATION_CHANNEL}, ${readBack}::uuid) as view`,
    )) as unknown as { rows: { view: unknown }[] };
    return result.rows[0]?.view ?? null;
  }
}
