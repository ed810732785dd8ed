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
  /** Sciwise, which sends every invitation, update and cancellation: calendars apply the organizer's. */
  organizer: InvitedPerson;
  /** The one person this copy is for: neither learns the other's address from it. */
  attendee: InvitedPerson;
  /** Who the call is with, for the title. */
  withName: string;
}

/** The event's UID: the same for every update and the cancellation, so calendars replace it. */
export const callUid = (callId: string) => `${callId}@sciwise`;

/** A double quote ends a quoted CN parameter (RFC 5545 3.2): names keep an apostrophe instead. */
const paramSafe = (name: string) => name.replace(/"/g, "'");

/** VTIMEZONE from the IANA database, so calendars need not guess what the TZID means. */
function vtimezone(name: string): string | null {
  const block = tzlib_get_ical_block(name);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

/**
 * An iCalendar invitation (METHOD:REQUEST, for the first confirmation and every change) or
 * cancellation (METHOD:CANCEL) of a confirmed call, as RFC 5546 asks: one UID for the call and
 * a SEQUENCE that grows with each change, so a calendar updates or removes the event it holds.
 * Each person gets a copy naming only them, organised by Sciwise.
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
    summary: `${call.topic} (Sciwise call with ${call.withName})`,
    description: [
      call.agenda,
      '',
      `Join: ${call.meetingUrl}`,
      `Reschedule, cancel or add notes: ${callsPageUrl}`,
    ].join('\n'),
    location: call.meetingUrl,
    url: call.meetingUrl,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: paramSafe(call.organizer.name), email: call.organizer.email },
    attendees: [
      {
        name: paramSafe(call.attendee.name),
        email: call.attendee.email,
        role: ICalAttendeeRole.REQ,
        // Both people chose the time (one offered it, the other picked it): each has said yes.
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return { method, content: calendar.toString() };
}
