import {
  BILLING_PAGE_SIZE,
  billingCsvColumns,
  type BillingMovement,
  type BillingSummary,
} from '@sciwise/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecord } from '../../src/modules/billing/csv.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { allPages, recordEarning } from './helpers.ts';
import { call, cardToken, fund, moneyCall, submitWork } from '../support/requests.ts';
import { anotherContract, criteriaQuote, type Hired, hiredContract } from '../factories.ts';

let t: TestApp;
/** Milestone one funded, delivered and approved with a bonus; milestone two funded and refunded. */
let hired: Hired;
beforeAll(async () => {
  t = await createTestApp();
  hired = await hiredContract(
    t.app,
    criteriaQuote({
      milestones: [
        { title: '=SUM(A1:A9), the "plan"', amountMinor: 100_000, criteria: [] },
        { title: 'Final report', amountMinor: 50_000, criteria: [] },
      ],
    }),
  );
  const { client, expert, contract } = hired;
  const [first, second] = contract.milestones;
  expect((await fund(t.app, client, first!.id)).statusCode).toBe(200);
  expect((await fund(t.app, client, second!.id)).statusCode).toBe(200);
  expect((await submitWork(t.app, expert, first!.id)).statusCode).toBe(200);
  const approved = await moneyCall(t.app, `/api/milestones/${first!.id}/approve`, client, {
    bonusMinor: 10_000,
    paymentToken: await cardToken(t.app, client),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const refunded = await moneyCall(t.app, `/api/milestones/${second!.id}/refund`, client, {
    reason: 'The report is no longer needed.',
  });
  expect(refunded.statusCode, refunded.body).toBe(200);
  // A hired, funded and settled contract: a dozen requests, slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });
const brief = (m: BillingMovement) => ({
  kind: m.kind,
  side: m.side,
  milestone: m.milestone?.title,
  amount: m.amount.amountMinor,
  fee: m.fee?.amountMinor ?? null,
  balanceAfter: m.balanceAfter?.amountMinor ?? null,
});

describe('a person’s billing movements', () => {
  it('shows the client what they paid and got back, fees included, newest first', async () => {
    const { movements } = await allPages(t.app, hired.client);
    expect(movements.map(brief)).toEqual([
      {
        kind: 'refund',
        side: 'client',
        milestone: 'Final report',
        amount: 52_500,
        fee: 2_500,
        balanceAfter: null,
      },
      expect.objectContaining({ kind: 'bonus', amount: -10_500, fee: -500 }),
      {
        kind: 'fund',
        side: 'client',
        milestone: 'Final report',
        amount: -52_500,
        fee: -2_500,
        balanceAfter: null,
      },
      {
        kind: 'fund',
        side: 'client',
        milestone: '=SUM(A1:A9), the "plan"',
        amount: -105_000,
        fee: -5_000,
        balanceAfter: null,
      },
    ]);
    expect(movements[0]).toMatchObject({
      label: 'Refund',
      contract: { id: hired.contract.id, title: hired.contract.title },
    });
    const summary = (await call(t.app, 'GET', '/api/billing/summary', hired.client)).json<BillingSummary>();
    expect(summary).toEqual({
      totals: [
        {
          currency: 'USD',
          count: 4,
          moneyInMinor: 52_500,
          moneyOutMinor: -168_000,
          feesMinor: -5_500,
          netMinor: -115_500,
        },
      ],
      available: [],
    });
  });

  it('shows the expert what they earned, fees deducted, with the available balance after each', async () => {
    const { movements } = await allPages(t.app, hired.expert);
    // The release and the bonus are one approval (one database transaction, one time).
    expect(movements.map(brief).sort((a, b) => a.amount - b.amount)).toEqual([
      expect.objectContaining({ kind: 'bonus', side: 'expert', amount: 9_000, fee: -1_000 }),
      expect.objectContaining({ kind: 'release', side: 'expert', amount: 90_000, fee: -10_000 }),
    ]);
    expect(movements.map((m) => m.balanceAfter)).toEqual([
      usd(99_000),
      usd(99_000 - movements[0]!.amount.amountMinor),
    ]);
    const summary = (await call(t.app, 'GET', '/api/billing/summary', hired.expert)).json<BillingSummary>();
    expect(summary.available).toEqual([usd(99_000)]);
    expect(summary.totals[0]).toMatchObject({ count: 2, moneyInMinor: 99_000, feesMinor: -11_000 });
  });

  it('shows nobody else any of it', async () => {
    const other = await hiredContract(t.app);
    for (const who of [other.client, other.expert]) {
      expect((await allPages(t.app, who)).movements).toEqual([]);
      const filtered = await call(
        t.app,
        'GET',
        `/api/billing/movements?contractId=${hired.contract.id}`,
        who,
      );
      expect(filtered.statusCode).toBe(404);
      expect(filtered.json()).toMatchObject({ message: 'We could not find that contract.' });
    }
  });

  it('filters by contract and by a range of days, and says plainly what is wrong with a filter', async () => {
    // The same client hires the same expert again: a second contract with its own funding.
    const second = await anotherContract(t.app, { client: hired.client, expert: hired.expert });
    expect((await fund(t.app, hired.client, second.milestones[0]!.id)).statusCode).toBe(200);
    expect((await allPages(t.app, hired.client, { contractId: second.id })).movements).toHaveLength(1);

    const onlyFirst = await allPages(t.app, hired.client, { contractId: hired.contract.id });
    expect(onlyFirst.movements).toHaveLength(4);
    expect(new Set(onlyFirst.movements.map((m) => m.contract?.id))).toEqual(new Set([hired.contract.id]));

    // The ledger stamps movements with the database's time; the range is read from them.
    const day = onlyFirst.movements[0]!.occurredAt.slice(0, 10);
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await allPages(t.app, hired.client, { from: day, to: day })).movements).toHaveLength(5);
    expect(
      (await allPages(t.app, hired.client, { from: day, to: day, contractId: second.id })).movements,
    ).toHaveLength(1);
    expect((await allPages(t.app, hired.client, { to: dayBefore })).movements).toEqual([]);
    expect((await allPages(t.app, hired.client, { from: '2999-01-01' })).movements).toEqual([]);

    const refusals: Array<[string, string]> = [
      [`from=${day}&to=${dayBefore}`, 'The “from” date must be on or before the “to” date.'],
      ['from=2026-02-30', 'The “from” date is not a real date.'],
      ['to=yesterday', 'The “to” date must be a date such as 2026-01-31.'],
      ['contractId=42', 'That id is not valid.'],
      ['cursor=bm90IGEgY3Vyc29y', 'That page link is not valid; start again from the first page.'],
      ['page=2', ''],
    ];
    for (const [query, message] of refusals) {
      for (const path of ['/api/billing/movements', '/api/billing/summary', '/api/billing/movements.csv']) {
        if (query.startsWith('cursor') && path !== '/api/billing/movements') continue;
        const response = await call(t.app, 'GET', `${path}?${query}`, hired.client);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        if (message) expect(response.json<{ message: string }>().message).toContain(message);
      }
    }
  });

  it('pages through hundreds of movements with the running balance right on every page', async () => {
    const { expert, contract } = await hiredContract(t.app);
    const other = await hiredContract(t.app);
    const milestoneId = contract.milestones[0]!.id;
    const written: number[] = [];
    for (let n = 0; n < 2 * BILLING_PAGE_SIZE + 7; n++) {
      const netMinor = 1_000 + ((n * 7919) % 5_000);
      written.push(netMinor);
      await recordEarning(t.app.db, {
        contractId: contract.id,
        milestoneId,
        expertId: expert.id,
        netMinor,
        feeMinor: 100,
      });
      // Someone else's earnings in between, which must neither show nor count.
      if (n % 10 === 0)
        await recordEarning(t.app.db, {
          contractId: other.contract.id,
          milestoneId: other.contract.milestones[0]!.id,
          expertId: other.expert.id,
          netMinor: 777,
          feeMinor: 0,
        });
    }
    const { pages, movements } = await allPages(t.app, expert);
    expect(pages.map((page) => page.length)).toEqual([BILLING_PAGE_SIZE, BILLING_PAGE_SIZE, 7]);
    expect(movements.map((m) => m.amount.amountMinor)).toEqual([...written].reverse());
    let balance = 0;
    for (const movement of [...movements].reverse()) {
      balance += movement.amount.amountMinor;
      expect(movement.balanceAfter).toEqual(usd(balance));
    }
    expect(new Set(movements.map((m) => m.id)).size).toBe(movements.length);
  });

  it('keeps the whole account’s running balance when a filter hides movements in between', async () => {
    const { client, expert, contract } = await hiredContract(t.app);
    const contracts = [contract, await anotherContract(t.app, { client, expert })] as const;
    for (let n = 0; n < 60; n++) {
      const on = contracts[n % 3 === 0 ? 1 : 0];
      await recordEarning(t.app.db, {
        contractId: on.id,
        milestoneId: on.milestones[0]!.id,
        expertId: expert.id,
        netMinor: 100 + n,
        feeMinor: 10,
      });
    }
    const all = new Map((await allPages(t.app, expert)).movements.map((m) => [m.id, m.balanceAfter]));
    const filtered = await allPages(t.app, expert, { contractId: contract.id });
    expect(filtered.pages.length).toBe(1);
    expect(filtered.movements).toHaveLength(40);
    for (const movement of filtered.movements) expect(movement.balanceAfter).toEqual(all.get(movement.id));
  });
});

describe('the CSV download', () => {
  it('is the same movements as the page, and a spreadsheet reads them back as written', async () => {
    const response = await call(
      t.app,
      'GET',
      `/api/billing/movements.csv?contractId=${hired.contract.id}`,
      hired.client,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="sciwise-billing-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const records = parse(response.rawPayload, { bom: true }) as string[][];
    const { movements } = await allPages(t.app, hired.client, { contractId: hired.contract.id });
    expect(records).toEqual([[...billingCsvColumns], ...movements.map(csvRecord)]);
    const fundedFirst = records.at(-1)!;
    // Amounts are decimals of the currency, a formula in a title is text.
    expect(fundedFirst.slice(3, 8)).toEqual([
      hired.contract.title,
      '\'=SUM(A1:A9), the "plan"',
      'USD',
      '-1050.00',
      '-50.00',
    ]);
  });

  it('carries the expert’s running balance, and nobody’s CSV shows another’s movements', async () => {
    const expertCsv = await call(t.app, 'GET', '/api/billing/movements.csv', hired.expert);
    const records = parse(expertCsv.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.available_balance)).toEqual([
      '990.00',
      expect.stringMatching(/^(900|90)\.00$/),
    ]);
    const stranger = await hiredContract(t.app);
    const strangerCsv = await call(t.app, 'GET', '/api/billing/movements.csv', stranger.client);
    expect(parse(strangerCsv.rawPayload, { bom: true })).toEqual([[...billingCsvColumns]]);
  });
});
