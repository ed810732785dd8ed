import type { DocumentKind, RateCurrency } from '@sciwise/contracts';
import type { Executor } from '../../db/client.ts';
import { issuedDocuments } from '../../db/schema/index.ts';
import type { DocumentFacts } from './facts.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import { takeNextNumber, type DocumentSeries } from './numbering.ts';

export type IssuedDocument = typeof issuedDocuments.$inferSelect;

/** Which numbering series each kind takes: a credit note corrects an invoice, so it counts with them. */
const seriesOf: Record<DocumentKind, DocumentSeries> = {
  funding_receipt: 'receipt',
  fee_invoice: 'invoice',
  credit_note: 'invoice',
  payout_statement: 'statement',
};

export interface DocumentToIssue {
  kind: DocumentKind;
  recipientId: string;
  currency: RateCurrency;
  issuedAt: Date;
  contractId?: string | null;
  milestoneId?: string | null;
  ledgerTransactionId?: string | null;
  corrects?: Pick<IssuedDocument, 'id' | 'number'> | null;
  /** Everything printed but the number and date, which issuing decides. */
  facts: Omit<DocumentFacts, 'version' | 'kind' | 'number' | 'issuedAt' | 'currency'>;
}

/** What a queued document (MoneyWrites) is known by before it is written: its number, as a token. */
export interface QueuedDocument {
  number: string;
}

/**
 * Issues one document in the caller's transaction: takes the next number of its series (the
 * counter stays locked until that transaction ends) and stores the facts it prints. The row never
 * changes afterwards (the database refuses UPDATE and DELETE). Handed a MoneyWrites, it queues the
 * document, which the batch numbers and writes when it is flushed.
 */
export async function issueDocument(tx: Executor, input: DocumentToIssue): Promise<IssuedDocument>;
export async function issueDocument(
  tx: Executor | MoneyWrites,
  input: DocumentToIssue,
): Promise<IssuedDocument | QueuedDocument>;
export async function issueDocument(
  tx: Executor | MoneyWrites,
  input: DocumentToIssue,
): Promise<IssuedDocument | QueuedDocument> {
  const series = seriesOf[input.kind];
  const year = input.issuedAt.getUTCFullYear();
  const queued = tx instanceof MoneyWrites;
  const { sequence, number } = queued ? { sequence: 0, number: '' } : await takeNextNumber(tx, series, year);
  const row = (printed: string) => {
    const facts: DocumentFacts = {
      version: 1,
      kind: input.kind,
      number: printed,
      issuedAt: input.issuedAt.toISOString(),
      currency: input.currency,
      ...input.facts,
      references: [
        ...input.facts.references,
        ...(input.corrects ? [{ label: 'Corrects', value: input.corrects.number }] : []),
      ],
    };
    return {
      kind: input.kind,
      series,
      year,
      sequence,
      number: printed,
      recipientId: input.recipientId,
      contractId: input.contractId ?? null,
      milestoneId: input.milestoneId ?? null,
      ledgerTransactionId: input.ledgerTransactionId ?? null,
      correctsId: input.corrects?.id ?? null,
      currency: input.currency,
      totalMinor: facts.total.amountMinor,
      facts,
      issuedAt: input.issuedAt,
    };
  };
  if (queued) {
    // The number is the batch's token until it is flushed; the row is written with the real one.
    const token = tx.nextDocumentToken();
    tx.document(series, year, row(token));
    return { number: token };
  }
  const [issued] = await tx.insert(issuedDocuments).values(row(number)).returning();
  return issued!;
}

// One formatter for every call: toLocaleDateString builds a new one each time (a tenth of a
// millisecond, on every money request).
const documentDates = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A date as documents print it: 23 November 2026 (UTC, so every reader sees the same day). */
export function documentDate(date: Date | string): string {
  return documentDates.format(new Date(date));
}
