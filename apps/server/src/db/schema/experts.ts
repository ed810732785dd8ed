import {
  expertCategories,
  availabilities,
  profileChangeStatuses,
  rateCurrencies,
  RATING_PRIOR_MEAN_CENTI,
  RATING_PRIOR_WEIGHT,
  vettingStatuses,
} from '@sciwise/contracts';
import type { Education, Publication, VettedProfileValues } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const expertCategory = pgEnum('expert_category', expertCategories);
export const expertAvailability = pgEnum('expert_availability', availabilities);
export const rateCurrency = pgEnum('rate_currency', rateCurrencies);
export const vettingStatus = pgEnum('vetting_status', vettingStatuses);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The Bayesian rating in hundredths of a star, rounded half up (constants in contracts/ranking.ts).
 * Written out in each column that needs it: a generated column cannot read another one.
 */
const bayesianCenti = `((rating_sum * 100 + ${RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN_CENTI} + (rating_count + ${RATING_PRIOR_WEIGHT}) / 2) / (rating_count + ${RATING_PRIOR_WEIGHT}))`;
/** Above the best Bayesian score (500): experts taking work come before those who are not. */
export const TAKING_WORK_BONUS = 1000;

/** Only approved profiles are ever searched, so every search index is partial on this. */
const approved = sql`status = 'approved'`;

export const expertProfiles = pgTable(
  'expert_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** Copy of the user's name, because the search vector can only read this row; kept in sync by a trigger on users. */
    displayName: text('display_name').notNull(),
    headline: text('headline'),
    bio: text('bio'),
    category: expertCategory('category'),
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hourlyRateMinor: integer('hourly_rate_minor'),
    currency: rateCurrency('currency').notNull().default('USD'),
    /** The rate at the reference exchange rates, for filtering and sorting across currencies only. */
    rateUsdMinor: integer('rate_usd_minor'),
    country: text('country'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    education: jsonb('education').$type<Education[]>().notNull().default([]),
    publications: jsonb('publications').$type<Publication[]>().notNull().default([]),
    orcid: text('orcid'),
    availability: expertAvailability('availability').notNull().default('available'),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Average rating in hundredths of a star (0-500), rounded half up: sortable, indexable, exact. */
    ratingCenti: integer('rating_centi')
      .notNull()
      .generatedAlwaysAs(
        sql`case when rating_count > 0 then (rating_sum * 100 + rating_count / 2) / rating_count else 0 end`,
      ),
    /** Bayesian rating (hundredths of a star): what "Highest rated" sorts by. */
    ratingScore: integer('rating_score').notNull().generatedAlwaysAs(sql.raw(bayesianCenti)),
    /** "Best match" inside a relevance tier: taking work first (TAKING_WORK_BONUS), then ratingScore. */
    rankScore: integer('rank_score')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `case when availability = 'unavailable' then 0 else ${TAKING_WORK_BONUS} end + ${bayesianCenti}`,
        ),
      ),
    status: vettingStatus('status').notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /**
     * Name and subjects weigh A, skills B, headline C, bio D: kept by a trigger
     * (expert_profile_search_vector, in the migration after the reviews), because a generated
     * column could not be given the skills without dropping and rebuilding it.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /**
     * The weight-A class of search_vector on its own (name and subjects), kept by the same
     * trigger. Relevance's name-or-subject tier matches it, so the planner sees how many people
     * it holds a word for: the weights of search_vector are invisible to its statistics. Empty
     * when over 2,000 bytes, so that it fits the rank index's rows; such a profile is then found
     * with the skills' matches (docs/decisions/071-a-vector-for-names-and-subjects.md).
     */
    nameSubjectsVector: tsvector('name_subjects_vector')
      .notNull()
      .default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expert_profiles_user_id_unique').on(t.userId),
    uniqueIndex('expert_profiles_slug_unique').on(t.slug),
    index('expert_profiles_search_idx').using('gin', t.searchVector).where(approved),
    index('expert_profiles_name_subjects_idx').using('gin', t.nameSubjectsVector).where(approved),
    index('expert_profiles_subjects_idx').using('gin', t.subjects).where(approved),
    index('expert_profiles_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')).where(approved),
    // Sorts read these forwards (rate_asc) or backwards (rating, rate_desc: "desc, id desc"),
    // so every keyset page starts with an index seek.
    index('expert_profiles_rating_score_idx').on(t.ratingScore, t.id).where(approved),
    // Also INCLUDE (name_subjects_vector), added by migration 0034: drizzle cannot say it.
    index('expert_profiles_rank_idx').on(t.rankScore, t.id).where(approved),
    index('expert_profiles_rate_idx').on(t.rateUsdMinor, t.id).where(approved),
    index('expert_profiles_category_rank_idx').on(t.category, t.rankScore, t.id).where(approved),
    index('expert_profiles_country_rank_idx').on(t.country, t.rankScore, t.id).where(approved),
    index('expert_profiles_queue_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** Subject areas: suggestions as you type, typo correction of queries, subject pages. */
export const subjects = pgTable(
  'subjects',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    category: expertCategory('category'),
    /** Approved experts listing the subject; recounted when a profile is approved. */
    expertCount: integer('expert_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subjects_name_unique').on(t.name),
    index('subjects_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const profileChangeStatus = pgEnum('profile_change_status', profileChangeStatuses);

/**
 * An approved expert's change to the vetted fields of their profile (contracts/profile-changes.ts),
 * waiting for a light re-review. The profile keeps its approved values until an admin approves.
 * At most one change per expert is pending: a partial unique index says so, not only the code.
 */
export const expertProfileChanges = pgTable(
  'expert_profile_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => expertProfiles.id, { onDelete: 'cascade' }),
    status: profileChangeStatus('status').notNull().default('pending'),
    /** The vetted values when the change was sent... */
    before: jsonb('before').$type<VettedProfileValues>().notNull(),
    /** ...and the values the expert asks for. */
    after: jsonb('after').$type<VettedProfileValues>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
  },
  (t) => [
    uniqueIndex('expert_profile_changes_one_pending')
      .on(t.expertId)
      .where(sql`status = 'pending'`),
    index('expert_profile_changes_expert_idx').on(t.expertId, t.createdAt),
    index('expert_profile_changes_queue_idx').on(t.status, t.createdAt, t.id),
  ],
);
