import type { DisputeQueueItem } from '@sciwise/contracts';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { contractMilestones, contracts, users } from '../../db/schema/index.ts';

const clients = alias(users, 'client_user');
const experts = alias(users, 'expert_user');
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Milestones waiting for a mediator, oldest dispute first (the caller checks the admin). */
export async function disputeQueue(db: Executor): Promise<DisputeQueueItem[]> {
  const rows = await db
    .select({ milestone: contractMilestones, contract: contracts, client: clients, expert: experts })
    .from(contractMilestones)
    .innerJoin(contracts, eq(contracts.id, contractMilestones.contractId))
    .innerJoin(clients, eq(clients.id, contracts.clientId))
    .innerJoin(experts, eq(experts.id, contracts.expertId))
    .where(eq(contractMilestones.status, 'disputed'))
    .orderBy(asc(contractMilestones.disputeOpenedAt))
    .limit(200);
  return rows.map(({ milestone, contract, client, expert }) => ({
    milestoneId: milestone.id,
    milestoneTitle: milestone.title,
    amount: { amountMinor: milestone.amountMinor, currency: milestone.currency },
    contract: { id: contract.id, title: contract.title },
    client: { id: client.id, name: fullName(client) },
    expert: { id: expert.id, name: fullName(expert) },
    openedBy: milestone.disputeOpenedBy ?? 'client',
    reason: milestone.disputeReason ?? '',
    openedAt: (milestone.disputeOpenedAt ?? milestone.updatedAt).toISOString(),
  }));
}
