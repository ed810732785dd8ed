import type { Availability, RateCurrency } from '@sciwise/contracts/constants';
import { countryNames } from './countries.ts';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units (cents, pence) as local currency text, e.g. "$85" or "€92.50". */
export function formatMoney(amountMinor: number, currency: RateCurrency | string): string {
  const whole = amountMinor % 100 === 0;
  const key = `${currency}-${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amountMinor / 100);
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The country's English name from a fixed table, so Node and every browser agree. */
export function countryName(code: string): string {
  return countryNames[code] ?? code;
}

export function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country the API accepts, by English name, in alphabetical order. */
export const countryOptions = Object.entries(countryNames).map(([code, name]) => ({ code, name }));

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

export const commonLanguages = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'sv',
  'pl',
  'zh',
  'ja',
  'hi',
  'ar',
  'ru',
];
