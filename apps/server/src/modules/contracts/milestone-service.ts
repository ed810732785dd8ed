import {
  formatAmount,
  type RateCurrency,
  type approveMilestoneRequestSchema,
  type requestChangesRequestSchema,
  type resolveDisputeRequestSchema,
} from '@sciwise/contracts';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import { invalid } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { lockMilestone, type MilestoneRow } from './access.ts';
import type { ChangedContract } from './contract-read.ts';
import type { ContractView } from './milestone-details.ts';
import { logActivity } from './activity.ts';
import { cardFor, openAttempt, pushAttempt, sendCardRefunds } from './card-payments.ts';
import { milestoneTransition } from './milestone-states.ts';
import { releaseMilestone, returnMoney, updateMilestone } from './money-transitions.ts';
import { tellParties } from './notices.ts';
import { recordAdminAction } from '../admin/audit-log.ts';

/*
 * The milestone transitions people fire. Each locks the contract and the milestone, asks the
 * state machine (milestone-states.ts), and applies the change in the same transaction; each
 * returns the contract id so the route can answer with the whole contract.
 */

function checkCriteriaIndexes(milestone: MilestoneRow, indexes: readonly number[], field: string): void {
  const out = indexes.find((index) => index >= milestone.criteria.length);
  if (out !== undefined)
    throw invalid(`This milestone has no criterion number ${out + 1}.`, [
      { field, message: 'Unknown criterion.' },
    ]);
}

export async function requestChanges(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  input: z.output<typeof requestChangesRequestSchema>,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    const { milestone, contract } = locked;
    const status = milestoneTransition('request_changes', milestone, locked.actor);
    checkCriteriaIndexes(milestone, input.unmetCriteria, 'unmetCriteria');
    if (milestone.criteria.length > 0 && input.unmetCriteria.length === 0)
      throw invalid('Tick the acceptance criteria that are not met yet.', [
        { field: 'unmetCriteria', message: 'Name at least one unmet criterion.' },
      ]);
    const unmet = [...new Set(input.unmetCriteria)].sort((a, b) => a - b);
    await updateMilestone(tx, milestone.id, {
      status,
      autoReleaseAt: null,
      revisionReason: input.reason,
      revisionUnmet: unmet,
      revisionRequestedAt: ctx.clock.now(),
    });
    const naming =
      unmet.length > 0 ? ` Not met yet: ${unmet.map((i) => `“${milestone.criteria[i]}”`).join(', ')}.` : '';
    const text = `${locked.clientName} asked for changes to “${milestone.title}”: ${input.reason}${naming}`;
    await logActivity(tx, {
      contractId: contract.id,
      milestoneId,
      actorId: user.id,
      kind: 'changes_requested',
      text,
    });
    await tellParties(tx, ctx, locked, 'changes_requested', {
      expert: { title: 'Changes requested', body: text },
    });
    return contract.id;
  });
}

/**
 * Approve and release: every acceptance criterion ticked. Without a bonus it is one transaction;
 * a bonus is charged to the card first, and the release happens when the card confirms, so a
 * declined bonus leaves the milestone exactly as it was.
 */
export async function approveMilestone(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  input: z.output<typeof approveMilestoneRequestSchema>,
): Promise<ChangedContract> {
  const card = input.bonusMinor > 0 ? await cardFor(ctx, input.paymentToken!) : null;
  const step = await ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    const { milestone, contract } = locked;
    milestoneTransition('approve', milestone, locked.actor);
    checkCriteriaIndexes(milestone, input.metCriteria, 'metCriteria');
    const ticked = new Set(input.metCriteria);
    if (milestone.criteria.some((_, index) => !ticked.has(index)))
      throw invalid(
        'Tick every acceptance criterion to approve, or ask for changes naming the ones not met.',
        [{ field: 'metCriteria', message: 'Tick every criterion.' }],
      );
    if (!card) {
      const view = await releaseMilestone(tx, ctx, locked, { by: user.id, kind: 'approved' }, true);
      return { contractId: contract.id, attempt: null, view };
    }
    const attempt = await openAttempt(tx, ctx, locked, {
      user,
      purpose: 'bonus',
      amountMinor: input.bonusMinor,
      token: input.paymentToken!,
      card,
    });
    return { contractId: contract.id, attempt, view: null };
  });
  const view = step.attempt ? await pushAttempt(ctx, step.attempt) : step.view;
  return view ?? step.contractId;
}

/** Money back, fee included: the client before any submission, the expert whenever money is held. */
export async function refundMilestone(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  reason: string,
): Promise<ChangedContract> {
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    milestoneTransition('refund', locked.milestone, locked.actor);
    const how = { by: user.id, toExpertMinor: 0, kind: 'refund', note: reason } as const;
    return (await returnMoney(tx, ctx, locked, how, true)) ?? locked.contract.id;
  });
  await sendCardRefunds(ctx);
  return changed;
}

export async function openDispute(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  reason: string,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    const { milestone, contract } = locked;
    const status = milestoneTransition('dispute', milestone, locked.actor);
    const side = locked.actor === 'client' ? 'client' : 'expert';
    await updateMilestone(tx, milestone.id, {
      status,
      autoReleaseAt: null,
      disputeOpenedBy: side,
      disputeReason: reason,
      disputeOpenedAt: ctx.clock.now(),
      disputeResolution: null,
      disputeResolvedAt: null,
    });
    const name = side === 'client' ? locked.clientName : locked.expertName;
    const held = formatAmount(milestone.amountMinor, contract.currency);
    const text = `${name} opened a dispute on “${milestone.title}”: ${reason} The ${held} stays in escrow until a mediator decides.`;
    await logActivity(tx, {
      contractId: contract.id,
      milestoneId,
      actorId: user.id,
      kind: 'dispute_opened',
      text,
    });
    await tellParties(tx, ctx, locked, 'dispute_opened', {
      [side === 'client' ? 'expert' : 'client']: { title: 'A dispute was opened', body: text },
      admins: { title: 'A dispute needs a mediator', body: text },
    });
    return contract.id;
  });
}

/** An admin decides a dispute: release, refund, or a split whose parts add up to the hold. */
/** How a mediator decided, in words for the audit log. */
function disputeOutcomeText(
  input: z.output<typeof resolveDisputeRequestSchema>,
  currency: RateCurrency,
): string {
  if (input.outcome === 'release') return 'Released to the expert';
  if (input.outcome === 'refund') return 'Refunded to the client';
  return `Split, ${formatAmount(input.expertShareMinor!, currency)} to the expert`;
}

export async function resolveDispute(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  input: z.output<typeof resolveDisputeRequestSchema>,
): Promise<ChangedContract> {
  const changed = await ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    const { milestone } = locked;
    milestoneTransition(`resolve_${input.outcome}`, milestone, locked.actor);
    let view: ContractView | null;
    if (input.outcome === 'release') {
      const how = { by: user.id, kind: 'resolved', note: input.note } as const;
      view = await releaseMilestone(tx, ctx, locked, how, true);
    } else if (input.outcome === 'refund') {
      const how = { by: user.id, toExpertMinor: 0, kind: 'resolved_refund', note: input.note } as const;
      view = await returnMoney(tx, ctx, locked, how, true);
    } else {
      const share = input.expertShareMinor!;
      if (share >= milestone.amountMinor)
        throw invalid(
          `The expert's share must be less than the ${formatAmount(milestone.amountMinor, locked.contract.currency)} held; to give all of it, release instead.`,
          [{ field: 'expertShareMinor', message: 'Less than the held amount.' }],
        );
      const how = { by: user.id, toExpertMinor: share, kind: 'resolved_split', note: input.note } as const;
      view = await returnMoney(tx, ctx, locked, how, true);
    }
    await recordAdminAction(tx, {
      actorId: user.id,
      action: 'dispute_resolved',
      contractId: locked.contract.id,
      reason: `${disputeOutcomeText(input, locked.contract.currency)} (${milestone.title}): ${input.note}`,
    });
    return view ?? locked.contract.id;
  });
  await sendCardRefunds(ctx);
  return changed;
}
