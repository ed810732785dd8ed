import { countryCodes, type Availability, type RateCurrency } from '@sciwise/contracts/constants';
import { formatMoney } from '../../lib/format.ts';

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
  const number = total.count.toLocaleString('en');
  const noun = total.count === 1 && total.relation === 'exactly' ? 'expert' : 'experts';
  if (total.relation === 'about') return `About ${number} ${noun}`;
  if (total.relation === 'more_than') return `More than ${number} ${noun}`;
  return `${number} ${noun}`;
}

/*
 * Country names come from the browser's own region data, which differs from Node's (and between
 * browsers): they are never part of prerendered markup, only of what renders after hydration.
 * A fixed table of 249 names would cost the directory ~2 KB of its 100 KB first-load budget.
 */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let options: { code: string; name: string }[] | undefined;

/** Every country the API accepts, by English name (built on first use, not at load). */
export function countryOptions(): { code: string; name: string }[] {
  options ??= countryCodes
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return options;
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
