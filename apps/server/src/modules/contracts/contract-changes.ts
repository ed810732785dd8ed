import { formatAmount, type ProposeMilestoneRequest } from '@sciwise/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { contractMilestones, contracts, paymentAttempts, projects } from '../../db/schema/index.ts';
import { conflict, forbidden } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { projectTransition } from '../projects/project-states.ts';
import { lockContract, lockMilestone, type LockedContract } from './access.ts';
import { logActivity } from './activity.ts';
import { finalStates, isHeld, milestoneTransition } from './milestone-states.ts';
import { updateMilestone } from './money-transitions.ts';
import { tellParties } from './notices.ts';

/*
 * Changing a running contract: a milestone added by one side and accepted by the other, and the
 * end of the contract (completed when every milestone is settled; cancelled when no money is
 * held). The rules of who may do what to a milestone stay in milestone-states.ts.
 */

const nameOf = (locked: LockedContract, side: 'client' | 'expert') =>
  side === 'client' ? locked.clientName : locked.expertName;

function partySide(locked: LockedContract, doing: string): 'client' | 'expert' {
  if (locked.actor !== 'client' && locked.actor !== 'expert')
    throw forbidden(`Only the client or the expert can ${doing}.`);
  return locked.actor;
}

function assertActive(locked: LockedContract): void {
  if (locked.contract.status !== 'active')
    throw conflict(
      `This contract has ${locked.contract.status === 'completed' ? 'ended' : 'been cancelled'}, so it can't change any more.`,
    );
}

export async function proposeMilestone(
  ctx: ServiceContext,
  user: SessionUser,
  contractId: string,
  input: Required<ProposeMilestoneRequest>,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockContract(tx, user, contractId);
    const side = partySide(locked, 'propose a milestone');
    assertActive(locked);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${contractMilestones.position}), 0)::int` })
      .from(contractMilestones)
      .where(eq(contractMilestones.contractId, contractId));
    const [milestone] = await tx
      .insert(contractMilestones)
      .values({
        contractId,
        position: (last?.position ?? 0) + 1,
        title: input.title,
        amountMinor: input.amountMinor,
        currency: locked.contract.currency,
        criteria: input.criteria,
        status: 'proposed',
        proposedBy: side,
      })
      .returning({ id: contractMilestones.id });
    const text = `${nameOf(locked, side)} proposed a new milestone, “${input.title}”, for ${formatAmount(input.amountMinor, locked.contract.currency)}.`;
    await logActivity(tx, {
      contractId,
      milestoneId: milestone!.id,
      actorId: user.id,
      kind: 'milestone_proposed',
      text,
    });
    await tellParties(tx, ctx, locked, 'milestone_proposed', {
      [side === 'client' ? 'expert' : 'client']: {
        title: 'A milestone was proposed',
        body: `${text} Accept or decline it in the workspace.`,
      },
    });
    return contractId;
  });
}

export type ProposalAnswer = 'accept_proposal' | 'decline_proposal' | 'withdraw_proposal';

const answerWords: Record<ProposalAnswer, { kind: string; verb: string }> = {
  accept_proposal: { kind: 'milestone_added', verb: 'accepted' },
  decline_proposal: { kind: 'proposal_declined', verb: 'declined' },
  withdraw_proposal: { kind: 'proposal_withdrawn', verb: 'withdrew' },
};

export async function answerProposal(
  ctx: ServiceContext,
  user: SessionUser,
  milestoneId: string,
  answer: ProposalAnswer,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockMilestone(tx, user, milestoneId);
    const { milestone, contract } = locked;
    const status = milestoneTransition(answer, milestone, locked.actor);
    await updateMilestone(tx, milestoneId, { status });
    if (answer === 'accept_proposal')
      await tx
        .update(contracts)
        .set({ priceMinor: sql`${contracts.priceMinor} + ${milestone.amountMinor}`, updatedAt: sql`now()` })
        .where(eq(contracts.id, contract.id));
    const side = partySide(locked, 'answer a proposal');
    const { kind, verb } = answerWords[answer];
    const text = `${nameOf(locked, side)} ${verb} the proposed milestone “${milestone.title}” (${formatAmount(milestone.amountMinor, contract.currency)}).`;
    await logActivity(tx, { contractId: contract.id, milestoneId, actorId: user.id, kind, text });
    await tellParties(tx, ctx, locked, kind, {
      [side === 'client' ? 'expert' : 'client']: {
        title: `Proposal ${verb === 'withdrew' ? 'withdrawn' : verb}`,
        body: text,
      },
    });
    return contract.id;
  });
}

async function lockMilestones(tx: Executor, contractId: string) {
  return tx
    .select()
    .from(contractMilestones)
    .where(eq(contractMilestones.contractId, contractId))
    .orderBy(asc(contractMilestones.position))
    .for('update');
}

/** What stops the contract from being cancelled now, in words, or null. */
export function whyNotCancel(milestones: readonly { status: string; title: string }[]): string | null {
  const held = milestones.find((m) => isHeld(m.status as never));
  return held
    ? `“${held.title}” still has money in escrow: release it, refund it or settle its dispute first.`
    : null;
}

/** Ends the contract: completed once every milestone is settled, or cancelled with a reason. */
export async function closeContract(
  ctx: ServiceContext,
  user: SessionUser,
  contractId: string,
  how: { kind: 'end' } | { kind: 'cancel'; reason: string },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockContract(tx, user, contractId);
    const side = partySide(locked, how.kind === 'end' ? 'end the contract' : 'cancel the contract');
    assertActive(locked);
    const milestones = await lockMilestones(tx, contractId);
    if (how.kind === 'end') {
      const open = milestones.find((m) => !finalStates.includes(m.status));
      if (open || milestones.length === 0)
        throw conflict(
          open
            ? `“${open.title}” is not settled yet: a contract ends when every milestone is released or refunded.`
            : 'This contract has no milestones to complete.',
        );
    } else {
      const blocker = whyNotCancel(milestones);
      if (blocker) throw conflict(blocker);
      const [paying] = await tx
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .innerJoin(contractMilestones, eq(contractMilestones.id, paymentAttempts.milestoneId))
        .where(and(eq(contractMilestones.contractId, contractId), eq(paymentAttempts.state, 'created')));
      if (paying)
        throw conflict('A card payment for this contract is being processed. Try again in a few minutes.');
      for (const m of milestones)
        if (!finalStates.includes(m.status))
          await updateMilestone(tx, m.id, { status: milestoneTransition('cancel', m, 'system') });
    }
    const status = how.kind === 'end' ? 'completed' : 'cancelled';
    await tx
      .update(contracts)
      .set({
        status,
        endedAt: ctx.clock.now(),
        endReason: how.kind === 'cancel' ? how.reason : null,
        updatedAt: sql`now()`,
      })
      .where(eq(contracts.id, contractId));
    const [project] = await tx
      .select({ status: projects.status })
      .from(projects)
      .where(eq(projects.id, locked.contract.projectId))
      .for('update');
    await tx
      .update(projects)
      .set({
        status: projectTransition(how.kind === 'end' ? 'complete' : 'abandon', project!.status, 'system'),
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, locked.contract.projectId));
    const who = nameOf(locked, side);
    const text =
      how.kind === 'end'
        ? `${who} ended the contract: every milestone is settled.`
        : `${who} cancelled the contract: ${how.reason}`;
    await logActivity(tx, { contractId, actorId: user.id, kind: `contract_${status}`, text });
    await tellParties(tx, ctx, locked, `contract_${status}`, {
      [side === 'client' ? 'expert' : 'client']: {
        title: how.kind === 'end' ? 'Contract completed' : 'Contract cancelled',
        body: text,
      },
    });
    return contractId;
  });
}
