import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { documentCounters, type documentSeries } from '../../db/schema/index.ts';

export type DocumentSeries = (typeof documentSeries.enumValues)[number];

/** How each series prints: invoices (and credit notes) SW-2026-000123, receipts SW-R-…, statements SW-P-…. */
const prefixes: Record<DocumentSeries, string> = {
  invoice: 'SW',
  receipt: 'SW-R',
  statement: 'SW-P',
};

/** A number is this prefix, then the sequence padded with zeros to at least this many digits. */
export function documentNumberFormat(series: DocumentSeries, year: number) {
  return { prefix: `${prefixes[series]}-${year}-`, digits: 6 };
}

export function formatDocumentNumber(series: DocumentSeries, year: number, sequence: number): string {
  const { prefix, digits } = documentNumberFormat(series, year);
  return `${prefix}${String(sequence).padStart(digits, '0')}`;
}

/**
 * The next number of a series in a year. The upsert takes the counter row's lock and keeps it
 * until the caller's transaction ends, so concurrent issuers queue here: each gets the number
 * after the last committed one, and a transaction that rolls back gives its number back. The
 * caller must insert the document in the same transaction (issue.ts does), or the number is
 * used up without a document: that is the one way to make a gap, and nothing else calls this.
 */
export async function takeNextNumber(
  tx: Executor,
  series: DocumentSeries,
  year: number,
): Promise<{ sequence: number; number: string }> {
  const [counter] = await tx
    .insert(documentCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ sequence: documentCounters.lastNumber });
  const sequence = counter!.sequence;
  return { sequence, number: formatDocumentNumber(series, year, sequence) };
}
