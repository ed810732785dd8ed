import { CALL_REMINDER_MINUTES } from '@sciwise/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { calls, users } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import type { CalendarPart } from '../../lib/mailer.ts';
import { EMAIL_JOB, type EmailJob } from '../contracts/notices.ts';
import { enqueue } from '../jobs/queue.ts';
import { notifyEach } from '../notifications/service.ts';
import type { CallRow } from './call-read.ts';
import { callInvitation } from './invitation.ts';

export const CALLS_PATH = '/profile/calls';
export const CALL_REMINDER_JOB = 'call_reminder';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  deleted: boolean;
}

const fullName = (p: Pick<Person, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`.trim();

async function peopleOf(tx: Executor, call: CallRow): Promise<{ organizer: Person; attendee: Person }> {
  const rows = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [call.organizerId, call.attendeeId]));
  const byId = new Map(rows.map((row) => [row.id, { ...row, deleted: row.deletedAt !== null }]));
  return { organizer: byId.get(call.organizerId)!, attendee: byId.get(call.attendeeId)! };
}

/** "Monday 30 March 2026, 15:00–15:30 (Europe/London)": the zone the time was chosen in, named. */
export function callTimeText(start: Date, durationMinutes: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  return `${day}, ${clock.format(start)}–${clock.format(end)} (${timeZone.replace(/_/g, ' ')})`;
}

/** The address invitations come from: the mail sender's ("Sciwise <no-reply@…>"). */
function sciwiseOrganizer(config: ServiceContext['config']) {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(config.mailFrom);
  return match
    ? { name: match[1] || 'Sciwise', email: match[2]! }
    : { name: 'Sciwise', email: config.mailFrom };
}

/** One person's copy of the call's invitation or cancellation. */
function invitationFor(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  call: CallRow,
  person: Person,
  withPerson: Person,
  method: CalendarPart['method'],
): CalendarPart {
  return callInvitation(
    {
      id: call.id,
      topic: call.topic,
      agenda: call.agenda,
      startsAt: call.startsAt!,
      durationMinutes: call.durationMinutes,
      timeZone: call.timeZone!,
      meetingUrl: call.meetingUrl,
      sequence: call.sequence,
      organizer: sciwiseOrganizer(ctx.config),
      attendee: { name: fullName(person), email: person.email },
      withName: fullName(withPerson),
    },
    method,
    { stamp: ctx.clock.now(), callsPageUrl: `${ctx.config.publicUrl}${CALLS_PATH}` },
  );
}

/** The invitation of a confirmed call as a file, for "Add to calendar": the asker's own copy. */
export async function calendarFileOf(
  db: Executor,
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  call: CallRow,
  userId: string,
): Promise<string> {
  if (call.status !== 'confirmed') throw conflict('Only a confirmed call can be added to a calendar.');
  const { organizer, attendee } = await peopleOf(db, call);
  const [me, them] = organizer.id === userId ? [organizer, attendee] : [attendee, organizer];
  return invitationFor(ctx, call, me, them, 'REQUEST').content;
}

export interface CallNotice {
  /** Who is told: the organizer, the attendee, or both. */
  to: 'organizer' | 'attendee' | 'both';
  title: string;
  body: string;
  /** Attach the call's invitation (REQUEST) or its cancellation (CANCEL). */
  calendar?: CalendarPart['method'];
}

/**
 * Tells people about a change to a call in the caller's transaction: a notification in the bell
 * and an e-mail (with the calendar part when asked), both committed with the change or not at all.
 */
export async function tellAboutCall(
  tx: Executor,
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  call: CallRow,
  notices: readonly CallNotice[],
): Promise<void> {
  const { organizer, attendee } = await peopleOf(tx, call);
  const told = notices.flatMap((notice) => {
    const people =
      notice.to === 'both' ? [organizer, attendee] : [notice.to === 'organizer' ? organizer : attendee];
    return people.map((person) => ({ person, notice }));
  });
  await notifyEach(
    tx,
    told.map(({ person, notice }) => ({
      userId: person.id,
      kind: 'call',
      title: notice.title,
      body: notice.body,
      link: CALLS_PATH,
    })),
  );
  const now = ctx.clock.now();
  const callsPageUrl = `${ctx.config.publicUrl}${CALLS_PATH}`;
  await enqueue(
    tx,
    told
      .filter(({ person }) => !person.deleted)
      .map(({ person, notice }) => {
        const payload: EmailJob = {
          to: person.email,
          subject: `${notice.title} · ${call.topic}`,
          text: [
            `Hi ${person.firstName},`,
            '',
            notice.body,
            '',
            `Your calls: ${callsPageUrl}`,
            '',
            '— The Sciwise team',
          ].join('\n'),
          ...(notice.calendar &&
            call.startsAt && {
              calendar: invitationFor(
                ctx,
                call,
                person,
                person.id === organizer.id ? attendee : organizer,
                notice.calendar,
              ),
            }),
        };
        return { kind: EMAIL_JOB, runAt: now, payload: { ...payload } };
      }),
  );
}

/**
 * Reminder jobs for a confirmed time. Each names the start it reminds of: after a move the old
 * ones find another start and do nothing, so nothing has to be deleted.
 */
export async function scheduleReminders(tx: Executor, now: Date, call: CallRow): Promise<void> {
  const start = call.startsAt!;
  await enqueue(
    tx,
    CALL_REMINDER_MINUTES.map((minutes) => ({
      kind: CALL_REMINDER_JOB,
      runAt: new Date(start.getTime() - minutes * 60_000),
      payload: { callId: call.id, startsAt: start.toISOString(), minutesBefore: minutes },
      dedupeKey: `call-reminder:${call.id}:${start.toISOString()}:${minutes}`,
    })).filter((job) => job.runAt.getTime() > now.getTime()),
  );
}

/** How far off the start is, said as people say it: "tomorrow", "in 15 minutes", "in 3 hours". */
function ahead(msLeft: number): string {
  const minutes = Math.round(msLeft / 60_000);
  if (minutes >= 20 * 60) return 'tomorrow';
  if (minutes >= 90) return `in ${Math.round(minutes / 60)} hours`;
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The reminder job: only for a call still confirmed at the start it was scheduled for. */
export async function callReminderJob(
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  tx: Transaction,
  payload: Record<string, unknown>,
): Promise<void> {
  const { callId, startsAt, minutesBefore } = payload as {
    callId: string;
    startsAt: string;
    minutesBefore: number;
  };
  const [call] = await tx.select().from(calls).where(eq(calls.id, callId));
  if (!call || call.status !== 'confirmed' || call.startsAt?.toISOString() !== startsAt) return;
  // A reminder run late (the server was down, an attempt failed) must not arrive mid-call, and an
  // early one overtaken by the next one's time leaves the reminding to that one.
  const msLeft = call.startsAt.getTime() - ctx.clock.now().getTime();
  const nextReminder = CALL_REMINDER_MINUTES.find((minutes) => minutes < minutesBefore);
  if (msLeft <= 0 || (nextReminder !== undefined && msLeft <= nextReminder * 60_000)) return;
  const when = callTimeText(call.startsAt, call.durationMinutes, call.timeZone!);
  await tellAboutCall(tx, ctx, call, [
    {
      to: 'both',
      title: `Your call starts ${ahead(msLeft)}`,
      body: `“${call.topic}” is on ${when}. Join here: ${call.meetingUrl}`,
    },
  ]);
}
