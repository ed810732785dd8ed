import type { InvitationStatus } from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  contracts,
  expertProfiles,
  ndaAcceptances,
  projectInvitations,
  projects,
  quotes,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

export const PROJECT_NOT_FOUND = 'We could not find that project.';

/** How the viewer relates to one project: everything the visibility rule and the page need. */
export interface Relation {
  isOwner: boolean;
  isAdmin: boolean;
  invitation: { id: string; status: InvitationStatus } | null;
  liveQuoteId: string | null;
  hasQuoted: boolean;
  contractId: string | null;
  contractExpertId: string | null;
  /** The viewer holds the project's contract as its expert. */
  isContractExpert: boolean;
  approvedExpert: boolean;
  /** When the viewer accepted the project's agreement in force now; null if they have not. */
  ndaAcceptedAt: Date | null;
}

/** One statement: the viewer's invitation, quotes and expert status beside the project's contract. */
export async function relationTo(db: Executor, project: ProjectRow, viewer: Viewer): Promise<Relation> {
  const viewerId = viewer?.id ?? null;
  const [row] = await db
    .select({
      invitationId: sql<string | null>`(select ${projectInvitations.id} from ${projectInvitations}
        where ${projectInvitations.projectId} = ${project.id} and ${projectInvitations.expertId} = ${viewerId}::uuid)`,
      invitationStatus: sql<InvitationStatus | null>`(select ${projectInvitations.status} from ${projectInvitations}
        where ${projectInvitations.projectId} = ${project.id} and ${projectInvitations.expertId} = ${viewerId}::uuid)`,
      liveQuoteId: sql<string | null>`(select ${quotes.id} from ${quotes}
        where ${quotes.projectId} = ${project.id} and ${quotes.expertId} = ${viewerId}::uuid
          and ${quotes.status} in ('submitted', 'accepted') limit 1)`,
      hasQuoted: sql<boolean>`exists (select 1 from ${quotes}
        where ${quotes.projectId} = ${project.id} and ${quotes.expertId} = ${viewerId}::uuid)`,
      contractId: sql<
        string | null
      >`(select ${contracts.id} from ${contracts} where ${contracts.projectId} = ${project.id})`,
      contractExpertId: sql<
        string | null
      >`(select ${contracts.expertId} from ${contracts} where ${contracts.projectId} = ${project.id})`,
      approvedExpert: sql<boolean>`exists (select 1 from ${expertProfiles}
        where ${expertProfiles.userId} = ${viewerId}::uuid and ${expertProfiles.status} = 'approved')`,
      ndaAcceptedAt: sql<
        Date | string | null
      >`(select max(${ndaAcceptances.acceptedAt}) from ${ndaAcceptances}
        where ${ndaAcceptances.projectId} = ${project.id} and ${ndaAcceptances.userId} = ${viewerId}::uuid
          and ${ndaAcceptances.documentSha256} = ${project.ndaSha256})`,
    })
    .from(projects)
    .where(eq(projects.id, project.id));
  return {
    isOwner: viewerId === project.ownerId,
    isAdmin: viewer?.role === 'admin',
    invitation:
      row?.invitationId && row.invitationStatus
        ? { id: row.invitationId, status: row.invitationStatus }
        : null,
    liveQuoteId: row?.liveQuoteId ?? null,
    hasQuoted: row?.hasQuoted ?? false,
    contractId: row?.contractId ?? null,
    contractExpertId: row?.contractExpertId ?? null,
    isContractExpert: viewerId !== null && row?.contractExpertId === viewerId,
    approvedExpert: row?.approvedExpert ?? false,
    ndaAcceptedAt: row?.ndaAcceptedAt ? new Date(row.ndaAcceptedAt) : null,
  };
}

/**
 * Whether the viewer may read the full brief and open its files (decision 064): always without an
 * agreement; with one, the owner, administrators and the hired expert, and whoever accepted the
 * agreement in force now.
 */
export function briefUnlocked(project: ProjectRow, relation: Relation): boolean {
  if (project.ndaMode === 'none') return true;
  return relation.isOwner || relation.isAdmin || relation.isContractExpert || relation.ndaAcceptedAt !== null;
}

export const ACCEPT_FIRST =
  'Accept the project’s confidentiality agreement first: the brief and its files are confidential.';

/** Quoting and opening files need the brief unlocked. */
export function assertOpenFiles(project: ProjectRow, relation: Relation): void {
  if (!briefUnlocked(project, relation)) throw forbidden(ACCEPT_FIRST);
}

/**
 * Who sees a project's details (spec §1: details only for signed-in people):
 * - drafts: the owner and admins;
 * - invite-only: also the experts invited to it, who quoted on it or hold its contract;
 * - public (once published): every signed-in person;
 * - removed by moderators: only the owner, admins and the hired expert, whose contract goes on.
 */
export function canSeeDetails(project: ProjectRow, viewer: Viewer, relation: Relation): boolean {
  if (!viewer) return false;
  if (relation.isOwner || relation.isAdmin) return true;
  if (project.removedAt) return relation.isContractExpert;
  if (project.status === 'draft') return false;
  if (project.visibility === 'public') return true;
  return relation.invitation !== null || relation.hasQuoted || relation.contractExpertId === viewer.id;
}

/** Anonymous visitors see the summary of published public projects only. */
export function canSeeSummary(project: ProjectRow): boolean {
  return project.status !== 'draft' && project.visibility === 'public' && !project.removedAt;
}

export async function findProject(db: Executor, id: string, lock = false): Promise<ProjectRow> {
  const query = db.select().from(projects).where(eq(projects.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

/** The project if the viewer may see its details; 404 otherwise, so hidden projects don't leak. */
export async function visibleProject(
  db: Executor,
  id: string,
  viewer: Viewer,
  lock = false,
): Promise<{ project: ProjectRow; relation: Relation }> {
  const project = await findProject(db, id, lock);
  const relation = await relationTo(db, project, viewer);
  if (!canSeeDetails(project, viewer, relation)) throw notFound(PROJECT_NOT_FOUND);
  return { project, relation };
}

export const isApprovedExpert = async (db: Executor, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: expertProfiles.id })
    .from(expertProfiles)
    .where(and(eq(expertProfiles.userId, userId), eq(expertProfiles.status, 'approved')))
    .limit(1);
  return row !== undefined;
};
