import { REVIEW_WINDOW_DAYS, type ContractReviewState } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contractMilestones, escrowSettlements } from '../../db/schema/index.ts';
import { DAY_MS } from '../../lib/clock.ts';
import type { ContractRow } from '../contracts/access.ts';

/*
 * When a contract can be reviewed. A contract has ended when it is completed or cancelled. A
 * completed one always can; a cancelled one only if some money reached the expert (a milestone
 * released or split before the cancellation): a contract cancelled before any work was paid for
 * has nothing to review, and letting it be reviewed would let anyone hire, cancel and rate.
 * The window runs REVIEW_WINDOW_DAYS from the end, read on the app's clock.
 */

export type ReviewWindow = ContractReviewState['window'];

export const reviewDeadline = (endedAt: Date): Date =>
  new Date(endedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);

/** Minor units the expert received from this contract's escrow (releases and splits). */
async function paidToExpertMinor(db: Executor, contractId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${escrowSettlements.toExpertMinor}), 0)::text` })
    .from(escrowSettlements)
    .innerJoin(contractMilestones, eq(contractMilestones.id, escrowSettlements.milestoneId))
    .where(eq(contractMilestones.contractId, contractId));
  return Number(row?.total ?? 0);
}

export async function reviewWindowOf(
  db: Executor,
  contract: Pick<ContractRow, 'id' | 'status' | 'endedAt'>,
  now: Date,
): Promise<{ window: ReviewWindow; deadline: Date | null }> {
  if (contract.status === 'active' || !contract.endedAt) return { window: 'not_ended', deadline: null };
  if (contract.status === 'cancelled' && (await paidToExpertMinor(db, contract.id)) === 0)
    return { window: 'not_reviewable', deadline: null };
  const deadline = reviewDeadline(contract.endedAt);
  return { window: now < deadline ? 'open' : 'closed', deadline };
}

const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Why a review cannot be written in this window, in words; null when it can. */
export function whyNoReview(window: ReviewWindow, deadline: Date | null): string | null {
  switch (window) {
    case 'open':
      return null;
    case 'not_ended':
      return 'You can review this contract once it has ended.';
    case 'not_reviewable':
      return 'This contract was cancelled before any work was paid for, so there is nothing to review.';
    case 'closed':
      return `The review period for this contract closed on ${longDate(deadline!)}: reviews can no longer be written.`;
  }
}
