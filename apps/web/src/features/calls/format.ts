/*
 * A call's times as people read them, in their own time zone, with Intl alone (no date library):
 * the server sends instants (UTC), the person offering times types wall-clock times in a zone.
 */

/** The browser's own time zone ("Europe/London"); UTC where the runtime cannot say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the runtime knows, for a time zone select; `current` and UTC are always there. */
export function timeZoneOptions(current: string): string[] {
  // The runtime's list leaves out aliases such as UTC, which is what many machines report.
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', current]);
  return [...zones].sort();
}

/** A zone's name as a label: "America/New_York" reads "America/New York". */
export const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

const readers = new Map<string, Intl.DateTimeFormat>();
function reader(timeZone: string): Intl.DateTimeFormat {
  let format = readers.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      // h23: midnight reads 00:00, never 24:00.
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    readers.set(timeZone, format);
  }
  return format;
}

interface Clock {
  /** "Tue 3 Mar" */
  day: string;
  year: string;
  /** "15:00" */
  time: string;
  /** The zone's short name at that instant: "GMT", "BST", "GMT-5". */
  zoneName: string;
}

function clockIn(instant: Date, timeZone: string): Clock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of reader(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    day: `${parts.weekday} ${parts.day} ${parts.month}`,
    year: parts.year ?? '',
    time: `${parts.hour}:${parts.minute}`,
    zoneName: parts.timeZoneName ?? timeZone,
  };
}

/**
 * A call's slot in one zone, the zone named: "Tue 3 Mar, 15:00–15:30 (GMT)"; the year only when
 * it is not this year, the end's day only when the call runs past midnight.
 */
export function formatCallSpan(
  startsAt: string,
  durationMinutes: number,
  timeZone: string,
  now: Date = new Date(),
): string {
  const start = new Date(startsAt);
  const begins = clockIn(start, timeZone);
  const ends = clockIn(new Date(start.getTime() + durationMinutes * 60_000), timeZone);
  const year = begins.year === clockIn(now, timeZone).year ? '' : ` ${begins.year}`;
  const end = ends.day === begins.day ? ends.time : `${ends.day}, ${ends.time}`;
  return `${begins.day}${year}, ${begins.time}–${end} (${begins.zoneName})`;
}

/**
 * The same start on the offerer's clock, when it reads differently from the viewer's:
 * "10:00 in America/New_York", or with the day when that differs ("Wed 4 Mar, 00:30 in Asia/Tokyo").
 * Null when both clocks agree (the same zone, or zones with the same offset then).
 */
export function offererClock(
  startsAt: string,
  viewerZone: string,
  offererZone: string | null,
): string | null {
  if (!offererZone || offererZone === viewerZone) return null;
  const instant = new Date(startsAt);
  const theirs = clockIn(instant, offererZone);
  const ours = clockIn(instant, viewerZone);
  if (theirs.day === ours.day && theirs.time === ours.time) return null;
  const when = theirs.day === ours.day ? theirs.time : `${theirs.day}, ${theirs.time}`;
  return `${when} in ${offererZone}`;
}

/** "Tue 3 Mar, 15:00–15:30 (GMT) · 10:00 in America/New_York": the viewer's time, then the offerer's. */
export function describeCallTime(
  startsAt: string,
  durationMinutes: number,
  viewerZone: string,
  offererZone: string | null,
  now: Date = new Date(),
): string {
  const span = formatCallSpan(startsAt, durationMinutes, viewerZone, now);
  const theirs = offererClock(startsAt, viewerZone, offererZone);
  return theirs ? `${span} · ${theirs}` : span;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** An instant as a date-time input shows it in `timeZone`: "2026-03-29T14:30". */
export function wallClockIn(instant: Date, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** 30 -> "30 minutes", 60 -> "1 hour", 90 -> "1 hour 30 minutes". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 0 ? '' : hours === 1 ? '1 hour' : `${hours} hours`;
  const minuteText = rest === 0 ? '' : `${rest} minutes`;
  return [hourText, minuteText].filter(Boolean).join(' ');
}
