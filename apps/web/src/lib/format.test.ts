import { rateCurrencies } from '@sciwise/contracts/constants';
import { describe, expect, it } from 'vitest';
import { groupDigits } from './digits.ts';
import { formatMoney } from './format.ts';

// The formats below are written without Intl (lib/format.ts says why); Intl is what they must match.
const amounts = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1050, 99_999, 100_000, 123_456_789, 1_000_000_000_000];

describe('formats written without Intl', () => {
  it('groups digits as English does', () => {
    const english = new Intl.NumberFormat('en-US');
    for (const value of [...amounts, -1, -1234, -1_000_000])
      expect(groupDigits(value)).toBe(english.format(value));
  });

  it('writes every rate currency as Intl does, with and without cents', () => {
    for (const currency of rateCurrencies) {
      for (const amountMinor of [...amounts, -100, -12_345]) {
        const whole = amountMinor % 100 === 0;
        const intl = (minimumFractionDigits: number) =>
          new Intl.NumberFormat('en', {
            style: 'currency',
            currency,
            minimumFractionDigits,
            maximumFractionDigits: 2,
          }).format(amountMinor / 100);
        expect(formatMoney(amountMinor, currency)).toBe(intl(whole ? 0 : 2));
        expect(formatMoney(amountMinor, currency, { cents: true })).toBe(intl(2));
      }
    }
  });

  it('still writes another currency through Intl', () => {
    expect(formatMoney(12_345, 'JPY', { cents: true })).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'JPY', minimumFractionDigits: 2 }).format(
        123.45,
      ),
    );
  });
});
