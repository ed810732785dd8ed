import { describe, expect, it } from 'vitest';
import {
  describeCallTime,
  durationLabel,
  formatCallSpan,
  offererClock,
  timeZoneOptions,
  wallClockIn,
} from './format.ts';

const START = '2026-03-03T15:00:00.000Z';
const THIS_YEAR = new Date('2026-02-01T00:00:00.000Z');

describe('a call’s time', () => {
  it('reads in the viewer’s zone, named, then on the offerer’s clock when it differs', () => {
    expect(describeCallTime(START, 30, 'Europe/London', 'America/New_York', THIS_YEAR)).toBe(
      'Tue 3 Mar, 15:00–15:30 (GMT) · 10:00 in America/New_York',
    );
    expect(describeCallTime(START, 60, 'America/New_York', 'Europe/London', THIS_YEAR)).toBe(
      'Tue 3 Mar, 10:00–11:00 (GMT-5) · 15:00 in Europe/London',
    );
    // Summer time: the zone's name follows the date.
    expect(formatCallSpan('2026-07-03T15:00:00.000Z', 45, 'Europe/Berlin', THIS_YEAR)).toBe(
      'Fri 3 Jul, 17:00–17:45 (CEST)',
    );
  });

  it('leaves the offerer’s clock out when it reads the same, and names their day when it differs', () => {
    expect(offererClock(START, 'Europe/London', 'Europe/London')).toBeNull();
    // Another zone with the same offset that day reads the same: nothing to add.
    expect(offererClock(START, 'Europe/London', 'UTC')).toBeNull();
    expect(offererClock(START, 'Europe/London', null)).toBeNull();
    expect(offererClock(START, 'Europe/London', 'Asia/Tokyo')).toBe('Wed 4 Mar, 00:00 in Asia/Tokyo');
  });

  it('shows the year only when it is not this year’s, and the end’s day when the call runs past midnight', () => {
    expect(formatCallSpan(START, 30, 'Europe/London', new Date('2025-12-01T00:00:00.000Z'))).toBe(
      'Tue 3 Mar 2026, 15:00–15:30 (GMT)',
    );
    expect(formatCallSpan('2026-03-03T23:45:00.000Z', 30, 'Europe/London', THIS_YEAR)).toBe(
      'Tue 3 Mar, 23:45–Wed 4 Mar, 00:15 (GMT)',
    );
  });
});

describe('the date-time inputs’ limits', () => {
  it('are wall-clock times in the zone chosen, clock changes included', () => {
    // London moves to summer time at 01:00 UTC on 29 March 2026.
    expect(wallClockIn(new Date('2026-03-29T00:30:00.000Z'), 'Europe/London')).toBe('2026-03-29T00:30');
    expect(wallClockIn(new Date('2026-03-29T01:30:00.000Z'), 'Europe/London')).toBe('2026-03-29T02:30');
    expect(wallClockIn(new Date('2026-03-29T04:00:00.000Z'), 'America/New_York')).toBe('2026-03-29T00:00');
  });
});

describe('the time zone list', () => {
  it('always holds the zone asked for and UTC, once each, in order', () => {
    const zones = timeZoneOptions('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones).toContain('Europe/London');
    expect(zones).toEqual([...zones].sort());
  });
});

describe('a call’s length', () => {
  it('reads in hours and minutes', () => {
    expect([15, 60, 90, 120].map(durationLabel)).toEqual([
      '15 minutes',
      '1 hour',
      '1 hour 30 minutes',
      '2 hours',
    ]);
  });
});
