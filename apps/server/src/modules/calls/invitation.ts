import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { CalendarPart } from '../../lib/mailer.ts';

export interface InvitedPerson {
  name: string;
  email: string;
}

export interface InvitationCall {
  id: string;
  topic: string;
  agenda: string;
  startsAt: Date;
  durationMinutes: number;
  /** The zone the time was offered in: calendars show the event in it and convert it for others. */
  timeZone: string;
  meetingUrl: string;
  sequence: number;
  organizer: InvitedPerson;
  attendee: InvitedPerson;
}

/** The event's UID: the same for every update and the cancellation, so calendars replace it. */
export const callUid = (callId: string) => `${callId}@sciwise`;

/** VTIMEZONE from the IANA database, so calendars need not guess what the TZID means. */
function vtimezone(name: string): string | null {
  const block = tzlib_get_ical_block(name);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

/**
 * An iCalendar invitation (METHOD:REQUEST, for the first confirmation and every change) or
 * cancellation (METHOD:CANCEL) of a confirmed call, as RFC 5546 asks: one UID for the call and
 * a SEQUENCE that grows with each change, so a calendar updates or removes the event it holds.
 */
export function callInvitation(
  call: InvitationCall,
  method: CalendarPart['method'],
  { stamp, callsPageUrl }: { stamp: Date; callsPageUrl: string },
): CalendarPart {
  const calendar = ical({
    prodId: { company: 'Sciwise', product: 'Scheduled calls', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const zoned = vtimezone(call.timeZone) !== null;
  // No calendar-wide zone: with one, ical-generator writes DTSTAMP in local time, which must be UTC.
  if (zoned) calendar.timezone({ name: null, generator: vtimezone });
  const start = DateTime.fromJSDate(call.startsAt, { zone: zoned ? call.timeZone : 'UTC' });
  calendar.createEvent({
    id: callUid(call.id),
    sequence: call.sequence,
    stamp,
    start,
    end: start.plus({ minutes: call.durationMinutes }),
    ...(zoned && { timezone: call.timeZone }),
    summary: `${call.topic} (Sciwise call)`,
    description: [
      call.agenda,
      '',
      `Join: ${call.meetingUrl}`,
      `Reschedule, cancel or add notes: ${callsPageUrl}`,
    ].join('\n'),
    location: call.meetingUrl,
    url: call.meetingUrl,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: call.organizer.name, email: call.organizer.email },
    attendees: [
      {
        name: call.attendee.name,
        email: call.attendee.email,
        role: ICalAttendeeRole.REQ,
        // The attendee chose this time (or the organizer chose theirs): both have already said yes.
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return { method, content: calendar.toString() };
}
