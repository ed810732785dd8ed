import { describe, expect, it } from 'vitest';
import { decimalAmount } from './billing.ts';
import { exchangeRates, usdMinor } from './exchange-rates.ts';
import { feeMinor, formatAmount, formatFeeRate } from './escrow.ts';

describe('fees, shared by the server that charges them and the pages that show them', () => {
  it('take basis points of the amount, rounded half up to a whole cent', () => {
    expect(feeMinor(100_000, 500)).toBe(5_000);
    expect(feeMinor(100_000, 1_000)).toBe(10_000);
    expect(feeMinor(10, 500)).toBe(1); // 0.5 cents rounds up
    expect(feeMinor(9, 500)).toBe(0); // 0.45 cents rounds down
    expect(feeMinor(12_345, 0)).toBe(0);
    expect(feeMinor(12_345, 10_000)).toBe(12_345);
  });

  it('read as percentages people know', () => {
    expect(formatFeeRate(500)).toBe('5%');
    expect(formatFeeRate(250)).toBe('2.5%');
    expect(formatFeeRate(333)).toBe('3.33%');
    expect(formatFeeRate(0)).toBe('0%');
  });
});

describe('money formatting', () => {
  it('shows amounts as a receipt does: symbol, thousands, always two decimals', () => {
    expect(formatAmount(105_000, 'USD')).toBe('$1,050.00');
    expect(formatAmount(5, 'EUR')).toBe('€0.05');
    expect(formatAmount(100_000_000, 'GBP')).toBe('£1,000,000.00');
    expect(formatAmount(-2_550, 'USD')).toBe('−$25.50');
  });

  it('writes plain decimals for exports, with integers only', () => {
    expect(decimalAmount(105_000)).toBe('1050.00');
    expect(decimalAmount(7)).toBe('0.07');
    expect(decimalAmount(-1_001)).toBe('-10.01');
  });
});

describe('reference rates', () => {
  it('leave US cents as they are and convert the others to whole US cents', () => {
    expect(usdMinor(12_345, 'USD')).toBe(12_345);
    for (const currency of ['EUR', 'GBP'] as const) {
      const converted = usdMinor(10_000, currency);
      const { num, den } = exchangeRates.toUsd[currency];
      expect(Number.isInteger(converted)).toBe(true);
      expect(Math.abs(converted - (10_000 * num) / den)).toBeLessThanOrEqual(0.5);
    }
  });
});
