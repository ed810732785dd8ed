import { z } from 'zod';
import { multiLineText, pageCursorSchema } from './text.ts';

/*
 * Reviews after a contract ends (DESIGN §3). Each side rates the other once; the client also
 * rates the expert on the categories clients care about. Double-blind: neither side reads the
 * other's review until both have written one or the review window has closed.
 */

/** Days after a contract ends during which both sides may review; then whatever was written is published. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_REPLY_MIN = 2;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEWS_PAGE_MAX = 50;

export const reviewCategories = ['quality', 'communication', 'timeliness'] as const;
export type ReviewCategory = (typeof reviewCategories)[number];
export const reviewCategoryLabels: Record<ReviewCategory, string> = {
  quality: 'Quality of work',
  communication: 'Communication',
  timeliness: 'Timeliness',
};

const stars = (label: string) =>
  z
    .number({ error: `Choose ${label} from 1 to 5 stars.` })
    .int(`Choose ${label} from 1 to 5 stars.`)
    .min(1, `Choose ${label} from 1 to 5 stars.`)
    .max(5, `Choose ${label} from 1 to 5 stars.`);

export const reviewCategoryRatingsSchema = z.strictObject({
  quality: stars('the quality of work'),
  communication: stars('communication'),
  timeliness: stars('timeliness'),
});
export type ReviewCategoryRatings = z.infer<typeof reviewCategoryRatingsSchema>;

/**
 * POST /api/contracts/:id/reviews. `categories` is required from the client (rating the expert)
 * and refused from the expert (rating the client); the server knows which side is writing.
 */
export const writeReviewRequestSchema = z.strictObject({
  rating: stars('an overall rating'),
  categories: reviewCategoryRatingsSchema.optional(),
  text: multiLineText('Your review', REVIEW_TEXT_MAX).pipe(
    z.string().min(REVIEW_TEXT_MIN, `Write at least ${REVIEW_TEXT_MIN} characters about how it went.`),
  ),
});
export type WriteReviewRequest = z.infer<typeof writeReviewRequestSchema>;

export const replyToReviewRequestSchema = z.strictObject({
  text: multiLineText('Your answer', REVIEW_REPLY_MAX).pipe(
    z.string().min(REVIEW_REPLY_MIN, 'Write your answer before sending it.'),
  ),
});
export type ReplyToReviewRequest = z.infer<typeof replyToReviewRequestSchema>;

export const reviewReplySchema = z.object({ text: z.string(), createdAt: z.string() });

export const reviewSchema = z.object({
  id: z.string(),
  /** Who wrote it: the client (about the expert) or the expert (about the client). */
  authorSide: z.enum(['client', 'expert']),
  /** First name and initial, as the public sees it; "Demo client" for seeded demo reviews. */
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  categories: reviewCategoryRatingsSchema.nullable(),
  text: z.string(),
  createdAt: z.string(),
  /** When it became visible to the other side and, for reviews of experts, the public. */
  publishedAt: z.string().nullable(),
  /** Demo data made by the seed, not a review from a real contract. */
  seeded: z.boolean(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * GET /api/contracts/:id/reviews: the viewer's side of a contract's reviews. `theirs` is only
 * ever present once published; a hidden review never leaves the server.
 */
export const contractReviewStateSchema = z.object({
  contractId: z.string(),
  role: z.enum(['client', 'expert', 'admin']),
  /**
   * not_ended: the contract is still running; not_reviewable: cancelled before any work was
   * paid for; open: reviews may be written until `deadline`; closed: the window has closed.
   */
  window: z.enum(['not_ended', 'not_reviewable', 'open', 'closed']),
  /** When the window closes (the contract's end plus REVIEW_WINDOW_DAYS); null before it ends. */
  deadline: z.string().nullable(),
  /** The viewer may write their review now. */
  canWrite: z.boolean(),
  /** The viewer rates the categories too (the client rating the expert). */
  writesCategories: z.boolean(),
  /** Whom the viewer reviews, and who reviews them. */
  otherName: z.string(),
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
  /** The other side has written theirs (its content stays hidden until it is published). */
  otherHasWritten: z.boolean(),
});
export type ContractReviewState = z.infer<typeof contractReviewStateSchema>;

export const expertReviewsQuerySchema = z.strictObject({
  cursor: pageCursorSchema(200, 'That page link is not valid; start again from the first page.').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(REVIEWS_PAGE_MAX, `limit must be at most ${REVIEWS_PAGE_MAX}.`)
    .default(10),
});
export type ExpertReviewsQuery = z.input<typeof expertReviewsQuerySchema>;

export const reviewSummarySchema = z.object({
  /** Average of the published client reviews, two decimals; null without reviews. */
  ratingAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Averages of the category ratings, over the reviews that have them (seeded ones do not). */
  categories: z.object({
    quality: z.number().nullable(),
    communication: z.number().nullable(),
    timeliness: z.number().nullable(),
  }),
  categoryCount: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /api/experts/:slug/reviews: published reviews of the expert, newest first. */
export const expertReviewsResponseSchema = z.object({
  summary: reviewSummarySchema,
  reviews: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
  /** The viewer is this expert and may answer the reviews that have no answer yet. */
  viewerIsExpert: z.boolean(),
});
export type ExpertReviewsResponse = z.infer<typeof expertReviewsResponseSchema>;
