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
import { takeNextNumbers, type DocumentSeries } from '../documents/numbering.ts';
import { NOTIFICATION_CHANNEL } from '../notifications/service.ts';

/*
 * The writes of one money transition, sent to the database in one call (the function
 * apply_money_writes, migration 0023) instead of a statement each. The code that decides them is
 * unchanged: logActivity, tellParties, issueDocument, record, hold and settle build the same rows
 * and, handed a MoneyWrites instead of a transaction, queue them here. flush() numbers the queued
 * documents (the counters stay locked until the transaction ends, as issueDocument's do) and writes
 * everything, in the caller's transaction; nothing is written before it.
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
  readonly #documents: { row: Row; series: DocumentSeries; year: number; token: string }[] = [];

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
   * Queues a document whose number flush() takes; until then the number is a token that flush()
   * replaces wherever the queued writes print it (a receipt names its invoice's number).
   */
  document(series: DocumentSeries, year: number, values: typeof issuedDocuments.$inferInsert): void {
    const row = byColumnName(issuedDocuments, values as Row);
    this.#documents.push({ row, series, year, token: String(row.number) });
  }

  /** The token standing for the number of the next document queued. */
  nextDocumentToken(): string {
    return `\u2063document-${this.#documents.length}\u2063`;
  }

  async flush(): Promise<void> {
    const payload: Row = Object.fromEntries(this.#rows);
    if (this.#ledger.length > 0) payload.ledger = this.#ledger;
    if (this.#milestone) payload.contract_milestones = this.#milestone;
    const numbers = new Map<string, string>();
    if (this.#documents.length > 0) {
      const taken = await takeNextNumbers(
        this.tx,
        this.#documents.map((d) => ({ series: d.series, year: d.year })),
      );
      payload.issued_documents = this.#documents.map((document, index) => {
        numbers.set(document.token, taken[index]!.number);
        return { ...document.row, sequence: taken[index]!.sequence };
      });
    }
    let text = JSON.stringify(payload);
    for (const [token, number] of numbers) text = text.replaceAll(token, number);
    await this.tx.execute(sql`select apply_money_writes(${text}::jsonb, ${NOTIFICATION_CHANNEL})`);
  }
}
