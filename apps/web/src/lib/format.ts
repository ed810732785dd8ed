import type { Milestone } from '@sciwise/contracts';
import type { RateCurrency } from '@sciwise/contracts/constants';

type Money = Milestone['amount'];

/* Formatting shared by every feature: money, dates and typed amounts, as people read them. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

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

/** A charge, a refund or a payout: always with its cents ("$1,050.00"). */
export const money = (value: Money) => formatMoney(value.amountMinor, value.currency, { cents: true });
/** A price as the rest of the app shows it ("$1,000"). */
export const price = (value: Money) => formatMoney(value.amountMinor, value.currency);

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
export function formatDate(value: string | null): string {
  if (!value) return '';
  const date = value.length === 10 ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
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
