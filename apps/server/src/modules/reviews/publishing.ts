import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { expertProfiles, reviews } from '../../db/schema/index.ts';
import { lockContract, type LockedContract } from '../contracts/access.ts';
import { tellParties } from '../contracts/notices.ts';
import { enqueue } from '../jobs/queue.ts';
import { reviewDeadline } from './review-window.ts';

/*
 * Publishing ends the double-blind: the contract's hidden reviews become visible to the other
 * side and, for reviews of the expert, to everyone. It happens in the transaction of the second
 * review, or in the job that runs when the window closes, whichever comes first; both hold the
 * contract's row lock, and the update only touches rows still hidden, so it happens once.
 */

export const PUBLISH_REVIEWS_JOB = 'reviews.publish';

/** Schedules publication for when the window closes (once per contract, however often asked). */
export async function schedulePublication(tx: Executor, contractId: string, endedAt: Date): Promise<void> {
  await enqueue(tx, {
    kind: PUBLISH_REVIEWS_JOB,
    payload: { contractId },
    runAt: reviewDeadline(endedAt),
    dedupeKey: `${PUBLISH_REVIEWS_JOB}:${contractId}`,
  });
}

/**
 * The expert's rating_sum and rating_count, recounted from their published client reviews
 * (seeded demo reviews included). Matching's copy follows through the trigger on expert_profiles.
 */
export async function recountExpertRating(tx: Executor, expertUserId: string): Promise<void> {
  const published = and(
    eq(reviews.subjectId, expertUserId),
    eq(reviews.authorSide, 'client'),
    isNotNull(reviews.publishedAt),
  );
  await tx
    .update(expertProfiles)
    .set({
      ratingSum: sql`(select coalesce(sum(${reviews.rating}), 0)::int from ${reviews} where ${published})`,
      ratingCount: sql`(select count(*)::int from ${reviews} where ${published})`,
      updatedAt: sql`now()`,
    })
    .where(eq(expertProfiles.userId, expertUserId));
}

/** Publishes the contract's hidden reviews now; returns the sides published. */
export async function publishReviews(
  tx: Executor,
  locked: Pick<LockedContract, 'contract'>,
  now: Date,
): Promise<Array<'client' | 'expert'>> {
  const published = await tx
    .update(reviews)
    .set({ publishedAt: now })
    .where(and(eq(reviews.contractId, locked.contract.id), isNull(reviews.publishedAt)))
    .returning({ side: reviews.authorSide });
  if (published.some((review) => review.side === 'client'))
    await recountExpertRating(tx, locked.contract.expertId);
  return published.map((review) => review.side);
}

/** The job at the window's close: whatever was written is published, and its writer told. */
export async function publishReviewsJob(
  ctx: ServiceContext,
  tx: Transaction,
  payload: Record<string, unknown>,
): Promise<void> {
  const locked = await lockContract(tx, 'system', String(payload.contractId));
  const sides = await publishReviews(tx, locked, ctx.clock.now());
  if (sides.length === 0) return;
  const notice = (otherName: string) => ({
    title: 'Your review is visible now',
    body: `The review period of “${locked.contract.title}” has closed without a review from ${otherName}, so your review is visible now.`,
  });
  await tellParties(tx, ctx, locked, 'review_published', {
    ...(sides.includes('client') ? { client: notice(locked.expertName) } : {}),
    ...(sides.includes('expert') ? { expert: notice(locked.clientName) } : {}),
  });
}
