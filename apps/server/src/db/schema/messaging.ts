import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A direct conversation between two people. The pair is stored smaller id first so "one
 * conversation per pair" is a unique constraint; last_seq numbers the messages and is bumped
 * under the row lock, which also orders concurrent sends by commit.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLowId: uuid('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_unique').on(t.userLowId, t.userHighId),
    index('conversations_user_high_idx').on(t.userHighId),
    // The conversation lists' keyset: last activity, newest first, then id (list_cursor_indexes).
    index('conversations_activity_idx').on(
      sql`(coalesce(${t.lastMessageAt}, ${t.createdAt})) desc`,
      sql`${t.id} desc`,
    ),
    check('conversations_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

/** Each person's side of a conversation: how far they have read, and when an e-mail is due. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** seq of the newest message this person has read; everything after it is unread. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** Set when a message arrives unread; the e-mail sweep claims rows whose time has come. */
    emailDueAt: timestamp('email_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
    index('conversation_members_email_due_idx')
      .on(t.emailDueAt)
      .where(sql`${t.emailDueAt} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator who wrote a Sciwise Concierge message (sender is the concierge). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The sender's own id for the message: a retried send with the same one stores nothing new. */
    clientMessageId: text('client_message_id'),
    /** Set when moderators removed it: the body stays for the record and is never sent again. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_unique').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_id_unique').on(t.senderId, t.clientMessageId),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/** Per-person notification choices; a missing row means the defaults. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E-mail when a message has waited unread for 15 minutes. */
  emailUnreadMessages: boolean('email_unread_messages').notNull().default(true),
  /** E-mail an expert when a client invites them to quote. */
  emailQuoteInvitations: boolean('email_quote_invitations').notNull().default(true),
  /** E-mail a client when an expert quotes on their project. */
  emailNewQuotes: boolean('email_new_quotes').notNull().default(true),
  /** E-mail an expert when their quote is accepted or declined. */
  emailQuoteDecisions: boolean('email_quote_decisions').notNull().default(true),
  /** A bell notification for the first unread message of a conversation. */
  inAppMessages: boolean('in_app_messages').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
