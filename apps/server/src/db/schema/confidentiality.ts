import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projectAttachments, projects } from './projects.ts';

/**
 * An expert's acceptance of a project's agreement (decision 064): who, the name they typed, when,
 * from where, and the SHA-256 of the exact agreement. Append-only (migration 0030's trigger).
 */
export const ndaAcceptances = pgTable(
  'nda_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict, as the audit log: evidence is never deleted along with something else.
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    signedName: text('signed_name').notNull(),
    documentSha256: text('document_sha256').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nda_acceptances_unique').on(t.projectId, t.userId, t.documentSha256)],
);

/**
 * One-time download links of confidential attachments, and the access log: a link is stored
 * (its token hashed) when asked for, and `opened_at` set when it is used, once, before it expires.
 */
export const attachmentDownloads = pgTable(
  'attachment_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Null once the owner removed the file; the log keeps its name. */
    attachmentId: uuid('attachment_id').references(() => projectAttachments.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attachment_downloads_token_unique').on(t.tokenHash),
    // The owner's access log: the project's opened downloads, newest first.
    index('attachment_downloads_log_idx')
      .on(t.projectId, t.openedAt.desc())
      .where(sql`${t.openedAt} is not null`),
  ],
);
