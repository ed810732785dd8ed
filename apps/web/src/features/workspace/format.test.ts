import { describe, expect, it } from 'vitest';
import { autoReleaseWords, money, percent, timeLeft } from './format.ts';

const now = Date.parse('2026-03-02T09:00:00Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the auto-release countdown', () => {
  it('counts whole days while more than a day and a half is left', () => {
    expect(timeLeft(inMs(14 * DAY - 60_000), now)).toBe('14 days');
    expect(timeLeft(inMs(13 * DAY + 2 * HOUR), now)).toBe('13 days');
    expect(timeLeft(inMs(2 * DAY), now)).toBe('2 days');
  });

  it('counts hours in the last day and a half, then "less than an hour", then nothing', () => {
    expect(timeLeft(inMs(36 * HOUR), now)).toBe('36 hours');
    expect(timeLeft(inMs(5 * HOUR - 60_000), now)).toBe('5 hours');
    expect(timeLeft(inMs(30 * 60_000), now)).toBe('less than an hour');
    expect(timeLeft(inMs(0), now)).toBeNull();
    expect(timeLeft(inMs(-DAY), now)).toBeNull();
  });

  it('tells each side what releases the money and what stops it', () => {
    const milestone = { autoReleaseAt: inMs(13 * DAY) };
    expect(autoReleaseWords(milestone, 'client', 'Dana Expert', now)).toBe(
      'Released automatically in 13 days unless you approve or ask for changes.',
    );
    expect(autoReleaseWords(milestone, 'expert', 'Dana Expert', now)).toBe(
      'Released to you automatically in 13 days unless the client asks for changes.',
    );
    expect(autoReleaseWords(milestone, 'admin', 'Dana Expert', now)).toBe(
      'Released to Dana Expert automatically in 13 days unless the client acts.',
    );
    expect(autoReleaseWords({ autoReleaseAt: inMs(-60_000) }, 'client', 'Dana Expert', now)).toBe(
      'Due for automatic release to Dana Expert now.',
    );
    expect(autoReleaseWords({ autoReleaseAt: null }, 'client', 'Dana Expert', now)).toBeNull();
  });
});

describe('money words', () => {
  it('states charges with their cents and fees as percentages', () => {
    expect(money({ amountMinor: 105_000, currency: 'USD' })).toBe('$1,050.00');
    expect(money({ amountMinor: 4_999, currency: 'EUR' })).toBe('€49.99');
    expect(percent(500)).toBe('5%');
    expect(percent(250)).toBe('2.5%');
    expect(percent(1000)).toBe('10%');
  });
});
