import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { contracts } from './projects.ts';

/*
 * Reviews after a contract (DESIGN §3). Immutable once written: a trigger (migration, hand-written
 * part) refuses every UPDATE except publishing (published_at from null to a time, once) and every
 * DELETE. An expert's rating_sum / rating_count are the sums of their published client reviews,
 * seeded demo reviews included, so the numbers on a profile are always rows someone can read.
 */

export const reviewSide = pgEnum('review_side', ['client', 'expert']);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null only for seeded demo reviews, which belong to no contract. */
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'restrict' }),
    /** The side that wrote it: a client review rates the expert, an expert review the client. */
    authorSide: reviewSide('author_side').notNull(),
    /** Null only for seeded demo reviews. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The person reviewed. */
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
    quality: smallint('quality'),
    communication: smallint('communication'),
    timeliness: smallint('timeliness'),
    body: text('body').notNull(),
    /** Made by the seed as demo data, not written by a party to a contract. */
    seeded: boolean('seeded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Null while hidden (double-blind); set when both sides have written or the window closed. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    // One review per side per contract, whatever the code forgets.
    uniqueIndex('reviews_contract_side_unique').on(t.contractId, t.authorSide),
    // A person's published reviews by side (an expert's are the clients'), newest first, one
    // keyset page at a time; the rating sums read the same rows.
    index('reviews_subject_published_idx')
      .on(t.subjectId, t.authorSide, t.publishedAt.desc(), t.id.desc())
      .where(sql`published_at is not null`),
    check('reviews_rating_range', sql`rating between 1 and 5`),
    check(
      'reviews_categories_range',
      sql`coalesce(quality, 1) between 1 and 5 and coalesce(communication, 1) between 1 and 5 and coalesce(timeliness, 1) between 1 and 5`,
    ),
    // Categories come together or not at all, and only on reviews of experts.
    check(
      'reviews_categories_together',
      sql`(quality is null and communication is null and timeliness is null) or (author_side = 'client' and quality is not null and communication is not null and timeliness is not null)`,
    ),
    check(
      'reviews_real_or_seeded',
      sql`seeded or (contract_id is not null and author_id is not null and (author_side = 'expert' or quality is not null))`,
    ),
    check('reviews_seeded_published', sql`not seeded or published_at is not null`),
  ],
);

/** An expert's one public answer to a review of them; immutable (trigger in the same migration). */
export const reviewReplies = pgTable('review_replies', {
  reviewId: uuid('review_id')
    .primaryKey()
    .references(() => reviews.id, { onDelete: 'restrict' }),
  authorId: uuid('author_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
