import {
  feeMinor,
  type Contract,
  type ContractAction,
  type ContractListItem,
  type Milestone,
} from '@sciwise/contracts';
import { asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  contractMilestones,
  contracts as c,
  expertProfiles,
  projects,
  quotes,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { CONTRACT_NOT_FOUND, roleIn, type ContractRow, type MilestoneRow } from './access.ts';
import { contractView, type ContractView, type MilestoneDetail } from './milestone-details.ts';
import { finalStates, isHeld, milestoneActions } from './milestone-states.ts';
import { nextStep } from './next-step.ts';

const clients = alias(users, 'client_user');
const experts = alias(users, 'expert_user');
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

async function selectContracts(db: Executor, where: SQL) {
  return db
    .select({
      contract: c,
      projectTitle: projects.title,
      durationDays: quotes.durationDays,
      client: { id: clients.id, firstName: clients.firstName, lastName: clients.lastName },
      expert: { id: experts.id, firstName: experts.firstName, lastName: experts.lastName },
      expertSlug: expertProfiles.slug,
    })
    .from(c)
    .innerJoin(projects, eq(projects.id, c.projectId))
    .innerJoin(quotes, eq(quotes.id, c.quoteId))
    .innerJoin(clients, eq(clients.id, c.clientId))
    .innerJoin(experts, eq(experts.id, c.expertId))
    .leftJoin(expertProfiles, eq(expertProfiles.userId, c.expertId))
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(200);
}
type ContractSelection = Pick<
  Awaited<ReturnType<typeof selectContracts>>[number],
  'contract' | 'projectTitle' | 'durationDays' | 'client' | 'expert' | 'expertSlug'
>;

function baseOf(row: ContractSelection, viewer: SessionUser, milestones: readonly MilestoneRow[]) {
  const role = roleIn(row.contract, viewer)!;
  const clientName = fullName(row.client);
  const expertName = fullName(row.expert);
  return {
    id: row.contract.id,
    title: row.contract.title,
    status: row.contract.status,
    price: { amountMinor: row.contract.priceMinor, currency: row.contract.currency },
    project: { id: row.contract.projectId, title: row.projectTitle },
    client: { id: row.client.id, name: clientName },
    expert: { id: row.expert.id, name: expertName, slug: row.expertSlug },
    durationDays: row.durationDays,
    role,
    createdAt: row.contract.createdAt.toISOString(),
    nextStep: nextStep({ status: row.contract.status, clientName, expertName }, milestones, role),
  };
}

async function milestonesOf(db: Executor, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .select()
    .from(contractMilestones)
    .where(inArray(contractMilestones.contractId, [...contractIds]))
    .orderBy(asc(contractMilestones.position));
}

/** The contracts the person is a party to, on either side, each with its next step. */
export async function listMyContracts(db: Executor, user: SessionUser): Promise<ContractListItem[]> {
  const rows = await selectContracts(db, or(eq(c.clientId, user.id), eq(c.expertId, user.id))!);
  const milestones = await milestonesOf(
    db,
    rows.map((row) => row.contract.id),
  );
  return rows.map((row) => {
    const own = milestones.filter((m) => m.contractId === row.contract.id && m.status !== 'cancelled');
    return { ...baseOf(row, user, own), milestoneCount: own.filter((m) => m.status !== 'proposed').length };
  });
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Parties and admins only; anyone else gets the same 404 as for a contract that does not exist. */
export async function getContract(db: Executor, user: SessionUser, id: string): Promise<Contract> {
  return presentContract(await contractView(db, id), user);
}

/**
 * What a change to a contract hands its route to answer with: the contract's id, or the contract
 * as the change's own transaction read it back after its writes (a money transition does, in the
 * call that writes, MoneyWrites.flush), which saves reading it again.
 */
export type ChangedContract = string | ContractView;

/** The contract a change answers with, as getContract presents it. */
export async function changedContract(
  db: Executor,
  user: SessionUser,
  changed: ChangedContract,
): Promise<Contract> {
  return typeof changed === 'string' ? getContract(db, user, changed) : presentContract(changed, user);
}

function presentContract(view: ContractView | null, user: SessionUser): Contract {
  if (!view || !roleIn(view.row.contract, user)) throw notFound(CONTRACT_NOT_FOUND);
  const { row, details } = view;
  const contract = row.contract;
  const milestones = details.map((d) => d.milestone);
  const base = baseOf(row, user, milestones);
  const money = (amountMinor: number) => ({ amountMinor, currency: contract.currency });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    ...base,
    quoteId: contract.quoteId,
    fees: { clientFeeBps: contract.clientFeeBps, expertFeeBps: contract.expertFeeBps },
    autoReleaseDays: contract.autoReleaseDays,
    escrow: {
      held: money(sum(details.map((d) => d.heldMinor))),
      released: money(sum(details.map((d) => d.toExpertMinor ?? 0))),
      refunded: money(sum(details.map((d) => d.toClientMinor ?? 0))),
    },
    milestones: details.map((d) =>
      presentMilestone(
        d,
        contract,
        contract.status === 'active' ? milestoneActions(d.milestone, base.role) : [],
      ),
    ),
    actions: contractActions(contract.status, base.role, milestones),
    endedAt: iso(contract.endedAt),
  };
}

function presentMilestone(
  detail: MilestoneDetail,
  contract: Pick<ContractRow, 'currency' | 'clientFeeBps' | 'expertFeeBps'>,
  actions: Milestone['actions'],
): Milestone {
  const m = detail.milestone;
  const money = (amountMinor: number) => ({ amountMinor, currency: contract.currency });
  const clientFee = detail.holdFeeMinor ?? feeMinor(m.amountMinor, contract.clientFeeBps);
  const expertFee = feeMinor(m.amountMinor, contract.expertFeeBps);
  return {
    id: m.id,
    position: m.position,
    title: m.title,
    amount: money(m.amountMinor),
    criteria: m.criteria,
    status: m.status,
    proposedBy: m.proposedBy,
    funding: { fee: money(clientFee), total: money(m.amountMinor + clientFee) },
    release: { fee: money(expertFee), net: money(m.amountMinor - expertFee) },
    fundedAt: iso(m.fundedAt),
    paidWith: detail.paidWith,
    submittedAt: iso(m.submittedAt),
    autoReleaseAt: iso(m.autoReleaseAt),
    settledAt: iso(m.settledAt),
    settlement:
      detail.toExpertMinor !== null && detail.toClientMinor !== null
        ? {
            toExpert: money(detail.toExpertMinor),
            toClient: money(detail.toClientMinor),
            bonus: detail.bonusMinor !== null ? money(detail.bonusMinor) : null,
          }
        : null,
    revisionRequest:
      m.revisionReason && m.revisionRequestedAt
        ? {
            reason: m.revisionReason,
            unmetCriteria: m.revisionUnmet ?? [],
            createdAt: m.revisionRequestedAt.toISOString(),
          }
        : null,
    dispute:
      m.disputeOpenedBy && m.disputeReason && m.disputeOpenedAt
        ? {
            openedBy: m.disputeOpenedBy,
            reason: m.disputeReason,
            openedAt: m.disputeOpenedAt.toISOString(),
            resolution: m.disputeResolution,
            resolvedAt: iso(m.disputeResolvedAt),
          }
        : null,
    submissions: detail.submissions.map((s) => ({
      ...s,
      files: s.files.map((file) => ({ ...file, url: `/api/submission-files/${file.id}` })),
    })),
    actions,
  };
}

function contractActions(
  status: string,
  actor: string,
  milestones: readonly MilestoneRow[],
): ContractAction[] {
  if (status !== 'active' || (actor !== 'client' && actor !== 'expert')) return [];
  const actions: ContractAction[] = ['propose_milestone'];
  if (milestones.length > 0 && milestones.every((m) => finalStates.includes(m.status))) actions.push('end');
  if (!milestones.some((m) => isHeld(m.status))) actions.push('cancel');
  return actions;
}
