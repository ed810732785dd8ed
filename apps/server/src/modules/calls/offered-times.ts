import { CALL_MAX_DAYS_AHEAD, CALL_MIN_NOTICE_MINUTES } from '@sciwise/contracts';
import { DateTime } from 'luxon';
import { invalid } from '../../errors.ts';

const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";
const MINUTE_MS = 60_000;

/**
 * The instants of wall-clock times offered in a time zone, soonest first. A time the zone skips
 * (the hour the clocks go forward) is refused rather than moved, since the person meant a time
 * that does not exist; a time the zone has twice (the hour they go back) is its first occurrence.
 */
export function offeredInstants(slots: readonly string[], timeZone: string, now: Date): Date[] {
  const earliest = now.getTime() + CALL_MIN_NOTICE_MINUTES * MINUTE_MS;
  const latest = now.getTime() + CALL_MAX_DAYS_AHEAD * 24 * 60 * MINUTE_MS;
  const instants = slots.map((slot, index) => {
    // The refusal names the field, so the form shows it under the time it is about.
    const refuse = (message: string) => invalid(message, [{ field: `slots.${index}`, message }]);
    const local = DateTime.fromFormat(slot, WALL_CLOCK, { zone: timeZone });
    if (!local.isValid) throw refuse(`${describe(slot)} is not a date and time we can read.`);
    if (local.toFormat(WALL_CLOCK) !== slot)
      throw refuse(
        `${describe(slot)} does not exist in ${timeZone}: the clocks go forward then. Choose another time.`,
      );
    // Luxon settles an hour the clocks show twice on its second occurrence; people mean the first.
    const instant = new Date(Math.min(...local.getPossibleOffsets().map((option) => option.toMillis())));
    if (instant.getTime() <= now.getTime()) throw refuse(`${describe(slot)} has already passed.`);
    if (instant.getTime() < earliest)
      throw refuse(
        `${describe(slot)} is too soon: offer times at least ${CALL_MIN_NOTICE_MINUTES} minutes from now.`,
      );
    if (instant.getTime() > latest)
      throw refuse(`${describe(slot)} is too far ahead: offer times within ${CALL_MAX_DAYS_AHEAD} days.`);
    return instant;
  });
  return instants.sort((a, b) => a.getTime() - b.getTime());
}

/** "2026-03-29T02:30" as people write it: "29 Mar 2026, 02:30". */
function describe(slot: string): string {
  const parsed = DateTime.fromFormat(slot, WALL_CLOCK, { zone: 'UTC' });
  return parsed.isValid ? parsed.toFormat('d LLL yyyy, HH:mm') : slot;
}
