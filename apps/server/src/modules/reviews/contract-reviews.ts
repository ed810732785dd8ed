import type { ContractReviewState, WriteReviewRequest } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { contracts, reviewReplies, reviews, users } from '../../db/schema/index.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { CONTRACT_NOT_FOUND, lockContract, roleIn } from '../contracts/access.ts';
import { logActivity } from '../contracts/activity.ts';
import { tellParties } from '../contracts/notices.ts';
import { presentReview, reviewColumns } from './presenter.ts';
import { publishReviews, schedulePublication } from './publishing.ts';
import { reviewWindowOf, whyNoReview } from './review-window.ts';

/*
 * A contract's two reviews, as each side meets them: write yours once, then wait for the
 * other's (double-blind). A person who is not a party gets the same 404 as for a contract that
 * does not exist; a hidden review is never presented to anyone but its author.
 */

export const ALREADY_REVIEWED = 'You have already reviewed this contract, and a review cannot be changed.';
const CATEGORIES_NEEDED = 'Rate the quality of work, communication and timeliness, each from 1 to 5 stars.';
const NO_CATEGORIES = 'Category ratings are for reviews of experts: leave them out when you review a client.';

const shortDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

export async function writeReview(
  ctx: ServiceContext,
  user: SessionUser,
  contractId: string,
  input: WriteReviewRequest,
): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await lockContract(tx, user, contractId);
      const side = locked.actor;
      if (side !== 'client' && side !== 'expert')
        throw forbidden('Only the client or the expert of a contract can review it.');
      if (side === 'client' && !input.categories)
        throw invalid(CATEGORIES_NEEDED, [{ field: 'categories', message: CATEGORIES_NEEDED }]);
      if (side === 'expert' && input.categories)
        throw invalid(NO_CATEGORIES, [{ field: 'categories', message: NO_CATEGORIES }]);
      const now = ctx.clock.now();
      const { window, deadline } = await reviewWindowOf(tx, locked.contract, now);
      const refusal = whyNoReview(window, deadline);
      if (refusal) throw conflict(refusal);
      const written = await tx
        .select({ side: reviews.authorSide })
        .from(reviews)
        .where(eq(reviews.contractId, contractId));
      if (written.some((review) => review.side === side)) throw conflict(ALREADY_REVIEWED);
      const { contract } = locked;
      await tx.insert(reviews).values({
        contractId,
        authorSide: side,
        authorId: user.id,
        subjectId: side === 'client' ? contract.expertId : contract.clientId,
        rating: input.rating,
        quality: input.categories?.quality ?? null,
        communication: input.categories?.communication ?? null,
        timeliness: input.categories?.timeliness ?? null,
        body: input.text,
        createdAt: now,
      });
      const author = side === 'client' ? locked.clientName : locked.expertName;
      const other = side === 'client' ? 'expert' : 'client';
      await logActivity(tx, {
        contractId,
        actorId: user.id,
        kind: 'review_written',
        text: `${author} wrote a review.`,
      });
      if (written.length > 0) {
        await publishReviews(tx, locked, now);
        await tellParties(tx, ctx, locked, 'review_published', {
          [other]: {
            title: 'Both reviews are visible',
            body: `${author} has reviewed “${contract.title}” too, so both reviews are visible now.`,
          },
        });
      } else {
        await schedulePublication(tx, contractId, contract.endedAt!);
        await tellParties(tx, ctx, locked, 'review_written', {
          [other]: {
            title: `${author} reviewed your contract`,
            body: `${author} has reviewed “${contract.title}”. Write your review by ${shortDate(deadline!)}: both reviews become visible when you do, or when the review period closes.`,
          },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_REVIEWED);
    throw error;
  }
}

const clientUser = alias(users, 'review_client');
const expertUser = alias(users, 'review_expert');

/** The viewer's side of the contract's reviews; the other side's only once published. */
export async function contractReviewState(
  db: Executor,
  user: SessionUser,
  contractId: string,
  now: Date,
): Promise<ContractReviewState> {
  const [found] = await db
    .select({
      contract: contracts,
      clientFirst: clientUser.firstName,
      clientLast: clientUser.lastName,
      expertFirst: expertUser.firstName,
      expertLast: expertUser.lastName,
    })
    .from(contracts)
    .innerJoin(clientUser, eq(clientUser.id, contracts.clientId))
    .innerJoin(expertUser, eq(expertUser.id, contracts.expertId))
    .where(eq(contracts.id, contractId));
  const role = found ? roleIn(found.contract, user) : null;
  if (!found || !role) throw notFound(CONTRACT_NOT_FOUND);
  const { contract } = found;
  const { window, deadline } = await reviewWindowOf(db, contract, now);
  const rows =
    role === 'admin'
      ? []
      : await db
          .select(reviewColumns)
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.authorId))
          .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
          .where(eq(reviews.contractId, contractId));
  const mine = rows.find((row) => row.review.authorSide === role) ?? null;
  const theirs = rows.find((row) => row.review.authorSide !== role) ?? null;
  const otherName =
    role === 'client'
      ? `${found.expertFirst} ${found.expertLast}`.trim()
      : `${found.clientFirst} ${found.clientLast}`.trim();
  return {
    contractId,
    role,
    window,
    deadline: deadline?.toISOString() ?? null,
    canWrite: role !== 'admin' && window === 'open' && !mine,
    writesCategories: role === 'client',
    otherName,
    mine: mine ? presentReview(mine) : null,
    // Double-blind: the other side's review leaves the server only once it is published.
    theirs: theirs?.review.publishedAt ? presentReview(theirs) : null,
    otherHasWritten: theirs !== null,
  };
}
