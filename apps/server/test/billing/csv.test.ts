import { buffer } from 'node:stream/consumers';
import { billingCsvColumns, movementLabel, type BillingMovement } from '@sciwise/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvRecord, csvWriter, neutralizeFormula } from '../../src/modules/billing/csv.ts';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' as const });
const movement = (overrides: Partial<BillingMovement> = {}): BillingMovement => ({
  id: '0b0c9a52-5d55-4a4e-9d1e-0a4f4f0e9c11',
  occurredAt: '2026-11-23T01:02:03.456Z',
  kind: 'fund',
  label: 'Milestone funded',
  side: 'client',
  contract: { id: 'c1', title: 'Survival analysis, phase "II"' },
  milestone: { id: 'm1', title: 'Plan, "version 2"\nwith the appendix' },
  amount: usd(-105_000),
  fee: usd(-5_000),
  inTransit: null,
  balanceAfter: null,
  ...overrides,
});

async function roundTrip(records: string[][]): Promise<string[][]> {
  const writer = csvWriter();
  for (const record of records) writer.write(record);
  writer.end();
  const bytes = await buffer(writer);
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(bytes, { bom: true }) as string[][];
}

describe('the billing CSV', () => {
  it('reads back exactly what was written: commas, quotes and line breaks survive', async () => {
    const records = [
      csvRecord(movement()),
      csvRecord(
        movement({
          kind: 'release',
          side: 'expert',
          amount: usd(90_005),
          fee: usd(-10_001),
          balanceAfter: usd(7),
        }),
      ),
      csvRecord(movement({ contract: null, milestone: null, amount: usd(-1), fee: null })),
    ];
    expect(await roundTrip(records)).toEqual([[...billingCsvColumns], ...records]);
    expect(records[0]!.slice(3, 8)).toEqual([
      'Survival analysis, phase "II"',
      'Plan, "version 2"\nwith the appendix',
      'USD',
      '-1050.00',
      '-50.00',
    ]);
    expect(records[1]!.slice(6, 10)).toEqual(['900.05', '-100.01', '', '0.07']);
    expect(records[2]!.slice(3, 8)).toEqual(['', '', 'USD', '-0.01', '']);
  });

  it('writes a title that a spreadsheet would run as a formula as text', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=1', '\r=1'])
      expect(neutralizeFormula(formula)).toBe(`'${formula}`);
    expect(neutralizeFormula('Plan = outline')).toBe('Plan = outline');
    const record = csvRecord(movement({ contract: { id: 'c', title: '=HYPERLINK("http://x")' } }));
    expect(record[3]).toBe('\'=HYPERLINK("http://x")');
    // Amounts are ours, plain decimals, and stay numbers.
    expect(record[6]).toBe('-1050.00');
  });

  it('names a movement of a kind added later in words rather than its machine name', () => {
    expect(movementLabel('payout_requested', 'expert')).toBe('Payout requested');
    expect(movementLabel('payout-failed', 'expert')).toBe('Payout failed');
    expect(movementLabel('refund', 'client')).toBe('Refund');
    expect(movementLabel('', 'client')).toBe('Movement');
  });
});
