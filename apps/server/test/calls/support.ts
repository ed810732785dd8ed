import type { Call, CallList, CallProposalRequest } from '@sciwise/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import nodeIcal from 'node-ical';
import { expect } from 'vitest';
import { devOutbox, notifications, users } from '../../src/db/schema/index.ts';
import type { SignedInUser } from '../factories.ts';
import { call } from '../support/requests.ts';

/** Wall-clock times in a zone, `days` from `now`, at the given hours: what a date-time input sends. */
export function wallClock(now: Date, zone: string, days: number, hour: number): string {
  return DateTime.fromJSDate(now, { zone })
    .plus({ days })
    .set({ hour, minute: 0, second: 0, millisecond: 0 })
    .toFormat("yyyy-MM-dd'T'HH:mm");
}

export function proposal(
  withUser: SignedInUser,
  overrides: Partial<CallProposalRequest> = {},
): CallProposalRequest {
  return {
    withUserId: withUser.id,
    topic: 'Assay design review',
    agenda: 'Walk through the dose-response plan and agree the controls.',
    durationMinutes: 30,
    timeZone: 'Europe/London',
    slots: [],
    ...overrides,
  };
}

export async function propose(
  app: FastifyInstance,
  who: SignedInUser,
  body: CallProposalRequest,
): Promise<Call> {
  const response = await call(app, 'POST', '/api/calls', who, body);
  expect(response.statusCode, response.body).toBe(201);
  await app.jobs.runDue(100); // its e-mail goes out now, so the outbox keeps the order of events
  return response.json<Call>();
}

export async function act(
  app: FastifyInstance,
  who: SignedInUser,
  callId: string,
  action: 'confirm' | 'times' | 'cancel',
  body: object,
): Promise<Call> {
  const response = await call(app, 'POST', `/api/calls/${callId}/${action}`, who, body);
  expect(response.statusCode, response.body).toBe(200);
  await app.jobs.runDue(100);
  return response.json<Call>();
}

/** The e-mail the outbox holds for an address, newest first, once the due jobs have run. */
export async function mailFor(app: FastifyInstance, email: string) {
  await app.jobs.runDue(100);
  return app.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, email.toLowerCase()))
    .orderBy(desc(devOutbox.createdAt));
}

export const MINUTE = 60_000;

/** The sentence an error answer carries. */
export const message = (response: { json<T>(): T }) => response.json<{ message: string }>().message;

export async function callList(app: FastifyInstance, who: SignedInUser, query = ''): Promise<CallList> {
  const response = await call(app, 'GET', `/api/calls${query}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CallList>();
}

/** The titles of the call notifications a person has in the bell. */
export async function callTitles(app: FastifyInstance, who: SignedInUser): Promise<string[]> {
  const rows = await app.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'call')));
  return rows.map((row) => row.title);
}

export async function fullName(app: FastifyInstance, who: SignedInUser): Promise<string> {
  const [person] = await app.db.select().from(users).where(eq(users.id, who.id));
  return `${person!.firstName} ${person!.lastName}`;
}

/** Both parsers read the same event: the instant, the zone, the UID and the revision. */
export function bothParsers(ics: string): ParsedInvitation {
  const first = readWithIcalJs(ics);
  expect(readWithNodeIcal(ics)).toEqual(first);
  return first;
}

export interface ParsedInvitation {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: Date;
  end: Date;
  tzid: string;
  attendees: string[];
  organizer: string;
}

/** The invitation as Mozilla's ical.js (Thunderbird's parser) reads it. */
export function readWithIcalJs(text: string): ParsedInvitation {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: String(vevent.getFirstPropertyValue('status')),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    tzid: event.startDate.zone?.tzid ?? '',
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
    organizer: String(vevent.getFirstPropertyValue('organizer')).toLowerCase(),
  };
}

/** The same invitation as node-ical reads it: a second, independent parser. */
export function readWithNodeIcal(text: string): ParsedInvitation {
  const parsed = nodeIcal.sync.parseICS(text);
  const event = Object.values(parsed).find((entry) => entry?.type === 'VEVENT') as nodeIcal.VEvent;
  const attendees = [event.attendee ?? []].flat();
  const address = (value: unknown) =>
    String(typeof value === 'object' && value !== null && 'val' in value ? value.val : value).toLowerCase();
  return {
    method: String(event.method ?? ''),
    uid: event.uid,
    sequence: Number(event.sequence),
    status: String(event.status),
    start: new Date(event.start!),
    end: new Date(event.end!),
    tzid: (event.start as nodeIcal.DateWithTimeZone).tz ?? '',
    attendees: attendees.map(address),
    organizer: address(event.organizer),
  };
}
