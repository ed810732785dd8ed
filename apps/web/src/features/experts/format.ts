import { countryCodes, type Availability, type RateCurrency } from '@sciwise/contracts';

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

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country the API accepts, by English name. */
export const countryOptions = countryCodes
  .map((code) => ({ code, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name));

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
