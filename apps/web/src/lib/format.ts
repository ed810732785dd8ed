import type { Milestone } from '@sciwise/contracts';
import type { RateCurrency } from '@sciwise/contracts/constants';
import { groupDigits } from './digits.ts';
import { onFirstUse } from './on-first-use.ts';

type Money = Milestone['amount'];

/* Formatting shared by every feature: money, dates and typed amounts, as people read them. */

/*
 * Counts and money in the rate currencies are written without Intl: the public pages show them
 * while loading, and a page's first use of the browser's locale data blocks the main thread for
 * 30–90 ms (docs/decisions/068-no-intl-while-a-page-loads.md). Their tests hold them to Intl's own
 * output. Dates and other currencies use Intl, made on first use.
 */

const currencySymbols: Record<RateCurrency, string> = { USD: '$', EUR: '€', GBP: '£' };
const isRateCurrency = (currency: string): currency is RateCurrency =>
  Object.hasOwn(currencySymbols, currency);

const otherMoneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in minor units (cents, pence) as local currency text, e.g. "$85" or "€92.50";
 * `cents` always shows them ("$85.00"), as a charge or a payout is stated.
 */
export function formatMoney(
  amountMinor: number,
  currency: RateCurrency | string,
  { cents = false }: { cents?: boolean } = {},
): string {
  const whole = !cents && amountMinor % 100 === 0;
  if (isRateCurrency(currency) && Number.isSafeInteger(amountMinor)) {
    const units = Math.abs(amountMinor);
    const fraction = whole ? '' : `.${String(units % 100).padStart(2, '0')}`;
    return `${amountMinor < 0 ? '-' : ''}${currencySymbols[currency]}${groupDigits(Math.floor(units / 100))}${fraction}`;
  }
  // Any other currency (an old record, a payout method's own) is rare enough to wake Intl for.
  const key = `${currency}-${whole}`;
  let format = otherMoneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    otherMoneyFormats.set(key, format);
  }
  return format.format(amountMinor / 100);
}

/** A charge, a refund or a payout: always with its cents ("$1,050.00"). */
export const money = (value: Money) => formatMoney(value.amountMinor, value.currency, { cents: true });
/** A price as the rest of the app shows it ("$1,000"). */
export const price = (value: Money) => formatMoney(value.amountMinor, value.currency);

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
export function formatDate(value: string | null): string {
  if (!value) return '';
  const date = value.length === 10 ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat().format(date);
}

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime().format(date);
}

/** Typed major units ("1,250.50") to integer minor units, or null when it isn't an amount. */
export function toMinor(text: string): number | null {
  const clean = text.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const fromMinor = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '' : (minor / 100).toFixed(minor % 100 === 0 ? 0 : 2);
