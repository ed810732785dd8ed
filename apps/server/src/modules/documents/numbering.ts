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

export function formatDocumentNumber(series: DocumentSeries, year: number, sequence: number): string {
  return `${prefixes[series]}-${year}-${String(sequence).padStart(6, '0')}`;
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

/**
 * takeNextNumber for several documents at once, in one statement: each (series, year) is bumped
 * by how many of the documents it numbers, always in the same order (so two transactions never
 * wait for each other's counters crosswise). Returns the numbers in the documents' order; within a
 * series they follow that order, as one takeNextNumber after another would.
 */
export async function takeNextNumbers(
  tx: Executor,
  documents: readonly { series: DocumentSeries; year: number }[],
): Promise<{ sequence: number; number: string }[]> {
  const counts = new Map<string, { series: DocumentSeries; year: number; count: number }>();
  for (const { series, year } of documents) {
    const key = `${series}/${year}`;
    const counter = counts.get(key) ?? { series, year, count: 0 };
    counter.count += 1;
    counts.set(key, counter);
  }
  const ordered = [...counts.values()].sort((a, b) =>
    a.series === b.series ? a.year - b.year : a.series < b.series ? -1 : 1,
  );
  const rows = await tx
    .insert(documentCounters)
    .values(ordered.map(({ series, year, count }) => ({ series, year, lastNumber: count })))
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + excluded.last_number` },
    })
    .returning({
      series: documentCounters.series,
      year: documentCounters.year,
      lastNumber: documentCounters.lastNumber,
    });
  // The first number each counter hands out here, then one after another in the documents' order.
  const next = new Map(
    rows.map((row) => [
      `${row.series}/${row.year}`,
      row.lastNumber - counts.get(`${row.series}/${row.year}`)!.count + 1,
    ]),
  );
  return documents.map(({ series, year }) => {
    const key = `${series}/${year}`;
    const sequence = next.get(key)!;
    next.set(key, sequence + 1);
    return { sequence, number: formatDocumentNumber(series, year, sequence) };
  });
}
