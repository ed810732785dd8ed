import { adminActions } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { contracts } from './projects.ts';

export const adminAction = pgEnum('admin_action', adminActions);

/**
 * Every administrator action, as it happened (docs/decisions/062-admin-audit-log-and-suspension.md).
 * Append-only: a trigger (migration 0028) refuses UPDATE and DELETE, and no route writes to it
 * except through the actions themselves.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: adminAction('action').notNull(),
    /** The member the action was about, or null for one about a contract. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The contract a dispute's decision was about. */
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    /** The administrator's reason or note, as they wrote it; null for an approval. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('admin_audit_log_names_what', sql`${t.subjectUserId} is not null or ${t.contractId} is not null`),
    // The log reads newest first, by page.
    index('admin_audit_log_time_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_subject_idx').on(t.subjectUserId, t.createdAt.desc()),
  ],
);
