import type { Invitation, InvitationListResponse, inviteRequestSchema } from '@sciwise/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { expertProfiles, projectInvitations as i, projects, users } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { Clock } from '../../lib/clock.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';
import { emailAbout } from '../notifications/email-notices.ts';
import { notify } from '../notifications/service.ts';
import { invitationTransition, type InvitationTransition } from './invitation-states.ts';
import { findProject } from './access.ts';
import { ownedProject } from './project-service.ts';
import { assertProjectQuotable } from './project-states.ts';

const INVITATION_NOT_FOUND = 'We could not find that invitation.';
const experts = alias(users, 'expert_user');
const clients = alias(users, 'client_user');

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

type Page = { limit: number; cursor?: string | undefined };

/**
 * One page of invitations, newest first; the index on (project or expert, created_at desc, id
 * desc) gives the rows in that order. Each list has its own cursor sort, so a page link of one
 * list is refused by the other.
 */
async function selectInvitations(
  db: Executor,
  where: SQL,
  sort: string,
  page: Page,
): Promise<InvitationListResponse> {
  const rows = await invitationsStatement(db, where, sort, page);
  const { shown, nextCursor } = pageOf(rows, page.limit, (last) => ({
    sort,
    key: Number(last.micros),
    id: last.invitation.id,
  }));
  return { invitations: shown.map(presentInvitation), nextCursor };
}

/** One page of invitations (limit + 1 rows, to tell whether another page follows). */
export function invitationsStatement(db: Executor, where: SQL, sort: string, page: Page) {
  const conditions = [where];
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor, sort);
    conditions.push(sql`(${i.createdAt}, ${i.id}) < (${atMicros(cursor.key)}, ${cursor.id}::uuid)`);
  }
  return db
    .select({
      micros: epochMicros(i.createdAt),
      invitation: i,
      project: { id: projects.id, title: projects.title, status: projects.status },
      expert: { id: experts.id, firstName: experts.firstName, lastName: experts.lastName },
      expertSlug: expertProfiles.slug,
      client: { id: clients.id, firstName: clients.firstName, lastName: clients.lastName },
    })
    .from(i)
    .innerJoin(projects, eq(projects.id, i.projectId))
    .innerJoin(experts, eq(experts.id, i.expertId))
    .innerJoin(clients, eq(clients.id, projects.ownerId))
    .leftJoin(expertProfiles, eq(expertProfiles.userId, i.expertId))
    .where(and(...conditions))
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(page.limit + 1);
}

async function invitationById(db: Executor, id: string): Promise<Invitation> {
  const { invitations } = await selectInvitations(db, eq(i.id, id), 'invitation', { limit: 1 });
  return invitations[0]!;
}

function presentInvitation(row: {
  invitation: typeof i.$inferSelect;
  project: Invitation['project'];
  expert: { id: string; firstName: string; lastName: string };
  expertSlug: string | null;
  client: { id: string; firstName: string; lastName: string };
}): Invitation {
  return {
    id: row.invitation.id,
    status: row.invitation.status,
    message: row.invitation.message,
    createdAt: row.invitation.createdAt.toISOString(),
    respondedAt: row.invitation.respondedAt?.toISOString() ?? null,
    project: row.project,
    expert: { id: row.expert.id, name: fullName(row.expert), slug: row.expertSlug },
    client: { id: row.client.id, name: fullName(row.client) },
  };
}

const NO_EXPERT = 'We could not find an approved expert with that id.';

/** The user id of the approved expert the owner named, by id or by profile slug. */
async function invitedExpertId(db: Executor, input: z.output<typeof inviteRequestSchema>): Promise<string> {
  const [row] = await db
    .select({ userId: expertProfiles.userId })
    .from(expertProfiles)
    .where(
      and(
        input.expertSlug
          ? eq(expertProfiles.slug, input.expertSlug)
          : eq(expertProfiles.userId, input.expertId!),
        eq(expertProfiles.status, 'approved'),
      ),
    )
    .limit(1);
  if (!row) throw invalid(NO_EXPERT, [{ field: 'expertId', message: 'Choose an approved expert.' }]);
  return row.userId;
}

/** The owner invites an approved expert to quote; the expert is notified in the same transaction. */
export async function inviteExpert(
  db: Executor,
  owner: SessionUser,
  projectId: string,
  input: z.output<typeof inviteRequestSchema>,
  clock: Clock,
): Promise<Invitation> {
  try {
    const id = await db.transaction(async (tx) => {
      const project = await ownedProject(tx, projectId, owner, true);
      assertProjectQuotable(project.status);
      const expertId = await invitedExpertId(tx, input);
      if (expertId === owner.id)
        throw invalid('You cannot invite yourself to your own project.', [
          { field: 'expertId', message: 'Choose another expert.' },
        ]);
      const [created] = await tx
        .insert(i)
        .values({ projectId, expertId, message: input.message || null })
        .returning({ id: i.id });
      const invited = {
        title: 'You are invited to quote',
        body: `${fullName(owner)} invited you to send a quote for “${project.title}”.`,
        link: `/projects/${projectId}`,
      };
      await notify(tx, expertId, { kind: 'project_invitation', ...invited });
      await emailAbout(tx, clock, [
        {
          userId: expertId,
          kind: 'quote_invitation',
          subject: `${invited.title}: ${project.title}`,
          body: input.message ? `${invited.body}\n\nTheir note: ${input.message}` : invited.body,
          link: invited.link,
          action: 'Read the brief and quote',
        },
      ]);
      return created!.id;
    });
    return await invitationById(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('You have already invited this expert to this project.');
    throw error;
  }
}

export async function listProjectInvitations(
  db: Executor,
  user: SessionUser,
  projectId: string,
  page: Page,
): Promise<InvitationListResponse> {
  await ownedProject(db, projectId, user);
  return selectInvitations(db, projectInvitationsWhere(projectId), 'project-invitations', page);
}

export const myInvitationsWhere = (expertId: string) => eq(i.expertId, expertId);
export const projectInvitationsWhere = (projectId: string) => eq(i.projectId, projectId);

export async function listMyInvitations(
  db: Executor,
  expertId: string,
  page: Page,
): Promise<InvitationListResponse> {
  return selectInvitations(db, myInvitationsWhere(expertId), 'my-invitations', page);
}

/** The invited expert accepts (and goes on to quote) or declines; the owner is told either way. */
export async function respondToInvitation(
  db: Executor,
  expert: SessionUser,
  invitationId: string,
  name: InvitationTransition,
  reason?: string,
): Promise<Invitation> {
  await db.transaction(async (tx) => {
    const mine = and(eq(i.id, invitationId), eq(i.expertId, expert.id));
    const [peek] = await tx.select({ projectId: i.projectId }).from(i).where(mine);
    if (!peek) throw notFound(INVITATION_NOT_FOUND);
    // Project first, then the invitation: the order sendQuote locks them in, so the two never deadlock.
    const project = await findProject(tx, peek.projectId, true);
    const [invitation] = await tx.select().from(i).where(mine).for('update');
    if (!invitation) throw notFound(INVITATION_NOT_FOUND);
    const row = { invitation, project };
    const status = invitationTransition(name, row.invitation.status);
    if (name === 'accept') assertProjectQuotable(row.project.status);
    await tx
      .update(i)
      .set({ status, respondedAt: sql`now()` })
      .where(eq(i.id, invitationId));
    const who = fullName(expert);
    await notify(tx, row.project.ownerId, {
      kind: `invitation_${status}`,
      title: name === 'accept' ? 'An expert accepted your invitation' : 'An expert declined your invitation',
      body:
        name === 'accept'
          ? `${who} accepted your invitation for “${row.project.title}” and will send a quote.`
          : `${who} declined your invitation for “${row.project.title}”${reason ? `: ${reason}` : '.'}`,
      link: '/profile/proposals',
    });
  });
  return invitationById(db, invitationId);
}
