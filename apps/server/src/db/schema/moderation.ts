import { reportReasons, reportStatuses, reportSubjects } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { messages } from './messaging.ts';
import { projects } from './projects.ts';

export const reportSubject = pgEnum('report_subject', reportSubjects);
export const reportReason = pgEnum('report_reason', reportReasons);
export const reportStatus = pgEnum('report_status', reportStatuses);

/**
 * A member's report of a project or a message (docs/decisions/063-reported-content.md). Exactly
 * one of project_id and message_id is set, as `subject` says; a decision closes every open
 * report of the same thing at once.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: reportSubject('subject').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    reason: reportReason('reason').notNull(),
    details: text('details'),
    status: reportStatus('status').notNull().default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'content_reports_one_subject',
      sql`(${t.subject} = 'project' and ${t.projectId} is not null and ${t.messageId} is null)
        or (${t.subject} = 'message' and ${t.messageId} is not null and ${t.projectId} is null)`,
    ),
    check(
      'content_reports_decided',
      sql`(${t.status} = 'open') = (${t.decidedAt} is null) and (${t.decidedAt} is null) = (${t.decidedBy} is null)`,
    ),
    // One report per person and thing: reporting twice returns the first.
    uniqueIndex('content_reports_project_reporter_unique')
      .on(t.projectId, t.reporterId)
      .where(sql`${t.projectId} is not null`),
    uniqueIndex('content_reports_message_reporter_unique')
      .on(t.messageId, t.reporterId)
      .where(sql`${t.messageId} is not null`),
    // The queue reads one state newest first, by page; the admin home counts the open ones.
    index('content_reports_queue_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
  ],
);
