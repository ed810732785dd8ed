// npm run bench:documents: how long a document's PDF takes to draw and how much memory it costs,
//   per kind, and how long issuing one takes (the counter row's lock + the insert, in a
//   transaction) against a bare insert of the same row in the same run. A fresh embedded PGlite
//   in memory, or PostgreSQL when DATABASE_URL is set. Last line: one JSON object with the figures.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import type { DocumentFacts } from '../apps/server/src/modules/documents/facts.ts';
import { issueDocument, type DocumentToIssue } from '../apps/server/src/modules/documents/issue.ts';
import { renderDocumentPdf } from '../apps/server/src/modules/documents/render-pdf.ts';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 300);
const ISSUES = Number(process.env.BENCH_ISSUES ?? 300);

const issuer = { name: 'Sciwise', lines: ['Marketplace for scientists & industry experts'] };
const institution = {
  name: 'Karolinska Institutet',
  lines: ['Nobels väg 6', '171 77 Solna', 'Sweden', 'VAT / tax number: SE202100297301', 'Attn: Bench Client'],
};
const base = {
  version: 1 as const,
  number: 'SW-2026-000123',
  issuedAt: '2026-11-23T10:00:00.000Z',
  currency: 'USD' as const,
  issuer,
  recipient: institution,
  references: [
    { label: 'Contract', value: 'Survival analysis for a phase II trial' },
    { label: 'Milestone', value: 'Statistical analysis plan' },
    { label: 'Purchase order', value: 'PO-2026-0042' },
    { label: 'Cost centre', value: 'CC-4410 Epidemiology' },
  ],
  notes: ['Paid in full by card (Visa ending 4242) on 23 November 2026. Nothing is due.'],
};
const kinds: Record<string, DocumentFacts> = {
  receipt: {
    ...base,
    kind: 'funding_receipt',
    title: 'Receipt',
    summary: 'Payment',
    recipientLabel: 'Received from',
    lines: [
      { description: 'Milestone “Statistical analysis plan”, held in escrow', amountMinor: 100_000 },
      { description: 'Marketplace fee (5%)', amountMinor: 5_000 },
    ],
    total: { label: 'Total paid', amountMinor: 105_000 },
  },
  invoice: {
    ...base,
    kind: 'fee_invoice',
    title: 'Invoice',
    summary: 'Marketplace fee',
    recipientLabel: 'Bill to',
    lines: [{ description: 'Marketplace fee, 5% of $1,000.00', amountMinor: 5_000 }],
    total: { label: 'Total', amountMinor: 5_000 },
  },
  statement: {
    ...base,
    kind: 'payout_statement',
    title: 'Payout statement',
    summary: 'Payout',
    recipientLabel: 'Paid to',
    recipient: { name: 'Bench Expert', lines: [] },
    lines: [
      { description: 'Payout of your available balance to bank account ending 6789', amountMinor: 90_000 },
    ],
    total: { label: 'Total paid out', amountMinor: 90_000 },
  },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => Math.round(value * 100) / 100;
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function summarise(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: ms(percentile(sorted, 50)),
    p95: ms(percentile(sorted, 95)),
    mean: ms(times.reduce((a, b) => a + b, 0) / times.length),
  };
}

// ---- Rendering ---------------------------------------------------------------------------
const rendering: Record<string, unknown> = {};
for (const [name, facts] of Object.entries(kinds)) {
  for (let n = 0; n < 10; n++) await renderDocumentPdf(facts); // warm-up: fonts and code paths
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  const times: number[] = [];
  let bytes = 0;
  for (let n = 0; n < RENDERS; n++) {
    const started = performance.now();
    const pdf = await renderDocumentPdf(facts);
    times.push(performance.now() - started);
    bytes = pdf.length;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  // One render's own allocation, measured alone.
  global.gc?.();
  const aloneBefore = process.memoryUsage().heapUsed;
  await renderDocumentPdf(facts);
  const oneRenderHeapKiB = Math.round((process.memoryUsage().heapUsed - aloneBefore) / 1024);
  rendering[name] = {
    ...summarise(times),
    pdfBytes: bytes,
    oneRenderHeapKiB: global.gc ? oneRenderHeapKiB : 'run with --expose-gc',
    heapGrowthMiB: mib(process.memoryUsage().heapUsed - heapBefore),
    peakRssMiB: mib(peakRss),
  };
  console.log(`render ${name}: ${JSON.stringify(rendering[name])}`);
}

// ---- Issuing: the counter's lock + the insert, against a bare insert --------------------
const handle = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: null });
await applyMigrations(handle);
const [person] = (await handle.rawQuery(
  `insert into users (email, first_name, last_name) values ($1, 'Bench', 'Client') returning id`,
  [`bench-documents-${randomUUID().slice(0, 8)}@example.test`],
)) as { id: string }[];
const toIssue = (at: Date): DocumentToIssue => ({
  kind: 'fee_invoice',
  recipientId: person!.id,
  currency: 'USD',
  issuedAt: at,
  facts: {
    title: 'Invoice',
    summary: 'Marketplace fee',
    issuer,
    recipientLabel: 'Bill to',
    recipient: institution,
    references: base.references,
    lines: kinds.invoice!.lines,
    total: kinds.invoice!.total,
    notes: base.notes,
  },
});
const issueTimes: number[] = [];
const bareTimes: number[] = [];
const at = new Date('2026-11-23T10:00:00Z');
for (let n = 0; n < ISSUES; n++) {
  let started = performance.now();
  await handle.db.transaction((tx) => issueDocument(tx, toIssue(at)));
  issueTimes.push(performance.now() - started);
  // Baseline: the same row, numbered by the bench itself (no counter), in a transaction.
  started = performance.now();
  await handle.db.transaction(async (tx) => {
    const facts = { ...toIssue(at).facts, number: `B-${n}` };
    await tx.execute(
      // year 1999 is never used by the counter above, so the unique (series, year, sequence) holds.
      sql`insert into issued_documents
        (kind, series, year, sequence, number, recipient_id, currency, total_minor, facts, issued_at)
        values ('fee_invoice', 'invoice', 1999, ${n + 1}, ${`B-1999-${n}`}, ${person!.id}, 'USD', 5000, ${JSON.stringify(facts)}::jsonb, now())`,
    );
  });
  bareTimes.push(performance.now() - started);
}
await handle.close();

const issuing = { issue: summarise(issueTimes), bareInsert: summarise(bareTimes) };
console.log(`issue (counter + insert): ${JSON.stringify(issuing.issue)}`);
console.log(`bare insert (baseline):   ${JSON.stringify(issuing.bareInsert)}`);
console.log(
  JSON.stringify({
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    renders: RENDERS,
    issues: ISSUES,
    rendering,
    issuing,
  }),
);
