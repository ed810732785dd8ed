import type { Contract, ContractListItem } from '@sciwise/contracts';
import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
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

const CONTRACT_NOT_FOUND = 'We could not find that contract.';
const clients = alias(users, 'client_user');
const experts = alias(users, 'expert_user');
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

async function selectContracts(db: Executor, viewer: Pick<SessionUser, 'id'>, where: SQL) {
  const rows = await db
    .select({
      contract: c,
      projectTitle: projects.title,
      durationDays: quotes.durationDays,
      client: { id: clients.id, firstName: clients.firstName, lastName: clients.lastName },
      expert: { id: experts.id, firstName: experts.firstName, lastName: experts.lastName },
      expertSlug: expertProfiles.slug,
      milestoneCount: sql<number>`(select count(*)::int from ${contractMilestones} where ${contractMilestones.contractId} = ${sql.raw('"contracts"."id"')})`,
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
  return rows.map((row): ContractListItem & { quoteId: string } => ({
    id: row.contract.id,
    title: row.contract.title,
    status: row.contract.status,
    price: { amountMinor: row.contract.priceMinor, currency: row.contract.currency },
    project: { id: row.contract.projectId, title: row.projectTitle },
    client: { id: row.client.id, name: fullName(row.client) },
    expert: { id: row.expert.id, name: fullName(row.expert), slug: row.expertSlug },
    quoteId: row.contract.quoteId,
    durationDays: row.durationDays,
    milestoneCount: row.milestoneCount,
    role:
      row.contract.clientId === viewer.id
        ? 'client'
        : row.contract.expertId === viewer.id
          ? 'expert'
          : 'admin',
    createdAt: row.contract.createdAt.toISOString(),
  }));
}

/** The contracts the person is a party to, on either side. */
export async function listMyContracts(db: Executor, user: SessionUser): Promise<ContractListItem[]> {
  const rows = await selectContracts(db, user, or(eq(c.clientId, user.id), eq(c.expertId, user.id))!);
  return rows.map(({ quoteId: _quoteId, ...item }) => item);
}

/** Parties and admins only; anyone else gets the same 404 as for a contract that does not exist. */
export async function getContract(db: Executor, user: SessionUser, id: string): Promise<Contract> {
  const [row] = await selectContracts(db, user, eq(c.id, id));
  if (!row || (row.role === 'admin' && user.role !== 'admin')) throw notFound(CONTRACT_NOT_FOUND);
  const milestones = await db
    .select()
    .from(contractMilestones)
    .where(eq(contractMilestones.contractId, id))
    .orderBy(asc(contractMilestones.position));
  const { milestoneCount: _count, ...contract } = row;
  return {
    ...contract,
    milestones: milestones.map((m) => ({
      id: m.id,
      position: m.position,
      title: m.title,
      amount: { amountMinor: m.amountMinor, currency: m.currency },
      status: m.status,
    })),
  };
}
