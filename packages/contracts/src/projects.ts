import { z } from 'zod';
import { confidentialitySchema, ndaChoiceSchema } from './confidentiality.ts';
import {
  AMOUNT_MAX_MINOR,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_TITLE_MAX,
  SUBJECT_NAME_MAX,
} from './constants.ts';
import { expertCategorySchema, expertSlugSchema } from './experts.ts';
import { wholeNumber } from './fields.ts';
import { nextCursorSchema } from './paging.ts';
import { multiLineText, pageCursorSchema, searchText, singleLineText } from './text.ts';

export const projectStatuses = ['draft', 'open', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectVisibilities = ['public', 'invite_only'] as const;
export type ProjectVisibility = (typeof projectVisibilities)[number];

export const budgetTypes = ['fixed', 'hourly'] as const;
export type BudgetType = (typeof budgetTypes)[number];

export const invitationStatuses = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const quoteStatuses = ['submitted', 'accepted', 'declined', 'withdrawn'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const proposedMilestoneSchema = z.strictObject({
  title: z.string(),
  amountMinor: z.number().int(),
  /** Quotes sent before acceptance criteria existed have none. */
  criteria: z.array(z.string()).default([]),
});
export type ProposedMilestone = z.infer<typeof proposedMilestoneSchema>;

// ---------------------------------------------------------------------------------------------
// Shared field rules
// ---------------------------------------------------------------------------------------------

export const amountMinorSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number (in cents).` })
    .int(`${label} must be a whole number of cents.`)
    .positive(`${label} must be more than zero.`)
    .max(AMOUNT_MAX_MINOR, `${label} can be at most ${(AMOUNT_MAX_MINOR / 100).toLocaleString('en-US')}.`);

export const projectCurrencies = ['USD', 'EUR', 'GBP'] as const;
export const currencySchema = z.enum(projectCurrencies, {
  error: `currency must be one of: ${projectCurrencies.join(', ')}.`,
});

/** A calendar date, YYYY-MM-DD; whether it lies in the future is checked on the server's clock. */
export const dateOnlySchema = z
  .string({ error: 'The deadline must be a date such as 2030-01-31.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The deadline must be a date such as 2030-01-31.')
  // Date.parse rolls 2030-02-31 over to March 3rd instead of refusing it; the round trip does not.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
  }, 'That deadline is not a real date.');

export const PROJECT_SUBJECTS_MAX = 10;
export const PROJECT_ATTACHMENTS_MAX = 10;
export const ATTACHMENT_MAX_MB = 20;
export const ATTACHMENT_MAX_BYTES = ATTACHMENT_MAX_MB * 1024 * 1024;

const subjectName = singleLineText('A subject', SUBJECT_NAME_MAX).pipe(
  z.string().min(2, 'A subject needs at least 2 characters.'),
);

/**
 * POST /api/projects and PATCH /api/projects/:id: every field optional, so the form saves as the
 * person types. What a project needs before it is published is checked by publish (server side).
 */
export const projectDraftSchema = z.strictObject({
  title: singleLineText('The title', PROJECT_TITLE_MAX).optional(),
  description: multiLineText('The description', PROJECT_DESCRIPTION_MAX).optional(),
  category: expertCategorySchema.nullable().optional(),
  subjects: z.array(subjectName).max(PROJECT_SUBJECTS_MAX, 'Choose at most 10 subjects.').optional(),
  budgetType: z.enum(budgetTypes, { error: 'budgetType must be fixed or hourly.' }).optional(),
  budgetMinMinor: amountMinorSchema('The minimum budget').nullable().optional(),
  budgetMaxMinor: amountMinorSchema('The maximum budget').nullable().optional(),
  currency: currencySchema.optional(),
  deadline: dateOnlySchema.nullable().optional(),
  visibility: z.enum(projectVisibilities, { error: 'visibility must be public or invite_only.' }).optional(),
  /** Require our standard NDA before experts read the brief; a custom PDF is uploaded instead. */
  ndaMode: ndaChoiceSchema.optional(),
});
export type ProjectDraft = z.input<typeof projectDraftSchema>;

export const projectBudgetSchema = z.object({
  type: z.enum(budgetTypes),
  minMinor: z.number().int().nullable(),
  maxMinor: z.number().int().nullable(),
  currency: currencySchema,
});
export type ProjectBudget = z.infer<typeof projectBudgetSchema>;

/** What everyone may see of an open public project (spec: title, category, budget, posted date). */
export const projectSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  budget: projectBudgetSchema,
  publishedAt: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** A list row for signed-in people: the summary plus a taste of the work. */
export const projectListItemSchema = projectSummarySchema.extend({
  subjects: z.array(z.string()).optional(),
  excerpt: z.string().optional(),
  deadline: z.string().nullable().optional(),
  /** Browse only: the project lists subjects the expert works in. */
  fitsMe: z.boolean().optional(),
  /** An agreement guards the brief: the excerpt is withheld (empty). */
  confidential: z.boolean().optional(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const projectActionSchema = z.enum([
  'edit',
  'publish',
  'cancel',
  'quote',
  'invite',
  'report',
  'accept_nda',
]);
export type ProjectAction = z.infer<typeof projectActionSchema>;

export const projectDetailsSchema = projectSummarySchema.extend({
  description: z.string(),
  subjects: z.array(z.string()),
  deadline: z.string().nullable(),
  visibility: z.enum(projectVisibilities),
  status: z.enum(projectStatuses),
  owner: z.object({ id: z.string(), name: z.string() }),
  attachments: z.array(attachmentSchema),
  quoteCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Set once moderators removed the project (decision 063): only its owner, administrators and the
   * hired expert still see it, and the owner reads why.
   */
  removal: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /**
   * Set when an agreement guards the project (decision 064). Until `unlocked`, the description is
   * empty and the attachments are not listed.
   */
  confidentiality: confidentialitySchema.nullable(),
  /** The signed-in viewer's relation to the project, so the page offers only what they may do. */
  viewer: z.object({
    isOwner: z.boolean(),
    /** What is still missing before the owner can publish (drafts). */
    missing: z.array(z.object({ field: z.string(), message: z.string() })),
    actions: z.array(projectActionSchema),
    myQuoteId: z.string().nullable(),
    invitation: z.object({ id: z.string(), status: z.enum(invitationStatuses) }).nullable(),
    contractId: z.string().nullable(),
  }),
});
export type ProjectDetails = z.infer<typeof projectDetailsSchema>;

/** GET /api/projects/:id: the summary for anyone, the details only when signed in and allowed. */
export const projectViewSchema = z.object({
  summary: projectSummarySchema,
  details: projectDetailsSchema.nullable(),
});
export type ProjectView = z.infer<typeof projectViewSchema>;

const slugParam = (name: string) =>
  z
    .string()
    .max(80, `${name} must be a slug such as data-analysis.`)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, `${name} must be a slug such as data-analysis.`);

export const projectListQuerySchema = z.strictObject({
  q: searchText('q', 200, { tooLong: 'Search for at most 200 characters.' }).optional(),
  category: expertCategorySchema.optional(),
  subject: slugParam('subject').optional(),
  budgetType: z.enum(budgetTypes, { error: 'budgetType must be fixed or hourly.' }).optional(),
  cursor: pageCursorSchema(300, 'That page link is not valid; start from the first page.').optional(),
  limit: wholeNumber('limit', 1, 50).default(20),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

export const projectListResponseSchema = z.object({
  projects: z.array(projectListItemSchema),
  nextCursor: z.string().nullable(),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** The owner's projects with what needs their attention. */
export const myProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(projectStatuses),
  visibility: z.enum(projectVisibilities),
  category: z.string().nullable(),
  budget: projectBudgetSchema,
  deadline: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  quoteCount: z.number().int(),
  /** Quotes still waiting for the owner's decision. */
  pendingQuoteCount: z.number().int(),
  contractId: z.string().nullable(),
});
export type MyProject = z.infer<typeof myProjectSchema>;
/** GET /api/projects/mine takes listPageQuerySchema: newest activity first, in keyset pages. */
export const myProjectsResponseSchema = z.object({
  projects: z.array(myProjectSchema),
  nextCursor: nextCursorSchema,
});
export type MyProjectsResponse = z.infer<typeof myProjectsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Matching and invitations
// ---------------------------------------------------------------------------------------------

export const expertMatchSchema = z.object({
  userId: z.string(),
  slug: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  headline: z.string(),
  category: z.string(),
  subjects: z.array(z.string()),
  rate: z.object({ amountMinor: z.number().int(), currency: currencySchema }),
  availability: z.enum(['available', 'limited', 'unavailable']),
  rating: z.number().int(),
  reviewCount: z.number().int(),
  /** One line: why this expert fits the project. */
  reason: z.string(),
  invitation: z.object({ id: z.string(), status: z.enum(invitationStatuses) }).nullable(),
});
export type ExpertMatch = z.infer<typeof expertMatchSchema>;
export const matchesResponseSchema = z.object({ matches: z.array(expertMatchSchema) });
export type MatchesResponse = z.infer<typeof matchesResponseSchema>;

/** The expert by user id (matches list) or by profile slug (from their public profile). */
export const inviteRequestSchema = z
  .strictObject({
    expertId: z.uuid('expertId must be the id of an expert.').optional(),
    expertSlug: expertSlugSchema.optional(),
    message: multiLineText('The message', 2000).optional(),
  })
  .refine((body) => (body.expertId === undefined) !== (body.expertSlug === undefined), {
    message: 'Name the expert by expertId or by expertSlug.',
    path: ['expertId'],
  });

export const invitationSchema = z.object({
  id: z.string(),
  status: z.enum(invitationStatuses),
  message: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  project: z.object({ id: z.string(), title: z.string(), status: z.enum(projectStatuses) }),
  expert: z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() }),
  client: z.object({ id: z.string(), name: z.string() }),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** Both invitation lists take listPageQuerySchema: newest first, in keyset pages. */
export const invitationListResponseSchema = z.object({
  invitations: z.array(invitationSchema),
  nextCursor: nextCursorSchema,
});
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Quotes
// ---------------------------------------------------------------------------------------------

export const QUOTE_MILESTONES_MAX = 20;
export const MILESTONE_TITLE_MAX = 120;
export const COVER_LETTER_MIN = 20;
export const COVER_LETTER_MAX = 5000;
/** A reason given to the other side (declining a quote or an invitation). */
export const REASON_MAX = 1000;

/** A milestone's acceptance criteria: short checks the client ticks when approving. */
export const MILESTONE_CRITERIA_MAX = 10;
export const CRITERION_MAX_LENGTH = 200;
export const criteriaSchema = z
  .array(
    singleLineText('An acceptance criterion', CRITERION_MAX_LENGTH).pipe(
      z.string().min(1, 'An acceptance criterion cannot be empty.'),
    ),
    { error: 'criteria must be a list of short sentences.' },
  )
  .max(MILESTONE_CRITERIA_MAX, `List at most ${MILESTONE_CRITERIA_MAX} acceptance criteria.`);

export const quoteMilestoneInputSchema = z.strictObject({
  title: singleLineText('A milestone title', MILESTONE_TITLE_MAX).pipe(
    z.string().min(1, 'Give every milestone a title.'),
  ),
  amountMinor: amountMinorSchema('A milestone amount'),
  criteria: criteriaSchema.default([]),
});

const quoteFields = {
  coverLetter: multiLineText('The cover letter', COVER_LETTER_MAX).pipe(
    z.string().min(COVER_LETTER_MIN, `Write a cover letter of at least ${COVER_LETTER_MIN} characters.`),
  ),
  priceMinor: amountMinorSchema('The price'),
  durationDays: z
    .number({ error: 'durationDays must be a number of days.' })
    .int('durationDays must be a whole number of days.')
    .min(1, 'The duration must be at least 1 day.')
    .max(3650, 'The duration can be at most 3650 days.'),
  milestones: z
    .array(quoteMilestoneInputSchema, { error: 'milestones must be a list.' })
    .min(1, 'Propose at least one milestone.')
    .max(QUOTE_MILESTONES_MAX, `Propose at most ${QUOTE_MILESTONES_MAX} milestones.`),
};

/** Integer sum, so the rule "milestones add up to the price" is exact. */
export const milestonesTotal = (milestones: readonly { amountMinor: number }[]) =>
  milestones.reduce((total, m) => total + m.amountMinor, 0);

const milestonesAddUp = (quote: { priceMinor?: number; milestones?: { amountMinor: number }[] }) =>
  quote.priceMinor === undefined || quote.milestones === undefined
    ? true
    : milestonesTotal(quote.milestones) === quote.priceMinor;
const ADD_UP = 'The milestone amounts must add up to the total price.';

export const quoteRequestSchema = z
  .strictObject(quoteFields)
  .refine(milestonesAddUp, { message: ADD_UP, path: ['milestones'] });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** PATCH: price and milestones travel together, so the sum can always be checked. */
export const quoteUpdateSchema = z
  .strictObject({
    coverLetter: quoteFields.coverLetter.optional(),
    durationDays: quoteFields.durationDays.optional(),
    priceMinor: quoteFields.priceMinor.optional(),
    milestones: quoteFields.milestones.optional(),
  })
  .refine((q) => (q.priceMinor === undefined) === (q.milestones === undefined), {
    message: 'Send the price together with the milestones.',
    path: ['milestones'],
  })
  .refine(milestonesAddUp, { message: ADD_UP, path: ['milestones'] });

export const declineQuoteRequestSchema = z.strictObject({
  reason: multiLineText('The reason', REASON_MAX).pipe(
    z.string().min(3, 'Tell the expert briefly why you decline.'),
  ),
});
export const declineInvitationRequestSchema = z.strictObject({
  reason: multiLineText('The reason', REASON_MAX).optional(),
});

export const quoteActionSchema = z.enum(['edit', 'withdraw', 'decline', 'accept']);
export const quoteSchema = z.object({
  id: z.string(),
  status: z.enum(quoteStatuses),
  coverLetter: z.string(),
  price: z.object({ amountMinor: z.number().int(), currency: currencySchema }),
  durationDays: z.number().int(),
  milestones: z.array(
    z.object({ title: z.string(), amountMinor: z.number().int(), criteria: z.array(z.string()) }),
  ),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  project: z.object({ id: z.string(), title: z.string(), status: z.enum(projectStatuses) }),
  expert: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string().nullable(),
    avatarUrl: z.string(),
    headline: z.string().nullable(),
    rating: z.number().int(),
    reviewCount: z.number().int(),
  }),
  contractId: z.string().nullable(),
  /** What the viewer may do with it now. */
  actions: z.array(quoteActionSchema),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListResponseSchema = z.object({ quotes: z.array(quoteSchema) });
export type QuoteListResponse = z.infer<typeof quoteListResponseSchema>;

/**
 * POST /api/quotes/:id/accept: the owner accepts the terms they saw. `seenUpdatedAt` is the
 * quote's `updatedAt` as shown to them; if the expert changed the quote since, the accept is a
 * 409 instead of a contract at a price the owner never saw.
 */
export const acceptQuoteRequestSchema = z.strictObject({
  seenUpdatedAt: singleLineText('seenUpdatedAt', 40, {
    tooLong: "seenUpdatedAt must be the quote's updatedAt.",
  }).optional(),
  /**
   * The fees and auto-release period the owner was shown (GET /api/payments/terms). If the
   * marketplace changed them meanwhile, the accept is a 409 rather than a contract on other terms.
   */
  seenTerms: z
    .strictObject({
      clientFeeBps: z.number().int().min(0).max(10_000),
      expertFeeBps: z.number().int().min(0).max(10_000),
      autoReleaseDays: z.number().int().min(1).max(365),
    })
    .optional(),
});
export type AcceptQuoteRequest = z.infer<typeof acceptQuoteRequestSchema>;

export const acceptQuoteResponseSchema = z.object({ contractId: z.string(), quote: quoteSchema });
export type AcceptQuoteResponse = z.infer<typeof acceptQuoteResponseSchema>;
