import type {
  MyProject,
  MyProjectsResponse,
  ProjectDetails,
  ProjectView,
  projectDraftSchema,
} from '@sciwise/contracts';
import { usdMinor } from '@sciwise/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { contracts, projectAttachments, projects, quotes, users } from '../../db/schema/index.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { assertEmailVerified } from '../accounts/email-verification.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { canonicalSubjects } from '../experts/application-service.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';
import { notify } from '../notifications/service.ts';
import {
  PROJECT_NOT_FOUND,
  canSeeDetails,
  canSeeSummary,
  findProject,
  relationTo,
  type ProjectRow,
  type Relation,
  type Viewer,
} from './access.ts';
import { presentBudget, presentDetails, presentSummary } from './presenter.ts';
import { BUDGET_ORDER, PAST_DEADLINE, publishProblems, todayUtc } from './project-rules.ts';
import { assertProjectEditable, projectTransition } from './project-states.ts';
import { ndaChoiceColumns } from './standard-nda.ts';
import { quoteTransition } from './quote-states.ts';

type DraftInput = z.output<typeof projectDraftSchema>;

const CURRENCY_LOCKED = (currency: string) =>
  `Experts have quoted in ${currency}, so the currency can't change while their quotes wait for your decision.`;

/** Turns what the form sent into columns, refusing what can never become valid (past dates, min > max). */
async function draftColumns(
  db: Executor,
  input: DraftInput,
  current: ProjectRow | undefined,
): Promise<Partial<typeof projects.$inferInsert>> {
  const { subjects: subjectNames, ndaMode, ...rest } = input;
  const columns: Partial<typeof projects.$inferInsert> = { ...rest };
  // Choosing again, even the same, starts from that agreement: a custom PDF is let go.
  if (ndaMode !== undefined) Object.assign(columns, ndaChoiceColumns(ndaMode));
  if (subjectNames) columns.subjects = await canonicalSubjects(db, subjectNames);
  if (input.deadline && input.deadline <= todayUtc())
    throw invalid(PAST_DEADLINE, [{ field: 'deadline', message: PAST_DEADLINE }]);
  const min = input.budgetMinMinor !== undefined ? input.budgetMinMinor : (current?.budgetMinMinor ?? null);
  const max = input.budgetMaxMinor !== undefined ? input.budgetMaxMinor : (current?.budgetMaxMinor ?? null);
  if (min !== null && max !== null && min > max)
    throw invalid(BUDGET_ORDER, [{ field: 'budgetMinMinor', message: BUDGET_ORDER }]);
  const currency = input.currency ?? current?.currency ?? 'USD';
  columns.budgetMaxUsdMinor = max === null ? null : usdMinor(max, currency);
  return columns;
}

export async function createProject(
  db: Executor,
  owner: SessionUser,
  input: DraftInput,
): Promise<ProjectRow> {
  const columns = await draftColumns(db, input, undefined);
  const [created] = await db
    .insert(projects)
    .values({ ...columns, ownerId: owner.id })
    .returning();
  return created!;
}

/**
 * The owner-only gate: 404 for people who may not even see the project, 403 for people who may
 * see it but not change it.
 */
export async function ownedProject(
  db: Executor,
  id: string,
  user: Pick<SessionUser, 'id' | 'role'>,
  lock = false,
): Promise<ProjectRow> {
  const project = await findProject(db, id, lock);
  if (project.ownerId === user.id) return project;
  const relation = await relationTo(db, project, user);
  if (!canSeeDetails(project, user, relation)) throw notFound(PROJECT_NOT_FOUND);
  throw forbidden('Only the owner of this project can do this.');
}

export async function updateProject(
  { db, files }: Pick<ServiceContext, 'db' | 'files'>,
  user: SessionUser,
  id: string,
  input: DraftInput,
): Promise<ProjectRow> {
  const { updated, letGo } = await db.transaction(async (tx) => {
    const current = await ownedProject(tx, id, user, true);
    assertProjectEditable(current.status);
    // Quotes take the project's currency when sent; a live one must stay in the project's currency.
    if (input.currency !== undefined && input.currency !== current.currency) {
      const [live] = await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.projectId, id), eq(quotes.status, 'submitted')))
        .limit(1);
      if (live) throw conflict(CURRENCY_LOCKED(current.currency));
    }
    const columns = await draftColumns(tx, input, current);
    const [updated] = await tx
      .update(projects)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(projects.id, id))
      .returning();
    // A published project must stay publishable: an edit can't empty its title or budget.
    if (updated!.status === 'open') {
      const problems = publishProblems(updated!);
      if (problems.length > 0)
        throw invalid(
          `This change would leave the project incomplete: ${problems.map((p) => p.message).join(' ')}`,
          problems,
        );
    }
    // A custom agreement the owner replaced by another choice is no longer kept.
    const letGo = current.ndaFileKey !== updated!.ndaFileKey ? current.ndaFileKey : null;
    return { updated: updated!, letGo };
  });
  if (letGo) await files.remove(letGo);
  return updated;
}

export async function publishProject(db: Executor, user: SessionUser, id: string): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const current = await ownedProject(tx, id, user, true);
    assertEmailVerified(user, 'post');
    const status = projectTransition('publish', current.status, 'owner');
    const problems = publishProblems(current);
    if (problems.length > 0)
      throw invalid(`The project is not ready yet: ${problems.map((p) => p.message).join(' ')}`, problems);
    const [updated] = await tx
      .update(projects)
      .set({ status, publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(projects.id, id))
      .returning();
    return updated!;
  });
}

/** Owner or admin; waiting quotes are closed and their experts told. */
export async function cancelProject(db: Executor, user: SessionUser, id: string): Promise<ProjectRow> {
  return db.transaction(async (tx) => {
    const isAdmin = user.role === 'admin';
    const current = isAdmin ? await findProject(tx, id, true) : await ownedProject(tx, id, user, true);
    const byOwner = current.ownerId === user.id;
    return closeProject(tx, current, byOwner ? 'owner' : 'admin', byOwner ? 'by the client' : 'by Sciwise');
  });
}

/**
 * Cancels a project already locked FOR UPDATE by the caller: its waiting quotes are closed and
 * their experts told who closed it (`by`, e.g. "by the client").
 */
export async function closeProject(
  tx: Executor,
  current: ProjectRow,
  actor: 'owner' | 'admin',
  by: string,
): Promise<ProjectRow> {
  const status = projectTransition('cancel', current.status, actor);
  const [updated] = await tx
    .update(projects)
    .set({ status, closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(projects.id, current.id))
    .returning();
  const waiting = await tx
    .update(quotes)
    .set({
      status: quoteTransition('close', 'submitted', 'system'),
      declineReason: `The project was cancelled ${by}.`,
      decidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(quotes.projectId, current.id), eq(quotes.status, 'submitted')))
    .returning({ expertId: quotes.expertId });
  await notify(
    tx,
    waiting.map((quote) => quote.expertId),
    {
      kind: 'project_cancelled',
      title: 'A project you quoted on was cancelled',
      body: `“${current.title}” was cancelled ${by}, so your quote was closed.`,
      link: '/profile/proposals',
    },
  );
  return updated!;
}

async function detailsExtras(db: Executor, project: ProjectRow) {
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, project.ownerId));
  const attachments = await db
    .select()
    .from(projectAttachments)
    .where(eq(projectAttachments.projectId, project.id))
    .orderBy(asc(projectAttachments.createdAt), asc(projectAttachments.id));
  const [quoteCount] = await db
    .select({ n: count() })
    .from(quotes)
    .where(and(eq(quotes.projectId, project.id), sql`${quotes.status} <> 'withdrawn'`));
  return {
    ownerName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : 'Former member',
    attachments,
    quoteCount: quoteCount?.n ?? 0,
  };
}

export async function projectDetails(
  db: Executor,
  project: ProjectRow,
  relation: Relation,
): Promise<ProjectDetails> {
  return presentDetails(project, relation, await detailsExtras(db, project));
}

/** Summary for anyone allowed to know the project exists; details only for signed-in viewers allowed to see them. */
export async function getProjectView(db: Executor, id: string, viewer: Viewer): Promise<ProjectView> {
  const project = await findProject(db, id);
  const relation = await relationTo(db, project, viewer);
  if (canSeeDetails(project, viewer, relation))
    return { summary: presentSummary(project), details: await projectDetails(db, project, relation) };
  if (!viewer && canSeeSummary(project)) return { summary: presentSummary(project), details: null };
  throw notFound(PROJECT_NOT_FOUND);
}

/** Drizzle leaves a lone table's columns unqualified, which a subquery would read as its own. */
const outerProjectId = sql.raw('"projects"."id"');

/** One page of the owner's projects, newest activity first, with quote counts in the same statement. */
export async function listMyProjects(
  db: Executor,
  ownerId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<MyProjectsResponse> {
  const rows = await myProjectsStatement(db, ownerId, page);
  const { shown, nextCursor } = pageOf(rows, page.limit, (last) => ({
    sort: 'my-projects',
    key: Number(last.micros),
    id: last.project.id,
  }));
  return { projects: shown.map(presentMyProject), nextCursor };
}

/** One page of My Projects (limit + 1 rows, to tell whether another page follows). */
export function myProjectsStatement(
  db: Executor,
  ownerId: string,
  page: { limit: number; cursor?: string | undefined },
) {
  const conditions = [eq(projects.ownerId, ownerId)];
  if (page.cursor) {
    const cursor = decodeCursor(page.cursor, 'my-projects');
    conditions.push(
      sql`(${projects.updatedAt}, ${projects.id}) < (${atMicros(cursor.key)}, ${cursor.id}::uuid)`,
    );
  }
  // projects_owner_idx (owner, updated_at desc, id desc) hands the rows over in this order.
  return db
    .select({
      project: projects,
      micros: epochMicros(projects.updatedAt),
      quoteCount: sql<number>`(select count(*)::int from ${quotes} where ${quotes.projectId} = ${outerProjectId} and ${quotes.status} <> 'withdrawn')`,
      pendingQuoteCount: sql<number>`(select count(*)::int from ${quotes} where ${quotes.projectId} = ${outerProjectId} and ${quotes.status} = 'submitted')`,
      contractId: sql<
        string | null
      >`(select ${contracts.id} from ${contracts} where ${contracts.projectId} = ${outerProjectId})`,
    })
    .from(projects)
    .where(and(...conditions))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(page.limit + 1);
}

function presentMyProject({
  project,
  quoteCount,
  pendingQuoteCount,
  contractId,
}: {
  project: ProjectRow;
  quoteCount: number;
  pendingQuoteCount: number;
  contractId: string | null;
}): MyProject {
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    visibility: project.visibility,
    category: project.category,
    budget: presentBudget(project),
    deadline: project.deadline,
    publishedAt: project.publishedAt?.toISOString() ?? null,
    updatedAt: project.updatedAt.toISOString(),
    quoteCount,
    pendingQuoteCount,
    contractId,
  };
}
