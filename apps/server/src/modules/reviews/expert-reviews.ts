import type { ExpertReviewsResponse, Review } from '@sciwise/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { expertProfiles, reviewReplies, reviews, users } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { presentReview, reviewColumns } from './presenter.ts';

/*
 * An expert's reviews in public: the published reviews clients wrote about them, newest first,
 * with the expert's answers. Hidden (unpublished) reviews never appear here, for anyone.
 */

const EXPERT_NOT_FOUND = 'We could not find that expert.';
const REVIEW_NOT_FOUND = 'We could not find that review.';
export const ALREADY_ANSWERED = 'You have already answered this review, and an answer cannot be changed.';

const publishedReviewsOf = (expertUserId: string) =>
  and(eq(reviews.subjectId, expertUserId), eq(reviews.authorSide, 'client'), isNotNull(reviews.publishedAt));

const average = (value: string | null) => (value === null ? null : Number(value));

export async function listExpertReviews(
  db: Executor,
  slug: string,
  query: { cursor?: string | undefined; limit: number },
  viewer: SessionUser | null,
): Promise<ExpertReviewsResponse> {
  const [profile] = await db
    .select({
      userId: expertProfiles.userId,
      ratingCenti: expertProfiles.ratingCenti,
      ratingCount: expertProfiles.ratingCount,
    })
    .from(expertProfiles)
    .where(and(eq(expertProfiles.slug, slug), sql`${expertProfiles.status} = 'approved'`));
  if (!profile) throw notFound(EXPERT_NOT_FOUND);
  const conditions = [publishedReviewsOf(profile.userId)];
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor, 'reviews');
    conditions.push(
      sql`(${reviews.publishedAt}, ${reviews.id}) < (to_timestamp(0) + ${cursor.key}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      ...reviewColumns,
      micros: sql<string>`(extract(epoch from ${reviews.publishedAt}) * 1000000)::bigint::text`,
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(and(...conditions))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(query.limit + 1);
  const { shown, nextCursor } = pageOf(rows, query.limit, (last) => ({
    sort: 'reviews',
    key: Number(last.micros),
    id: last.review.id,
  }));
  const [categories] = await db
    .select({
      quality: sql<string | null>`round(avg(${reviews.quality}), 2)::text`,
      communication: sql<string | null>`round(avg(${reviews.communication}), 2)::text`,
      timeliness: sql<string | null>`round(avg(${reviews.timeliness}), 2)::text`,
      count: sql<number>`count(${reviews.quality})::int`,
    })
    .from(reviews)
    .where(and(publishedReviewsOf(profile.userId), isNotNull(reviews.quality)));
  return {
    summary: {
      ratingAverage: profile.ratingCount > 0 ? profile.ratingCenti / 100 : null,
      reviewCount: profile.ratingCount,
      categories: {
        quality: average(categories?.quality ?? null),
        communication: average(categories?.communication ?? null),
        timeliness: average(categories?.timeliness ?? null),
      },
      categoryCount: categories?.count ?? 0,
    },
    reviews: shown.map(presentReview),
    nextCursor,
    viewerIsExpert: viewer?.id === profile.userId,
  };
}

/** The reviewed expert answers a published review of them, once, in public. */
export async function answerReview(
  ctx: ServiceContext,
  user: SessionUser,
  reviewId: string,
  text: string,
): Promise<Review> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
      // Hidden reviews do not exist for anyone who may answer; reviews of clients are not public.
      const party = review && (review.subjectId === user.id || review.authorId === user.id);
      if (!review || !review.publishedAt || (review.authorSide === 'expert' && !party))
        throw notFound(REVIEW_NOT_FOUND);
      if (review.authorSide !== 'client' || review.subjectId !== user.id)
        throw forbidden('Only the expert who was reviewed can answer a review.');
      const [answered] = await tx
        .select({ id: reviewReplies.reviewId })
        .from(reviewReplies)
        .where(eq(reviewReplies.reviewId, reviewId));
      if (answered) throw conflict(ALREADY_ANSWERED);
      await tx
        .insert(reviewReplies)
        .values({ reviewId, authorId: user.id, body: text, createdAt: ctx.clock.now() });
      const [row] = await tx
        .select(reviewColumns)
        .from(reviews)
        .leftJoin(users, eq(users.id, reviews.authorId))
        .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
        .where(eq(reviews.id, reviewId));
      return presentReview(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_ANSWERED);
    throw error;
  }
}
