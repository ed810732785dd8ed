import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { offeredInstants } from '../../src/modules/calls/offered-times.ts';

/*
 * Times are offered as wall-clock times in the proposer's zone. In 2027 the United States move
 * their clocks forward on 14 March and back on 7 November; the United Kingdom forward on 28 March
 * and back on 31 October. Between 14 and 28 March New York is four hours behind London, not five.
 */
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a refusal');
};

describe('offered times across daylight-saving changes', () => {
  const winter = new Date('2027-02-01T12:00:00Z');

  it('reads each time in the offered zone, on either side of its clock change', () => {
    expect(offeredInstants(['2027-03-15T10:00', '2027-03-13T10:00'], 'America/New_York', winter)).toEqual(
      // Soonest first: 10:00 EST is 15:00 UTC; two days later 10:00 EDT is 14:00 UTC.
      [new Date('2027-03-13T15:00:00Z'), new Date('2027-03-15T14:00:00Z')],
    );
    expect(iso(offeredInstants(['2027-03-26T09:00', '2027-03-29T09:00'], 'Europe/London', winter))).toEqual([
      '2027-03-26T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
    ]);
  });

  it('refuses a time the clocks skip, naming it, instead of moving it', () => {
    expect(
      refusal(() => offeredInstants(['2027-03-14T02:30', '2027-03-15T10:00'], 'America/New_York', winter)),
    ).toBe(
      '14 Mar 2027, 02:30 does not exist in America/New_York: the clocks go forward then. Choose another time.',
    );
    expect(
      refusal(() => offeredInstants(['2027-03-28T01:30', '2027-03-29T10:00'], 'Europe/London', winter)),
    ).toMatch(/^28 Mar 2027, 01:30 does not exist in Europe\/London/);
  });

  it('takes the first of a time the clocks show twice', () => {
    const autumn = new Date('2027-10-01T12:00:00Z');
    expect(
      iso(offeredInstants(['2027-11-07T01:30', '2027-11-08T01:30'], 'America/New_York', autumn)),
    ).toEqual([
      '2027-11-07T05:30:00.000Z', // 01:30 EDT, before the clocks go back
      '2027-11-08T06:30:00.000Z',
    ]);
  });

  it('refuses times past, too soon, too far ahead, or that are no date, naming the field', () => {
    try {
      offeredInstants(['2027-02-03T12:00', '2027-01-31T09:00'], 'UTC', winter);
      throw new Error('expected a refusal');
    } catch (error) {
      expect((error as AppError).details).toEqual([
        { field: 'slots.1', message: '31 Jan 2027, 09:00 has already passed.' },
      ]);
    }
    expect(refusal(() => offeredInstants(['2027-02-01T12:30', '2027-02-03T12:00'], 'UTC', winter))).toBe(
      '1 Feb 2027, 12:30 is too soon: offer times at least 60 minutes from now.',
    );
    expect(refusal(() => offeredInstants(['2027-09-01T12:00', '2027-02-03T12:00'], 'UTC', winter))).toBe(
      '1 Sep 2027, 12:00 is too far ahead: offer times within 180 days.',
    );
    expect(refusal(() => offeredInstants(['2027-02-30T10:00', '2027-03-01T10:00'], 'UTC', winter))).toMatch(
      /is not a date and time we can read/,
    );
  });
});
