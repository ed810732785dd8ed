import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { contractBilling, contractMilestones, contracts, escrowHolds, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import {
  addresseeFrom,
  type Addressee,
  type AddresseeRow,
  type ContractBillingRow,
} from '../documents/facts.ts';
import type { Hold, MoneyParties } from '../payments/escrow-money.ts';
import type { MilestoneActor } from './milestone-states.ts';
import { rowsOf } from '../../db/rows.ts';

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

/** One side of a contract, as notices address them. */
export interface Party {
  id: string;
  firstName: string;
  email: string;
  /** Deleted accounts are told nothing by e-mail. */
  deleted: boolean;
}

export interface LockedContract {
  contract: ContractRow;
  clientName: string;
  expertName: string;
  client: Party;
  expert: Party;
  /** 'system' when a job acts (auto-release, reminders). */
  actor: MilestoneActor;
}

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/**
 * Locks the contract row FOR UPDATE. Every change to a contract or its milestones takes this
 * lock first (then the milestone's), so concurrent changes queue instead of deadlocking. A person
 * who is not a party (nor an admin) gets the same 404 as for a contract that does not exist.
 */
export async function lockContract(
  tx: Executor,
  user: SessionUser | 'system',
  contractId: string | SQL,
  notFoundMessage = CONTRACT_NOT_FOUND,
): Promise<LockedContract> {
  // Two plain statements rather than one join: on the embedded database planning the join cost
  // more than running both (9.7 against 4.2 ms).
  const [contract] = await tx.select().from(contracts).where(eq(contracts.id, contractId)).for('update');
  const actor = !contract ? null : user === 'system' ? 'system' : roleIn(contract, user);
  if (!contract || !actor) throw notFound(notFoundMessage);
  const people = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [contract.clientId, contract.expertId]));
  const party = (id: string): Party & { name: string } => {
    const person = people.find((p) => p.id === id)!;
    return {
      id,
      firstName: person.firstName,
      email: person.email,
      deleted: person.deletedAt !== null,
      name: fullName(person),
    };
  };
  const { name: clientName, ...client } = party(contract.clientId);
  const { name: expertName, ...expert } = party(contract.expertId);
  return { contract, clientName, expertName, client, expert, actor };
}

export interface LockedMilestone extends LockedContract {
  milestone: MilestoneRow;
  /** The milestone's escrow hold (null: none), read under the lock. */
  hold: Hold | null;
  /** What the documents a money transition issues print about the parties and the contract. */
  billing: { addressees: Map<string, Addressee>; contractBilling: ContractBillingRow | null };
}

interface LockedMilestoneJson {
  contract: Record<string, unknown>;
  milestone: Record<string, unknown>;
  people: (AddresseeRow & { id: string; deletedAt: string | null })[];
  contractBilling: Record<string, unknown> | null;
  hold: Record<string, unknown> | null;
}

/**
 * Locks the milestone's contract, then the milestone itself (as lockContract, the same order
 * everywhere), in one call of the database function lock_milestone (migration 0023), which also
 * reads what the money transitions need under that lock: the parties, their billing details and
 * the milestone's hold. Someone who is not a party (nor an admin) gets the same 404 as for a
 * milestone that does not exist; their transaction ends with it, and its locks.
 */
export async function lockMilestone(
  tx: Executor,
  user: SessionUser | 'system',
  milestoneId: string,
): Promise<LockedMilestone> {
  const result = await rowsOf<{ locked: LockedMilestoneJson | string | null }>(
    tx,
    sql`select lock_milestone(${milestoneId}::uuid) as locked`,
  );
  const raw = result[0]?.locked ?? null;
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as LockedMilestoneJson | null;
  const contract = json ? rowFromJson(contracts, json.contract) : null;
  const actor = !contract ? null : user === 'system' ? 'system' : roleIn(contract, user);
  if (!json || !contract || !actor) throw notFound(MILESTONE_NOT_FOUND);
  const person = (id: string) => json.people.find((p) => p.id === id)!;
  const party = (id: string): Party & { name: string } => {
    const p = person(id);
    return { id, firstName: p.firstName, email: p.email, deleted: p.deletedAt !== null, name: fullName(p) };
  };
  const { name: clientName, ...client } = party(contract.clientId);
  const { name: expertName, ...expert } = party(contract.expertId);
  return {
    contract,
    clientName,
    expertName,
    client,
    expert,
    actor,
    milestone: rowFromJson(contractMilestones, json.milestone),
    hold: json.hold ? rowFromJson(escrowHolds, json.hold) : null,
    billing: {
      addressees: new Map(json.people.map((p) => [p.id, addresseeFrom(p)])),
      contractBilling: json.contractBilling ? rowFromJson(contractBilling, json.contractBilling) : null,
    },
  };
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
