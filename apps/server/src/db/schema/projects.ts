import {
  ndaModes,
  budgetTypes,
  contractStatuses,
  invitationStatuses,
  milestoneStatuses,
  projectStatuses,
  projectVisibilities,
  quoteStatuses,
  type ProposedMilestone,
} from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { expertCategory, expertProfiles, rateCurrency } from './experts.ts';

export const projectStatus = pgEnum('project_status', projectStatuses);
export const projectVisibility = pgEnum('project_visibility', projectVisibilities);
export const budgetType = pgEnum('budget_type', budgetTypes);
export const invitationStatus = pgEnum('invitation_status', invitationStatuses);
export const quoteStatus = pgEnum('quote_status', quoteStatuses);
export const contractStatus = pgEnum('contract_status', contractStatuses);
export const milestoneStatus = pgEnum('milestone_status', milestoneStatuses);
export const milestoneParty = pgEnum('milestone_party', ['client', 'expert']);
export const ndaMode = pgEnum('nda_mode', ndaModes);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Browse and the public list only ever read open projects, so their indexes are partial on this. */
const open = sql`status = 'open'`;

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    category: expertCategory('category'),
    /** Subject names in the catalogue's spelling, like expert_profiles.subjects, so `&&` matches them. */
    subjects: text('subjects')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    budgetType: budgetType('budget_type').notNull().default('fixed'),
    budgetMinMinor: integer('budget_min_minor'),
    budgetMaxMinor: integer('budget_max_minor'),
    currency: rateCurrency('currency').notNull().default('USD'),
    /** budget_max at the reference rates, only to compare with experts' rates across currencies. */
    budgetMaxUsdMinor: integer('budget_max_usd_minor'),
    deadline: date('deadline', { mode: 'string' }),
    visibility: projectVisibility('visibility').notNull().default('public'),
    status: projectStatus('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Set when moderators removed the project, with the reason its owner reads (decision 063). */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removalReason: text('removal_reason'),
    /** The agreement experts accept before reading the brief (decision 064); `none` for an open brief. */
    ndaMode: ndaMode('nda_mode').notNull().default('none'),
    /** SHA-256 (hex) of the agreement in force: acceptances of another hash no longer open the brief. */
    ndaSha256: text('nda_sha256'),
    /** The client's own PDF, for `custom`. */
    ndaFileKey: text('nda_file_key'),
    ndaFileName: text('nda_file_name'),
    /** title and subjects weigh A, description C (the experts' weighting function, reused). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`expert_search_vector(title, subjects, null, description)`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Publishing sets the time; the lists and browse's subject rows order by it.
    check('projects_open_published', sql`${t.status} <> 'open' or ${t.publishedAt} is not null`),
    // The lists page by (published_at desc, id desc); nulls first as plain DESC sorts, so these
    // serve the order and a page stops after its rows (nulls last made it sort every open project).
    index('projects_public_open_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'open' and visibility = 'public'`),
    index('projects_open_category_idx')
      .on(t.category, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(open),
    // One GIN index over both: it answers either alone as well as two would, and a subject
    // condition and a search together in one scan, intersecting their entries in the index
    // (browse's "fits your subjects" with a search, however few projects have both).
    index('projects_open_match_idx').using('gin', t.subjects, t.searchVector).where(open),
    // My Projects pages by (updated_at desc, id desc); nulls first as plain DESC sorts, so the index serves it.
    index('projects_owner_idx').on(t.ownerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Browse's narrow copy of open public projects: one row per (subject, project), kept in step by a
 * trigger on projects (migration 0033). An expert's "fits your subjects" page merges one
 * newest-first walk per subject of theirs, so it stops after a page however rare their subjects
 * are among the projects shown (a walk of all open projects skipping the rest grew with them).
 */
export const openProjectSubjects = pgTable(
  'open_project_subjects',
  {
    subject: text('subject').notNull(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    category: expertCategory('category'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'open_project_subjects_pk', columns: [t.subject, t.projectId] }),
    index('open_project_subjects_newest_idx').on(
      t.subject,
      t.publishedAt.desc().nullsFirst(),
      t.projectId.desc().nullsFirst(),
    ),
    index('open_project_subjects_category_idx').on(
      t.subject,
      t.category,
      t.publishedAt.desc().nullsFirst(),
      t.projectId.desc().nullsFirst(),
    ),
    index('open_project_subjects_project_idx').on(t.projectId),
  ],
);

export const projectAttachments = pgTable(
  'project_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Key in the file store; the name the person gave is only ever shown, never used as a path. */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_attachments_project_idx').on(t.projectId, t.createdAt)],
);

/** Invitations and quotes name the expert by user id: messaging and notifications speak users. */
export const projectInvitations = pgTable(
  'project_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: invitationStatus('status').notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_invitations_project_expert_unique').on(t.projectId, t.expertId),
    // Both invitation lists page by (created_at desc, id desc): these indexes hand rows over in that order.
    index('project_invitations_expert_idx').on(
      t.expertId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('project_invitations_project_idx').on(
      t.projectId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coverLetter: text('cover_letter').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: rateCurrency('currency').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** Proposed only: they become contract_milestones rows when the quote is accepted. */
    milestones: jsonb('milestones').$type<ProposedMilestone[]>().notNull(),
    status: quoteStatus('status').notNull().default('submitted'),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live quote per expert and project; withdrawn or declined ones may be followed by a new one.
    uniqueIndex('quotes_live_unique')
      .on(t.projectId, t.expertId)
      .where(sql`status in ('submitted', 'accepted')`),
    index('quotes_project_idx').on(t.projectId, t.createdAt),
    index('quotes_expert_idx').on(t.expertId, t.createdAt.desc()),
    index('quotes_expert_project_idx').on(t.expertId, t.projectId),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: rateCurrency('currency').notNull(),
    status: contractStatus('status').notNull().default('active'),
    /** The fees both sides saw when the contract was made, in basis points (500 = 5%). */
    clientFeeBps: integer('client_fee_bps').notNull(),
    expertFeeBps: integer('expert_fee_bps').notNull(),
    autoReleaseDays: integer('auto_release_days').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Of two concurrent accepts on one project, the second insert fails here: exactly one contract.
    uniqueIndex('contracts_project_unique').on(t.projectId),
    uniqueIndex('contracts_quote_unique').on(t.quoteId),
    index('contracts_client_idx').on(t.clientId, t.createdAt.desc()),
    index('contracts_expert_idx').on(t.expertId, t.createdAt.desc()),
  ],
);

export const contractMilestones = pgTable(
  'contract_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: rateCurrency('currency').notNull(),
    status: milestoneStatus('status').notNull().default('pending'),
    criteria: jsonb('criteria').$type<string[]>().notNull().default([]),
    /** Set for a milestone added to a running contract: who proposed it. */
    proposedBy: milestoneParty('proposed_by'),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    autoReleaseAt: timestamp('auto_release_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    revisionReason: text('revision_reason'),
    revisionUnmet: jsonb('revision_unmet').$type<number[]>(),
    revisionRequestedAt: timestamp('revision_requested_at', { withTimezone: true }),
    disputeOpenedBy: milestoneParty('dispute_opened_by'),
    disputeReason: text('dispute_reason'),
    disputeOpenedAt: timestamp('dispute_opened_at', { withTimezone: true }),
    disputeResolution: text('dispute_resolution'),
    disputeResolvedAt: timestamp('dispute_resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_milestones_position_unique').on(t.contractId, t.position),
    index('contract_milestones_disputed_idx')
      .on(t.disputeOpenedAt)
      .where(sql`status = 'disputed'`),
  ],
);

/**
 * Matching's narrow copy of approved, available experts: one row per (subject, expert), kept in
 * step by a trigger on expert_profiles (migration 0007). Ranking reads these small rows instead
 * of the wide profiles, then fetches only the 20 profiles it shows.
 */
export const expertSubjectMatches = pgTable(
  'expert_subject_matches',
  {
    subject: text('subject').notNull(),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => expertProfiles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    category: expertCategory('category'),
    ratingCenti: integer('rating_centi').notNull(),
    available: boolean('available').notNull(),
    rateUsdMinor: integer('rate_usd_minor'),
  },
  (t) => [
    primaryKey({ name: 'expert_subject_matches_pk', columns: [t.subject, t.expertId] }),
    index('expert_subject_matches_expert_idx').on(t.expertId),
    // Also INCLUDE every other column, added by migration 0035 (drizzle cannot say it): ranking
    // reads a subject's rows from this index alone, not a table page per expert.
    index('expert_subject_matches_ranking_idx').on(t.subject),
  ],
);
