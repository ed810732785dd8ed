import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePayoutStatement } from '../../src/modules/documents/payout-statement.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { documentsOf, downloadText, institution } from './helpers.ts';
import { call, fund, moneyCall, put, submitWork } from '../support/requests.ts';
import { type Hired, hiredContract } from '../factories.ts';

/**
 * What a client and an expert find in their documents after money moves: each PDF opened with a
 * PDF parser and read for its amounts, its number and the billing entity it was issued to.
 */
let t: TestApp;
let hired: Hired;
beforeAll(async () => {
  t = await createTestApp();
  hired = await hiredContract(t.app);
  expect((await put(t.app, '/api/me/billing-entity', hired.client, institution)).statusCode).toBe(200);
  const po = await put(t.app, `/api/contracts/${hired.contract.id}/billing`, hired.client, {
    purchaseOrderNumber: 'PO-2026-0042',
  });
  expect(po.statusCode, po.body).toBe(200);
});
afterAll(() => t.close());

describe('funding a milestone', () => {
  it('gives the client a receipt with the fee on its own line and an invoice for the fee', async () => {
    const milestone = hired.contract.milestones[0]!;
    expect((await fund(t.app, hired.client, milestone.id)).statusCode).toBe(200);

    const documents = await documentsOf(t.app, hired.client, hired.contract.id);
    const receipt = documents.find((d) => d.kind === 'funding_receipt')!;
    const invoice = documents.find((d) => d.kind === 'fee_invoice')!;
    expect(receipt.number).toMatch(/^SW-R-\d{4}-\d{6}$/);
    expect(invoice.number).toMatch(/^SW-\d{4}-\d{6}$/);
    expect(receipt.total).toEqual({ amountMinor: 105_000, currency: 'USD' });
    expect(invoice.total).toEqual({ amountMinor: 5_000, currency: 'USD' });

    const { text, response } = await downloadText(t.app, hired.client, receipt);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent(receipt.number));
    expect(text).toContain(`No. ${receipt.number}`);
    expect(text).toMatch(/Milestone “Statistical analysis plan”, held in escrow \$1,000\.00/);
    expect(text).toMatch(/Marketplace fee \(5%\) \$50\.00/);
    expect(text).toMatch(/Total paid \$1,050\.00/);
    expect(text).toContain('Karolinska Institutet');
    expect(text).toContain('Nobels väg 6');
    expect(text).toContain('SE202100297301');
    expect(text).toMatch(/Purchase order PO-2026-0042/);
    expect(text).toMatch(/Cost centre CC-4410 Epidemiology/);
    expect(text).toMatch(/Paid with Visa ending 4242/);
    expect(text).toContain(`The marketplace fee is invoiced on ${invoice.number}.`);

    const invoiceText = (await downloadText(t.app, hired.client, invoice)).text;
    expect(invoiceText).toContain(`No. ${invoice.number}`);
    expect(invoiceText).toMatch(/Marketplace fee, 5% of \$1,000\.00/);
    expect(invoiceText).toMatch(/Total \$50\.00/);
    expect(invoiceText).toContain('Karolinska Institutet');
    expect(invoiceText).toMatch(/Purchase order PO-2026-0042/);
  });

  it('shows the expert none of the client’s documents, and answers a download of one with 404', async () => {
    const [receipt] = await documentsOf(t.app, hired.client, hired.contract.id);
    expect(await documentsOf(t.app, hired.expert, hired.contract.id)).toEqual([]);
    const response = await call(t.app, 'GET', receipt!.downloadUrl, hired.expert);
    expect(response.statusCode).toBe(404);
  });
});

describe('an issued document never changes', () => {
  it('prints the same billing entity after the client changes it; new documents print the new one', async () => {
    const before = await documentsOf(t.app, hired.client, hired.contract.id);
    const receipt = before.find((d) => d.kind === 'funding_receipt')!;
    const first = (await downloadText(t.app, hired.client, receipt)).text;

    await put(t.app, '/api/me/billing-entity', hired.client, {
      organisationName: 'Novo Research Foundation',
      address: 'Tuborg Havnevej 19\n2900 Hellerup\nDenmark',
      taxId: 'DK 10 58 29 58',
    });
    await put(t.app, `/api/contracts/${hired.contract.id}/billing`, hired.client, {
      purchaseOrderNumber: 'PO-NEW-7',
      costCentre: null,
    });
    const again = (await downloadText(t.app, hired.client, receipt)).text;
    expect(again).toBe(first);
    expect(again).toContain('Karolinska Institutet');
    expect(again).not.toContain('Novo Research Foundation');

    // The second milestone is funded after the change: its receipt prints the new details.
    expect((await fund(t.app, hired.client, hired.contract.milestones[1]!.id)).statusCode).toBe(200);
    const after = await documentsOf(t.app, hired.client, hired.contract.id);
    const newest = after.find((d) => d.kind === 'funding_receipt' && d.id !== receipt.id)!;
    const text = (await downloadText(t.app, hired.client, newest)).text;
    expect(text).toContain('Novo Research Foundation');
    expect(text).toContain('DK 10 58 29 58');
    expect(text).toMatch(/Purchase order PO-NEW-7/);
    expect(text).not.toContain('Cost centre');
    expect(text).toMatch(/Total paid \$525\.00/);
  });

  it('refuses UPDATE and DELETE of an issued document in the database itself', async () => {
    const [document] = await documentsOf(t.app, hired.client, hired.contract.id);
    await expect(
      t.app.db.execute(sql`update issued_documents set total_minor = 1 where id = ${document!.id}`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(sql`delete from issued_documents where id = ${document!.id}`),
    ).rejects.toThrow();
    expect(
      (await documentsOf(t.app, hired.client, hired.contract.id)).find((d) => d.id === document!.id),
    ).toEqual(document);
  });
});

describe('money leaving escrow', () => {
  it('invoices the expert for the service fee deducted on release', async () => {
    const milestone = hired.contract.milestones[0]!;
    expect((await submitWork(t.app, hired.expert, milestone.id)).statusCode).toBe(200);
    const approved = await moneyCall(t.app, `/api/milestones/${milestone.id}/approve`, hired.client, {
      metCriteria: [0, 1],
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const documents = await documentsOf(t.app, hired.expert);
    expect(documents).toHaveLength(1);
    const invoice = documents[0]!;
    expect(invoice).toMatchObject({ kind: 'fee_invoice', total: { amountMinor: 10_000, currency: 'USD' } });
    const { text } = await downloadText(t.app, hired.expert, invoice);
    expect(text).toContain(`No. ${invoice.number}`);
    expect(text).toMatch(
      /Service fee, 10% of \$1,000\.00 released for “Statistical analysis plan” \$100\.00/,
    );
    expect(text).toContain('you received $900.00');
    // Addressed to the expert: the client's institution is not on it.
    expect(text).not.toContain('Karolinska');
    // The client cannot read the expert's invoice.
    expect((await call(t.app, 'GET', invoice.downloadUrl, hired.client)).statusCode).toBe(404);
  });

  it('corrects the fee invoice with a credit note when a refund returns the fee', async () => {
    const milestone = hired.contract.milestones[1]!;
    const refunded = await moneyCall(t.app, `/api/milestones/${milestone.id}/refund`, hired.client, {
      reason: 'The report is no longer needed.',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const documents = await documentsOf(t.app, hired.client, hired.contract.id);
    const credit = documents.find((d) => d.kind === 'credit_note')!;
    const corrected = documents.find(
      (d) => d.kind === 'fee_invoice' && d.description.includes('Final report'),
    )!;
    expect(credit).toMatchObject({
      total: { amountMinor: -2_500, currency: 'USD' },
      corrects: corrected.number,
    });
    const { text } = await downloadText(t.app, hired.client, credit);
    expect(text).toMatch(/Total credited -\$25\.00/);
    expect(text).toMatch(new RegExp(`Corrects ${corrected.number}`));
    // The invoice it corrects is still there, unchanged.
    expect((await downloadText(t.app, hired.client, corrected)).text).toMatch(/Total \$25\.00/);
  });
});

describe('payout statements', () => {
  it('are issued from plain facts and read back by the expert', async () => {
    const issued = await t.app.db.transaction((tx) =>
      issuePayoutStatement(tx, {
        expertId: hired.expert.id,
        expertName: 'Erik Expert',
        amountMinor: 123_456,
        currency: 'EUR',
        requestedAt: new Date('2026-03-01T10:00:00Z'),
        paidAt: new Date('2026-03-03T10:00:00Z'),
        methodLast4: '6789',
        reference: 'po_sandbox_1',
      }),
    );
    expect(issued.number).toBe('SW-P-2026-000001');
    const statement = (await documentsOf(t.app, hired.expert)).find((d) => d.kind === 'payout_statement')!;
    const { text } = await downloadText(t.app, hired.expert, statement);
    expect(text).toContain('No. SW-P-2026-000001');
    expect(text).toContain('Erik Expert');
    expect(text).toMatch(/Total paid out €1,234\.56/);
    expect(text).toContain('bank account ending 6789');
    expect(text).toMatch(/Paid 3 March 2026/);
    expect((await call(t.app, 'GET', statement.downloadUrl, hired.client)).statusCode).toBe(404);
  });
});
