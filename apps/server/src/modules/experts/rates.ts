import type { RateCurrency } from '@sciwise/contracts';

/**
 * Reference exchange rates to USD as exact fractions, used only to filter and sort experts who
 * quote in different currencies. Nobody is charged at these rates: quotes and payments keep the
 * expert's own currency.
 */
const toUsd: Record<RateCurrency, { num: number; den: number }> = {
  USD: { num: 1, den: 1 },
  EUR: { num: 108, den: 100 },
  GBP: { num: 127, den: 100 },
};

/** An amount in minor units converted to US cents, rounded half up; integers only. */
export function usdMinor(amountMinor: number, currency: RateCurrency): number {
  const { num, den } = toUsd[currency];
  return Math.floor((amountMinor * num * 2 + den) / (2 * den));
}
