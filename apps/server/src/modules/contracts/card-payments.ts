import { feeMinor, formatAmount, type fundMilestoneRequestSchema } from '@sciwise/contracts';
import type { z } from 'zod';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { cardRefunds, paymentAttempts } from '../../db/schema/index.ts';
import { AppError, conflict, invalid, paymentFailed } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { assertRoomForCard, keepPaidCard, savedCardToCharge } from '../payments/saved-cards.ts';
import { ProviderUnavailableError, type CardOnFile, type ChargeOutcome } from '../payments/provider.ts';
import { lockMilestone, type LockedContract, type MilestoneRow } from './access.ts';
import { logActivity } from './activity.ts';
import type { ChangedContract } from './contract-read.ts';
import type { ContractView } from './milestone-details.ts';
import { fundedMoney, releaseWithBonus } from './money-transitions.ts';
import { milestoneTransition } from './milestone-states.ts';

/*
 * Charging a card is not a ledger write (DESIGN §4). An attempt row is committed before the
 * processor is called, with its id as the processor's idempotency key; the ledger is written only
 * when the processor confirms. A request, its retry and the reconciler may all push the same
 * attempt: the processor answers a repeated key with the first outcome, and completing an attempt
 * happens once, under the milestone's lock. So a crash between "charged" and "recorded" neither
 * loses the money nor charges twice.
 */

export type Attempt = typeof paymentAttempts.$inferSelect;

const IN_FLIGHT =
  'A payment for this milestone is already being processed. Wait a moment, then reload the page.';
const UNREACHABLE =
  'We could not reach the card processor. If the payment went through it will show here within a few minutes, and you will never be charged twice.';

/**
 * The card behind a processor token, or a 400 that asks for the card again. Asked before the
 * milestone is locked: the processor is outside our transaction (and, on the embedded database,
 * a query outside it would wait for it to finish).
 */
export async function cardFor(ctx: ServiceContext, token: string): Promise<CardOnFile> {
  const card = await ctx.payments.describe(token);
  if (!card)
    throw invalid('This card can no longer be used. Please enter it again.', [
      { field: 'paymentToken', message: 'Enter the card again.' },
    ]);
  return card;
}

/**
 * Opens (or resumes) the live attempt of a purpose on a locked milestone: a retry of the same
 * payment with the same card resumes the attempt it started; another card while one is in flight
 * is a 409.
 */
export async function openAttempt(
  tx: Executor,
  ctx: ServiceContext,
  locked: LockedContract & { milestone: MilestoneRow },
  request: {
    user: SessionUser;
    purpose: Attempt['purpose'];
    amountMinor: number;
    token: string;
    card: CardOnFile;
  },
): Promise<Attempt> {
  const { card } = request;
  // One live attempt per milestone and purpose (a partial unique index): the insert either
  // opens it or finds the one a click a moment ago opened.
  const [opened] = await tx
    .insert(paymentAttempts)
    .values({
      purpose: request.purpose,
      milestoneId: locked.milestone.id,
      userId: request.user.id,
      amountMinor: request.amountMinor,
      feeMinor: feeMinor(request.amountMinor, locked.contract.clientFeeBps),
      currency: locked.contract.currency,
      provider: ctx.payments.name,
      paymentToken: request.token,
      cardBrand: card.brand,
      cardLast4: card.last4,
    })
    .onConflictDoNothing()
    .returning();
  if (opened) return opened;
  const [live] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.milestoneId, locked.milestone.id),
        eq(paymentAttempts.purpose, request.purpose),
        eq(paymentAttempts.state, 'created'),
      ),
    );
  if (!live || live.paymentToken !== request.token || live.amountMinor !== request.amountMinor)
    throw conflict(IN_FLIGHT);
  return live;
}

/**
 * Charges the attempt (again, harmlessly, if it was charged before) and records the outcome. For
 * the request that pays: the contract as the transaction that moved the money read it back, or
 * null when no money moved (the milestone had moved on, or the attempt was completed before).
 */
export async function pushAttempt(ctx: ServiceContext, attempt: Attempt): Promise<ContractView | null> {
  let outcome: ChargeOutcome;
  try {
    outcome = await ctx.payments.charge({
      idempotencyKey: attempt.id,
      token: attempt.paymentToken,
      amountMinor: attempt.amountMinor + attempt.feeMinor,
      currency: attempt.currency,
      description: `Sciwise ${attempt.purpose === 'fund' ? 'milestone' : 'bonus'} ${attempt.milestoneId}`,
    });
  } catch (error) {
    ctx.log.error({ err: error, attemptId: attempt.id }, 'card processor unreachable');
    throw new AppError('unavailable', UNREACHABLE);
  }
  const completed = await completeAttempt(ctx, attempt, outcome, true);
  if (completed.refundOwed) await sendCardRefunds(ctx);
  if (outcome.status === 'failed') throw paymentFailed(outcome.message);
  return completed.view;
}

/**
 * Records what the processor said, once: under the milestone's lock, only an attempt still
 * `created` is completed. A success for a milestone that moved on meanwhile (it can't be held
 * twice) is paid back to the card instead of being kept. Says whether a card refund is now owed,
 * and, with `readBack`, the contract as the money transition read it back (null if none moved).
 */
export async function completeAttempt(
  ctx: ServiceContext,
  which: Pick<Attempt, 'id' | 'milestoneId'>,
  outcome: ChargeOutcome,
  readBack = false,
): Promise<{ refundOwed: boolean; view: ContractView | null }> {
  const nothingMoved = (refundOwed: boolean) => ({ refundOwed, view: null });
  const attemptId = which.id;
  return ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, 'system', which.milestoneId);
    // Completed once: only an attempt still `created` moves on, and the update says which.
    const [attempt] = await tx
      .update(paymentAttempts)
      .set(
        outcome.status === 'failed'
          ? {
              state: 'failed',
              failureCode: outcome.code,
              failureMessage: outcome.message,
              completedAt: sql`now()`,
            }
          : { state: 'succeeded', providerChargeId: outcome.chargeId, completedAt: sql`now()` },
      )
      .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.state, 'created')))
      .returning();
    if (!attempt) return nothingMoved(false);
    const charged = formatAmount(attempt.amountMinor + attempt.feeMinor, attempt.currency);
    if (outcome.status === 'failed') {
      await logFailure(
        tx,
        locked,
        attempt,
        `A card payment of ${charged} did not go through: ${outcome.message}`,
      );
      return nothingMoved(false);
    }
    const status = locked.milestone.status;
    const stillWanted = attempt.purpose === 'fund' ? status === 'pending' : status === 'submitted';
    if (!stillWanted) {
      await tx.insert(cardRefunds).values({
        attemptId,
        amountMinor: attempt.amountMinor + attempt.feeMinor,
        currency: attempt.currency,
      });
      await logFailure(
        tx,
        locked,
        attempt,
        `A card payment of ${charged} arrived after the milestone had moved on, so it is being paid back in full.`,
      );
      return nothingMoved(true);
    }
    const view =
      attempt.purpose === 'fund'
        ? await fundedMoney(tx, ctx, locked, attempt, readBack)
        : await releaseWithBonus(tx, ctx, locked, attempt, readBack);
    return { refundOwed: false, view };
  });
}

async function logFailure(
  tx: Executor,
  locked: LockedContract & { milestone: MilestoneRow },
  attempt: Attempt,
  text: string,
) {
  await logActivity(tx, {
    contractId: locked.contract.id,
    milestoneId: locked.milestone.id,
    actorId: attempt.userId,
    kind: 'payment_failed',
    text,
  });
}

/** Asks the processor about attempts a crash (or a timeout) left open, and settles each. */
export async function reconcileAttempts(ctx: ServiceContext, olderThanMs = 2 * 60 * 1000): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - olderThanMs);
  const open = await ctx.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.state, 'created'), lt(paymentAttempts.createdAt, cutoff)))
    .limit(100);
  for (const attempt of open) {
    try {
      const outcome = await ctx.payments.findCharge(attempt.id);
      // Never seen by the processor: nothing was charged; the attempt is over.
      await completeAttempt(
        ctx,
        attempt,
        outcome ?? {
          status: 'failed',
          code: 'processing_error',
          message: 'The payment was interrupted before it reached the card processor.',
        },
      );
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
    }
  }
  await sendCardRefunds(ctx);
  return open.length;
}

/** Pays back what the ledger already returned to clients (an outbox: each refund once, by its id). */
export async function sendCardRefunds(ctx: ServiceContext): Promise<void> {
  const due = await ctx.db
    .select({ refund: cardRefunds, chargeId: paymentAttempts.providerChargeId })
    .from(cardRefunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, cardRefunds.attemptId))
    .where(eq(cardRefunds.state, 'created'))
    .limit(100);
  for (const { refund, chargeId } of due) {
    try {
      const { refundId } = await ctx.payments.refund({
        idempotencyKey: refund.id,
        chargeId: chargeId!,
        amountMinor: refund.amountMinor,
      });
      await ctx.db
        .update(cardRefunds)
        .set({ state: 'succeeded', providerRefundId: refundId, completedAt: sql`now()` })
        .where(and(eq(cardRefunds.id, refund.id), eq(cardRefunds.state, 'created')));
    } catch (error) {
      ctx.log.warn({ err: error, refundId: refund.id }, 'card refund not sent yet; will retry');
    }
  }
}

/**
 * Fund: the fee is on the milestone's contract terms; the money is held when the card confirms.
 * The card is a new one (a token from the card form, kept afterwards if the payer asks) or one of
 * the payer's own saved cards.
 */
export async function fundMilestone(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  input: z.output<typeof fundMilestoneRequestSchema>,
): Promise<ChangedContract> {
  const { token, card } = input.savedCardId
    ? await savedCardToCharge(ctx, { userId: user.id, cardId: input.savedCardId })
    : { token: input.paymentToken!, card: await cardFor(ctx, input.paymentToken!) };
  // Refused before anything is charged: a card that could not be kept is said up front.
  if (input.saveCard) await assertRoomForCard(ctx, user.id);
  const { attempt, contractId } = await ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    milestoneTransition('fund', locked.milestone, locked.actor);
    const opened = await openAttempt(tx, ctx, locked, {
      user,
      purpose: 'fund',
      amountMinor: locked.milestone.amountMinor,
      token,
      card,
    });
    return { attempt: opened, contractId: locked.contract.id };
  });
  const view = await pushAttempt(ctx, attempt);
  if (input.saveCard) await keepPaidCard(ctx, user.id, token);
  return view ?? contractId;
}
