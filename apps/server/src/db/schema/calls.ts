import { callStatuses, CALL_DURATIONS } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { contracts } from './projects.ts';

export const callStatus = pgEnum('call_status', callStatuses);

/**
 * A call between two people who work together (docs/decisions/065-scheduled-calls.md). The times
 * on offer wait in `offered_starts` until the other side picks one; a confirmed call keeps its
 * start while a move to new times waits for an answer. `sequence` is the iCalendar SEQUENCE:
 * every change calendars must apply raises it.
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who proposed the call first. */
    organizerId: uuid('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attendeeId: uuid('attendee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    agenda: text('agenda').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: callStatus('status').notNull().default('proposed'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The zone the confirmed time was offered in: the invitation's TZID. */
    timeZone: text('time_zone'),
    offeredStarts: timestamp('offered_starts', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    offeredBy: uuid('offered_by').references(() => users.id, { onDelete: 'cascade' }),
    offeredTimeZone: text('offered_time_zone'),
    rescheduleReason: text('reschedule_reason'),
    /** The list order: the confirmed start, or the first time on offer. */
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull(),
    meetingUrl: text('meeting_url').notNull(),
    sequence: integer('sequence').notNull().default(0),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'cascade' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    notes: text('notes'),
    notesUpdatedAt: timestamp('notes_updated_at', { withTimezone: true }),
    notesUpdatedBy: uuid('notes_updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('calls_two_people', sql`${t.organizerId} <> ${t.attendeeId}`),
    check('calls_duration', sql`${t.durationMinutes} in (${sql.raw(CALL_DURATIONS.join(', '))})`),
    check(
      'calls_confirmed_has_time',
      sql`(${t.startsAt} is null) = (${t.endsAt} is null) and (${t.startsAt} is null) = (${t.timeZone} is null)
        and (${t.status} <> 'confirmed' or ${t.startsAt} is not null)`,
    ),
    check(
      'calls_offer_complete',
      sql`(cardinality(${t.offeredStarts}) > 0) = (${t.offeredBy} is not null)
        and (${t.offeredBy} is null) = (${t.offeredTimeZone} is null)`,
    ),
    check(
      'calls_cancelled',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)
        and (${t.cancelledAt} is null) = (${t.cancelReason} is null)`,
    ),
    index('calls_organizer_sort_idx').on(t.organizerId, t.sortAt),
    index('calls_attendee_sort_idx').on(t.attendeeId, t.sortAt),
    index('calls_contract_idx')
      .on(t.contractId)
      .where(sql`${t.contractId} is not null`),
  ],
);
