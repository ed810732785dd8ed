import type { DocumentKind, RateCurrency } from '@sciwise/contracts';
import type { Executor } from '../../db/client.ts';
import { issuedDocuments } from '../../db/schema/index.ts';
import type { DocumentFacts } from './facts.ts';
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

/**
 * Issues one document in the caller's transaction: takes the next number of its series (the
 * counter stays locked until that transaction ends) and stores the facts it prints. The row never
 * changes afterwards (the database refuses UPDATE and DELETE).
 */
export async function issueDocument(tx: Executor, input: DocumentToIssue): Promise<IssuedDocument> {
  const series = seriesOf[input.kind];
  const year = input.issuedAt.getUTCFullYear();
  const { sequence, number } = await takeNextNumber(tx, series, year);
  const facts: DocumentFacts = {
    version: 1,
    kind: input.kind,
    number,
    issuedAt: input.issuedAt.toISOString(),
    currency: input.currency,
    ...input.facts,
    references: [
      ...input.facts.references,
      ...(input.corrects ? [{ label: 'Corrects', value: input.corrects.number }] : []),
    ],
  };
  const [issued] = await tx
    .insert(issuedDocuments)
    .values({
      kind: input.kind,
      series,
      year,
      sequence,
      number,
      recipientId: input.recipientId,
      contractId: input.contractId ?? null,
      milestoneId: input.milestoneId ?? null,
      ledgerTransactionId: input.ledgerTransactionId ?? null,
      correctsId: input.corrects?.id ?? null,
      currency: input.currency,
      totalMinor: facts.total.amountMinor,
      facts,
      issuedAt: input.issuedAt,
    })
    .returning();
  return issued!;
}

/** A date as documents print it: 23 November 2026 (UTC, so every reader sees the same day). */
export function documentDate(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
