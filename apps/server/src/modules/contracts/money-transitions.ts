import { formatAmount } from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { cardRefunds, contractMilestones, paymentAttempts } from '../../db/schema/index.ts';
import {
  issueExpertFeeInvoice,
  issueFeeCreditNote,
  issueFundingDocuments,
} from '../documents/money-documents.ts';
import { hold, payBonus, settle } from '../payments/escrow-money.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import { moneyParties, type LockedMilestone } from './access.ts';
import { logActivity } from './activity.ts';
import type { Attempt } from './card-payments.ts';
import { contractViewFrom, type ContractView } from './milestone-details.ts';
import { tellParties } from './notices.ts';

/*
 * The transitions that move money, applied to a milestone the caller has locked and whose
 * transition the state machine has allowed: each writes its ledger transaction, the documents,
 * the milestone's new state, the activity line and the notices, in the caller's transaction. They
 * queue these on a MoneyWrites and flush it once at the end: one call to the database for all of
 * them (decision 008, "Performance"). Called for a request (`readBack`), that call also reads the
 * contract back after the writes, and they return it for the answer; otherwise null.
 */

type Ctx = Pick<ServiceContext, 'config' | 'clock'>;
export type Locked = LockedMilestone;

export async function updateMilestone(
  tx: Executor | MoneyWrites,
  id: string,
  changes: Partial<typeof contractMilestones.$inferInsert>,
): Promise<void> {
  if (tx instanceof MoneyWrites) {
    tx.updateMilestone(id, changes);
    return;
  }
  await tx
    .update(contractMilestones)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(contractMilestones.id, id));
}

const money = (locked: Locked, minor: number) => formatAmount(minor, locked.contract.currency);

/** The card confirmed a funding charge: hold the money, and tell the expert they can start. */
export async function fundedMoney(
  tx: Executor,
  ctx: Ctx,
  locked: Locked,
  attempt: Attempt,
  readBack = false,
): Promise<ContractView | null> {
  const writes = new MoneyWrites(tx);
  const { contract, milestone, clientName } = locked;
  const transactionId = await hold(writes, moneyParties(contract), milestone, attempt.feeMinor, {
    by: attempt.userId,
    memo: `Fund “${milestone.title}”`,
  });
  await issueFundingDocuments(writes, locked, attempt, transactionId, ctx.clock.now());
  await updateMilestone(writes, milestone.id, { status: 'funded', fundedAt: ctx.clock.now() });
  const charged = money(locked, attempt.amountMinor + attempt.feeMinor);
  const card = `${attempt.cardBrand ?? 'card'} ending ${attempt.cardLast4 ?? '····'}`;
  await logActivity(writes, {
    contractId: contract.id,
    milestoneId: milestone.id,
    actorId: attempt.userId,
    kind: 'milestone_funded',
    text: `${clientName} funded “${milestone.title}”: ${charged} charged to ${card} (${money(locked, attempt.amountMinor)} held in escrow + ${money(locked, attempt.feeMinor)} marketplace fee).`,
  });
  await tellParties(writes, ctx, locked, 'milestone_funded', {
    expert: {
      title: 'Milestone funded: you can start',
      body: `${clientName} funded “${milestone.title}”. ${money(locked, attempt.amountMinor)} is held in escrow, so you can start work on it now.`,
    },
    client: {
      title: 'Payment received',
      body: `${charged} was charged to your ${card}. ${money(locked, attempt.amountMinor)} is held in escrow for “${milestone.title}” until you approve the work.`,
    },
  });
  return readBackFrom(writes, locked, readBack);
}

/** Flushes the writes; with `readBack`, the contract as the same call read it after them. */
async function readBackFrom(writes: MoneyWrites, locked: Locked, readBack: boolean) {
  return contractViewFrom(await writes.flush(readBack ? locked.contract.id : null));
}

export type ReleaseKind = 'approved' | 'auto' | 'resolved';

/** Everything held goes to the expert, less the service fee. */
export async function releaseMilestone(
  tx: Executor,
  ctx: Ctx,
  locked: Locked,
  how: { by: string | null; kind: ReleaseKind; note?: string },
  readBack = false,
): Promise<ContractView | null> {
  const writes = new MoneyWrites(tx);
  await queueRelease(writes, ctx, locked, how);
  return readBackFrom(writes, locked, readBack);
}

async function queueRelease(
  tx: MoneyWrites,
  ctx: Ctx,
  locked: Locked,
  how: { by: string | null; kind: ReleaseKind; note?: string },
): Promise<void> {
  const { contract, milestone, clientName, expertName } = locked;
  const settlement = await settle(
    tx,
    moneyParties(contract),
    milestone.id,
    milestone.amountMinor,
    { by: how.by, memo: `Release “${milestone.title}”` },
    locked.hold,
  );
  const now = ctx.clock.now();
  await issueExpertFeeInvoice(
    tx,
    locked,
    {
      grossMinor: settlement.toExpertMinor,
      ledgerTransactionId: settlement.transactionId,
      what: `released for “${milestone.title}”`,
    },
    now,
  );
  await updateMilestone(tx, milestone.id, {
    status: 'released',
    settledAt: now,
    autoReleaseAt: null,
    ...(how.kind === 'resolved' ? { disputeResolution: how.note ?? null, disputeResolvedAt: now } : {}),
  });
  const amount = money(locked, settlement.toExpertMinor);
  const said = {
    approved: `${clientName} approved “${milestone.title}” and released ${amount} to ${expertName}.`,
    auto: `“${milestone.title}” was released automatically: ${amount} to ${expertName}, ${contract.autoReleaseDays} days after it was submitted.`,
    resolved:
      `A mediator resolved the dispute on “${milestone.title}”: ${amount} released to ${expertName}. ${how.note ?? ''}`.trim(),
  }[how.kind];
  await logActivity(tx, {
    contractId: contract.id,
    milestoneId: milestone.id,
    actorId: how.by,
    kind: `milestone_released_${how.kind}`,
    text: said,
  });
  await tellParties(tx, ctx, locked, 'milestone_released', {
    expert: { title: 'Payment released to you', body: said },
    client: { title: 'Milestone released', body: said },
  });
}

/** An approval with a bonus: the release, and the bonus the card just paid. */
export async function releaseWithBonus(
  executor: Executor,
  ctx: Ctx,
  locked: Locked,
  attempt: Attempt,
  readBack = false,
): Promise<ContractView | null> {
  const tx = new MoneyWrites(executor);
  await queueRelease(tx, ctx, locked, { by: attempt.userId, kind: 'approved' });
  const transactionId = await payBonus(
    tx,
    moneyParties(locked.contract),
    locked.milestone.id,
    attempt.amountMinor,
    attempt.feeMinor,
    {
      by: attempt.userId,
      memo: `Bonus on “${locked.milestone.title}”`,
    },
  );
  const now = ctx.clock.now();
  await issueFundingDocuments(tx, locked, attempt, transactionId, now);
  await issueExpertFeeInvoice(
    tx,
    locked,
    {
      grossMinor: attempt.amountMinor,
      ledgerTransactionId: transactionId,
      what: `paid as a bonus on “${locked.milestone.title}”`,
    },
    now,
  );
  const text = `${locked.clientName} added a bonus of ${money(locked, attempt.amountMinor)} for ${locked.expertName} on “${locked.milestone.title}”.`;
  await logActivity(tx, {
    contractId: locked.contract.id,
    milestoneId: locked.milestone.id,
    actorId: attempt.userId,
    kind: 'bonus_paid',
    text,
  });
  await tellParties(tx, ctx, locked, 'bonus_paid', {
    expert: { title: 'You received a bonus', body: text },
  });
  return readBackFrom(tx, locked, readBack);
}

/** The card payment that funded a milestone: what a money-back refund goes back to. */
async function fundingAttempt(tx: Executor, milestoneId: string) {
  const [attempt] = await tx
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.milestoneId, milestoneId),
        eq(paymentAttempts.purpose, 'fund'),
        eq(paymentAttempts.state, 'succeeded'),
      ),
    );
  if (!attempt) throw new Error(`milestone ${milestoneId} is held without a funding payment`);
  return attempt;
}

/**
 * Settles the hold by a refund (nothing to the expert) or a split: the client's part goes back
 * with its share of the marketplace fee, to the card through the refund outbox.
 */
export async function returnMoney(
  executor: Executor,
  ctx: Ctx,
  locked: Locked,
  how: {
    by: string | null;
    toExpertMinor: number;
    kind: 'refund' | 'resolved_refund' | 'resolved_split';
    note: string;
  },
  readBack = false,
): Promise<ContractView | null> {
  const { contract, milestone, clientName, expertName } = locked;
  const tx = new MoneyWrites(executor);
  const attempt = await fundingAttempt(executor, milestone.id);
  const settlement = await settle(
    tx,
    moneyParties(contract),
    milestone.id,
    how.toExpertMinor,
    { by: how.by, memo: `${how.kind === 'resolved_split' ? 'Split' : 'Refund'} “${milestone.title}”` },
    locked.hold,
  );
  tx.insert(cardRefunds, {
    attemptId: attempt.id,
    amountMinor: settlement.cardRefundMinor,
    currency: contract.currency,
  });
  const now = ctx.clock.now();
  if (settlement.toExpertMinor > 0)
    await issueExpertFeeInvoice(
      tx,
      locked,
      {
        grossMinor: settlement.toExpertMinor,
        ledgerTransactionId: settlement.transactionId,
        what: `released to you in the split of “${milestone.title}”`,
      },
      now,
    );
  await issueFeeCreditNote(
    tx,
    locked,
    {
      feeBackMinor: settlement.cardRefundMinor - settlement.toClientMinor,
      ledgerTransactionId: settlement.transactionId,
    },
    now,
  );
  await updateMilestone(tx, milestone.id, {
    status: how.kind === 'resolved_split' ? 'split' : 'refunded',
    settledAt: now,
    autoReleaseAt: null,
    ...(how.kind === 'refund' ? {} : { disputeResolution: how.note, disputeResolvedAt: now }),
  });
  const back = money(locked, settlement.cardRefundMinor);
  const card = `${attempt.cardBrand ?? 'card'} ending ${attempt.cardLast4 ?? '····'}`;
  const said = {
    refund: `“${milestone.title}” was refunded: ${back} goes back to ${clientName}'s ${card}, fee included. Reason: ${how.note}`,
    resolved_refund: `A mediator resolved the dispute on “${milestone.title}”: ${back} goes back to ${clientName}'s ${card}, fee included. ${how.note}`,
    resolved_split: `A mediator split “${milestone.title}”: ${money(locked, settlement.toExpertMinor)} to ${expertName}, ${money(locked, settlement.toClientMinor)} back to ${clientName} (${back} to the ${card} with the matching part of the fee). ${how.note}`,
  }[how.kind];
  await logActivity(tx, {
    contractId: contract.id,
    milestoneId: milestone.id,
    actorId: how.by,
    kind: `milestone_${how.kind}`,
    text: said,
  });
  await tellParties(tx, ctx, locked, how.kind === 'refund' ? 'milestone_refunded' : 'dispute_resolved', {
    client: {
      title: how.kind === 'resolved_split' ? 'Dispute resolved' : 'Money on its way back',
      body: said,
    },
    expert: { title: how.kind === 'refund' ? 'Milestone refunded' : 'Dispute resolved', body: said },
  });
  return readBackFrom(tx, locked, readBack);
}
