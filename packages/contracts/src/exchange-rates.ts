import type { RateCurrency } from './constants.ts';

/**
 * Reference exchange rates to US dollars, used only to filter and sort experts (and compare
 * budgets) across currencies and to show "≈ $X" beside an expert's own rate. Nobody is charged at
 * these rates: quotes, escrow and payouts keep the expert's own currency.
 *
 * Source: hand-set reference values (two decimals), not a market feed. `asOf` is the day they were
 * last reviewed. To change them, edit this table and `asOf`; the server recomputes every stored
 * converted amount when it starts (refreshConvertedRates), so filters and sorts follow at once.
 * Rates are exact fractions (USD cents per 100 minor units) so no float ever touches money.
 */
export const exchangeRates = {
  asOf: '2026-11-23',
  toUsd: {
    USD: { num: 100, den: 100 },
    EUR: { num: 108, den: 100 },
    GBP: { num: 127, den: 100 },
  } satisfies Record<RateCurrency, { num: number; den: number }>,
} as const;

/**
 * The one conversion rule: an amount in minor units (cents, pence) converted to US cents at the
 * reference rate, rounded half up. Integers only. The SQL twin (convertedRateSql on the server)
 * builds its expression from the same table and the same rule.
 */
export function usdMinor(amountMinor: number, currency: RateCurrency): number {
  const { num, den } = exchangeRates.toUsd[currency];
  return Math.floor((amountMinor * num * 2 + den) / (2 * den));
}
