import { z } from 'zod';
import { uuidSchema } from './fields.ts';
import { listPageShape, nextCursorSchema } from './paging.ts';
import { multiLineText, singleLineText } from './text.ts';

/*
 * Scheduled calls (decision 065). One side offers two or three times in their own time zone; the
 * other picks one (seeing it in theirs) or offers others. A confirmed call has one start, a
 * meeting link, calendar invitations that later changes update, reminders, and notes afterwards.
 * Rescheduling keeps the confirmed time until the other side picks a new one.
 */
export const callStatuses = ['proposed', 'confirmed', 'cancelled'] as const;
export type CallStatus = (typeof callStatuses)[number];

export const CALL_DURATIONS = [15, 30, 45, 60, 90] as const;
export type CallDuration = (typeof CALL_DURATIONS)[number];
export const CALL_SLOTS_MIN = 2;
export const CALL_SLOTS_MAX = 3;
/** A time offered must be at least this far ahead, so the other side has a chance to answer. */
export const CALL_MIN_NOTICE_MINUTES = 60;
export const CALL_MAX_DAYS_AHEAD = 180;
export const CALL_TOPIC_MAX = 120;
export const CALL_AGENDA_MAX = 2000;
export const CALL_REASON_MAX = 500;
export const CALL_NOTES_MAX = 10_000;
export const CALL_LINK_MAX = 500;
/** Reminders before a confirmed call, in minutes: a day ahead and a quarter of an hour ahead. */
export const CALL_REMINDER_MINUTES = [24 * 60, 15] as const;

/** True for a time zone name the runtime knows ("Europe/London", "America/New_York", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'Choose a time zone.' })
  .refine(isTimeZone, { message: 'Choose a time zone from the list.', abort: true });

/** A wall-clock time as a date-time input gives it ("2026-03-29T14:30"), read in `timeZone`. */
export const localDateTimeSchema = z
  .string({ error: 'Enter a date and time.' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and a time, such as 2026-03-29 14:30.');

const slotsSchema = z
  .array(localDateTimeSchema, { error: 'Offer two or three times.' })
  .min(CALL_SLOTS_MIN, `Offer at least ${CALL_SLOTS_MIN} times, so the other side can choose.`)
  .max(CALL_SLOTS_MAX, `Offer at most ${CALL_SLOTS_MAX} times.`)
  .refine((slots) => new Set(slots).size === slots.length, {
    message: 'Each time you offer must be different.',
  });

/** A link someone pastes (Zoom, Teams, Meet…): https only, so it never opens as plain text. */
export const meetingUrlSchema = singleLineText('The meeting link', CALL_LINK_MAX).refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.includes('.');
    } catch {
      return false;
    }
  },
  { message: 'Paste a meeting link that starts with https://.' },
);

const timesShape = {
  timeZone: timeZoneSchema,
  slots: slotsSchema,
};

/** POST /api/calls: with whom (someone you share work with), and for which contract if any. */
export const callProposalRequestSchema = z.strictObject({
  withUserId: uuidSchema,
  contractId: uuidSchema.optional(),
  topic: singleLineText('The topic', CALL_TOPIC_MAX).min(
    3,
    'Give the call a topic of at least 3 characters.',
  ),
  agenda: multiLineText('The agenda', CALL_AGENDA_MAX).min(1, 'Say what you would like to cover.'),
  durationMinutes: z.union(
    CALL_DURATIONS.map((minutes) => z.literal(minutes)),
    { error: 'Choose how long the call is.' },
  ),
  meetingUrl: meetingUrlSchema.optional(),
  ...timesShape,
});
export type CallProposalRequest = z.input<typeof callProposalRequestSchema>;

/** POST /api/calls/:id/times: other times, in answer to a proposal or to move a confirmed call. */
export const callTimesRequestSchema = z.strictObject({
  ...timesShape,
  /** Required when the call is already confirmed: both people read why it moves. */
  reason: singleLineText('The reason', CALL_REASON_MAX).optional(),
});
export type CallTimesRequest = z.input<typeof callTimesRequestSchema>;

export const RESCHEDULE_REASON_REQUIRED = 'Say why you are moving the call; the other side reads it.';

/** POST /api/calls/:id/confirm: one of the offered starts, exactly as the server sent it. */
export const callConfirmRequestSchema = z.strictObject({
  startsAt: z.iso.datetime({ error: 'Choose one of the times offered.' }),
});
export type CallConfirmRequest = z.input<typeof callConfirmRequestSchema>;

/** POST /api/calls/:id/cancel: declining a proposal or calling off a confirmed call. */
export const callCancelRequestSchema = z.strictObject({
  reason: multiLineText('The reason', CALL_REASON_MAX).min(3, 'Say briefly why; the other side reads it.'),
});
export type CallCancelRequest = z.input<typeof callCancelRequestSchema>;

/** PUT /api/calls/:id/notes: shared notes, once the call has started. */
export const callNotesRequestSchema = z.strictObject({
  notes: multiLineText('The notes', CALL_NOTES_MAX),
});
export type CallNotesRequest = z.input<typeof callNotesRequestSchema>;

export const callViews = ['upcoming', 'past', 'cancelled'] as const;
export type CallView = (typeof callViews)[number];

/** GET /api/calls: one of the views, or every call of one contract (the workspace's list). */
export const callListQuerySchema = z.strictObject({
  view: z.enum(callViews, { error: 'Choose upcoming, past or cancelled calls.' }).default('upcoming'),
  contractId: uuidSchema.optional(),
  ...listPageShape,
});
export type CallListQuery = z.input<typeof callListQuerySchema>;

/** What the signed-in person may do with a call now; the page offers exactly these. */
export const callActions = ['confirm', 'propose_times', 'reschedule', 'cancel', 'edit_notes'] as const;
export type CallAction = (typeof callActions)[number];

const person = z.object({ id: z.string(), name: z.string() });

export const callSchema = z.object({
  id: z.string(),
  status: z.enum(callStatuses),
  topic: z.string(),
  agenda: z.string(),
  durationMinutes: z.number().int(),
  /** The person on the other side of the call, seen from the signed-in person. */
  withPerson: person,
  contract: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The confirmed start (UTC, ISO 8601); null until someone picks a time. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The zone the confirmed time was offered in (the invitation's); null until a time is picked. */
  timeZone: z.string().nullable(),
  /** Times waiting for an answer (UTC), offered by `offeredBy` in `offeredTimeZone`; empty if none. */
  offeredStarts: z.array(z.string()),
  offeredBy: person.nullable(),
  offeredByMe: z.boolean(),
  offeredTimeZone: z.string().nullable(),
  /** Why a confirmed call is being moved, while the new times wait for an answer. */
  rescheduleReason: z.string().nullable(),
  meetingUrl: z.string(),
  cancellation: z.object({ by: person, reason: z.string(), at: z.string() }).nullable(),
  notes: z.object({ text: z.string(), updatedAt: z.string(), updatedBy: person }).nullable(),
  actions: z.array(z.enum(callActions)),
  createdAt: z.string(),
});
export type Call = z.infer<typeof callSchema>;

export const callListSchema = z.object({ calls: z.array(callSchema), nextCursor: nextCursorSchema });
export type CallList = z.infer<typeof callListSchema>;
