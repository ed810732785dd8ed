import type { Availability, RateCurrency } from '@sciwise/contracts/constants';
import { groupDigits } from '../../lib/digits.ts';
import { formatMoney } from '../../lib/format.ts';
import { countryNames } from './country-names.ts';

export { formatMoney };

/**
 * The rate in US dollars beside a rate in another currency, e.g. "≈ $121": the amount the
 * directory filters and sorts by (reference rates, server-side). Null for a rate already in USD.
 */
export function usdEquivalent(
  rate: { currency: RateCurrency | string },
  rateUsdMinor: number,
): string | null {
  if (rate.currency === 'USD') return null;
  // Whole dollars: an approximation must not look more precise than it is.
  return `≈ ${formatMoney(Math.round(rateUsdMinor / 100) * 100, 'USD')}`;
}

/** "12 experts", "About 12,000 experts", "More than 1,000 experts". */
export function resultCountText(total: {
  count: number;
  relation: 'exactly' | 'about' | 'more_than';
}): string {
  const number = groupDigits(total.count);
  const noun = total.count === 1 && total.relation === 'exactly' ? 'expert' : 'experts';
  if (total.relation === 'about') return `About ${number} ${noun}`;
  if (total.relation === 'more_than') return `More than ${number} ${noun}`;
  return `${number} ${noun}`;
}

/** A country's English name (its code, for one the table does not know). */
export function countryName(code: string): string {
  return countryNames[code] ?? code;
}

/** Every country the API accepts, by English name. */
export function countryOptions(): { code: string; name: string }[] {
  return Object.entries(countryNames).map(([code, name]) => ({ code, name }));
}

export const availabilityLabels: Record<Availability, string> = {
  available: 'Available now',
  limited: 'Limited availability',
  unavailable: 'Not taking work',
};

/** "data-analysis" → "Data analysis". */
export function subjectNameFromSlug(slug: string): string {
  const words = slug.replace(/-+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
