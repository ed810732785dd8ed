import { adminActions } from '@sciwise/contracts';
import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const adminAction = pgEnum('admin_action', adminActions);

/**
 * Every administrator action, as it happened. Append-only: a trigger (migration 0028) refuses
 * UPDATE and DELETE, and no route writes to it except through the actions themselves.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: adminAction('action').notNull(),
    /** The member the action was about. */
    subjectUserId: uuid('subject_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The administrator's reason or note, as they wrote it. */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The log reads newest first, by page.
    index('admin_audit_log_time_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_subject_idx').on(t.subjectUserId, t.createdAt.desc()),
  ],
);
