/**
 * A whole number as English writes it: 1234567 → "1,234,567". Without Intl, whose first use on a
 * page blocks the main thread (lib/format.ts); in a module of its own, so a page that only counts
 * loads nothing more.
 */
export function groupDigits(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  return (value < 0 ? '-' : '') + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
