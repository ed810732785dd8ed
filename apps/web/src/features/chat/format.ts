import { onFirstUse } from '../../lib/on-first-use.ts';

const timeOnly = onFirstUse(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const dayOnly = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const full = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

function sameDay(a: Date, b: Date): boolean {
  return a.toDateString() === b.toDateString();
}

/** "3:05 PM" today, "Nov 20" before. */
export function formatListTime(iso: string): string {
  const date = new Date(iso);
  return sameDay(date, new Date()) ? timeOnly().format(date) : dayOnly().format(date);
}

export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  return sameDay(date, new Date()) ? timeOnly().format(date) : full().format(date);
}
