import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { contractMilestones, contracts, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { MoneyParties } from '../payments/escrow-money.ts';
import type { MilestoneActor } from './milestone-states.ts';

export type ContractRow = typeof contracts.$inferSelect;
export type MilestoneRow = typeof contractMilestones.$inferSelect;
export type PartyRole = 'client' | 'expert' | 'admin';

export const CONTRACT_NOT_FOUND = 'We could not find that contract.';
export const MILESTONE_NOT_FOUND = 'We could not find that milestone.';

/** The viewer's side of a contract; admins see every contract; anyone else none. */
export function roleIn(
  contract: Pick<ContractRow, 'clientId' | 'expertId'>,
  user: SessionUser,
): PartyRole | null {
  if (contract.clientId === user.id) return 'client';
  if (contract.expertId === user.id) return 'expert';
  if (user.role === 'admin') return 'admin';
  return null;
}

export interface LockedContract {
  contract: ContractRow;
  clientName: string;
  expertName: string;
  /** 'system' when a job acts (auto-release, reminders). */
  actor: MilestoneActor;
}

const client = alias(users, 'client_user');
const expert = alias(users, 'expert_user');
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Locks the contract row FOR UPDATE. Every change to a contract or its milestones takes this
 * lock first (then the milestone's), so concurrent changes queue instead of deadlocking. A person
 * who is not a party (nor an admin) gets the same 404 as for a contract that does not exist.
 */
export async function lockContract(
  tx: Executor,
  user: SessionUser | 'system',
  contractId: string,
  notFoundMessage = CONTRACT_NOT_FOUND,
): Promise<LockedContract> {
  const [row] = await tx
    .select({ contract: contracts, client, expert })
    .from(contracts)
    .innerJoin(client, eq(client.id, contracts.clientId))
    .innerJoin(expert, eq(expert.id, contracts.expertId))
    .where(eq(contracts.id, contractId))
    .for('update', { of: contracts });
  const actor = !row ? null : user === 'system' ? 'system' : roleIn(row.contract, user);
  if (!row || !actor) throw notFound(notFoundMessage);
  return {
    contract: row.contract,
    clientName: fullName(row.client),
    expertName: fullName(row.expert),
    actor,
  };
}

/** Locks the milestone's contract, then the milestone itself. */
export async function lockMilestone(
  tx: Executor,
  user: SessionUser | 'system',
  milestoneId: string,
): Promise<LockedContract & { milestone: MilestoneRow }> {
  const [peek] = await tx
    .select({ contractId: contractMilestones.contractId })
    .from(contractMilestones)
    .where(eq(contractMilestones.id, milestoneId));
  if (!peek) throw notFound(MILESTONE_NOT_FOUND);
  const locked = await lockContract(tx, user, peek.contractId, MILESTONE_NOT_FOUND);
  const [milestone] = await tx
    .select()
    .from(contractMilestones)
    .where(eq(contractMilestones.id, milestoneId))
    .for('update');
  return { ...locked, milestone: milestone! };
}

export function moneyParties(contract: ContractRow): MoneyParties {
  return {
    contractId: contract.id,
    clientId: contract.clientId,
    expertId: contract.expertId,
    currency: contract.currency,
    expertFeeBps: contract.expertFeeBps,
  };
}
