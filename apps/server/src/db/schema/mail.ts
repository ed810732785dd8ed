import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Where e-mail goes when no SMTP server is configured, so development can read it. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    /** A calendar invitation sent with the message (iCalendar text), as calendars receive it. */
    calendar: text('calendar'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_outbox_to_created_idx').on(t.to, t.createdAt)],
);
