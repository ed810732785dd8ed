import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuedDocuments, notifications } from '../../src/db/schema/index.ts';
import type { DocumentFacts } from '../../src/modules/documents/facts.ts';
import { issueDocument, type DocumentToIssue } from '../../src/modules/documents/issue.ts';
import { MoneyWrites } from '../../src/modules/payments/money-writes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { type SignedInUser, signedInUser } from '../factories.ts';

/**
 * Invoice numbers run 1, 2, 3... per series and year without a gap, even when many documents are
 * issued at once (on PostgreSQL, several connections really race) and when an issuing rolls back.
 */
let t: TestApp;
let person: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await signedInUser(t.app);
});
afterAll(() => t.close());

const invoice = (issuedAt: Date, amountMinor = 1_000): DocumentToIssue => ({
  kind: 'fee_invoice',
  recipientId: person.id,
  currency: 'USD',
  issuedAt,
  facts: {
    title: 'Invoice',
    summary: 'Marketplace fee',
    issuer: { name: 'Sciwise', lines: [] },
    recipientLabel: 'Bill to',
    recipient: { name: 'Test person', lines: [] },
    references: [],
    lines: [{ description: 'Marketplace fee', amountMinor }],
    total: { label: 'Total', amountMinor },
    notes: [],
  },
});

async function sequencesOf(year: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ sequence: issuedDocuments.sequence, number: issuedDocuments.number })
    .from(issuedDocuments)
    .where(eq(issuedDocuments.year, year))
    .orderBy(asc(issuedDocuments.sequence));
  for (const row of rows) expect(row.number).toBe(`SW-${year}-${String(row.sequence).padStart(6, '0')}`);
  return rows.map((row) => row.sequence);
}

describe('invoice numbers', () => {
  it('are 1..30 without a gap or a duplicate when 30 are issued at once', async () => {
    const at = new Date('2031-05-01T12:00:00Z');
    const issued = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        t.app.db.transaction((tx) => issueDocument(tx, invoice(at, n + 1))),
      ),
    );
    const numbers = issued.map((d) => d.sequence).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, n) => n + 1));
    expect(await sequencesOf(2031)).toEqual(numbers);
  });

  it('give a rolled-back number to the next document, so no gap opens', async () => {
    const at = new Date('2032-01-10T00:00:00Z');
    await t.app.db.transaction((tx) => issueDocument(tx, invoice(at)));
    await expect(
      t.app.db.transaction(async (tx) => {
        await issueDocument(tx, invoice(at));
        throw new Error('the payment rolled back');
      }),
    ).rejects.toThrow('the payment rolled back');
    const next = await t.app.db.transaction((tx) => issueDocument(tx, invoice(at)));
    expect(next.number).toBe('SW-2032-000002');
    expect(await sequencesOf(2032)).toEqual([1, 2]);
  });

  it('queued by a money transition, follow in the order queued, and a receipt prints its invoice’s real number', async () => {
    const at = new Date('2035-03-01T00:00:00Z');
    await t.app.db.transaction((tx) => issueDocument(tx, invoice(at)));
    await t.app.db.transaction(async (tx) => {
      const writes = new MoneyWrites(tx);
      const fee = await issueDocument(writes, invoice(at, 50));
      const base = invoice(at, 1_050);
      await issueDocument(writes, {
        ...base,
        kind: 'funding_receipt',
        facts: { ...base.facts, notes: [`The marketplace fee is invoiced on ${fee.number}.`] },
      });
      await issueDocument(writes, invoice(at, 70));
      await writes.flush();
    });
    const rows = await t.app.db
      .select({
        number: issuedDocuments.number,
        total: issuedDocuments.totalMinor,
        facts: issuedDocuments.facts,
      })
      .from(issuedDocuments)
      .where(eq(issuedDocuments.year, 2035))
      .orderBy(asc(issuedDocuments.number));
    const facts = rows.map((row) => row.facts as DocumentFacts);
    expect(rows.map((row, i) => [row.number, row.total, facts[i]!.number])).toEqual([
      ['SW-2035-000001', 1_000, 'SW-2035-000001'],
      ['SW-2035-000002', 50, 'SW-2035-000002'],
      ['SW-2035-000003', 70, 'SW-2035-000003'],
      ['SW-R-2035-000001', 1_050, 'SW-R-2035-000001'],
    ]);
    expect(facts[3]!.notes).toEqual(['The marketplace fee is invoiced on SW-2035-000002.']);
  });

  it('queued, are printed only by documents: a number anywhere else is refused before anything is written', async () => {
    // The documents are numbered after every other write of the transition (so their counter is
    // held for as short a time as possible): a notification printing a number would keep a token.
    const at = new Date('2036-02-01T00:00:00Z');
    const transition = t.app.db.transaction(async (tx) => {
      const writes = new MoneyWrites(tx);
      const fee = await issueDocument(writes, invoice(at));
      writes.insert(notifications, {
        userId: person.id,
        kind: 'milestone_funded',
        title: 'Milestone funded',
        body: `The fee is invoiced on ${fee.number}.`,
      });
      await writes.flush();
    });
    await expect(transition).rejects.toMatchObject({
      cause: { message: "only issued documents may print a queued document's number" },
    });
    expect(await sequencesOf(2036)).toEqual([]);
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told).toEqual([]);
  });

  it('start again at 1 each year (UTC) and keep each series apart', async () => {
    const lastOf2033 = await t.app.db.transaction((tx) =>
      issueDocument(tx, invoice(new Date('2033-12-31T23:59:59Z'))),
    );
    const firstOf2034 = await t.app.db.transaction((tx) =>
      issueDocument(tx, invoice(new Date('2034-01-01T00:00:00Z'))),
    );
    const receipt = await t.app.db.transaction((tx) =>
      issueDocument(tx, { ...invoice(new Date('2034-01-01T00:00:00Z')), kind: 'funding_receipt' }),
    );
    expect([lastOf2033.number, firstOf2034.number, receipt.number]).toEqual([
      'SW-2033-000001',
      'SW-2034-000001',
      'SW-R-2034-000001',
    ]);
  });
});
