import { randomBytes } from 'node:crypto';
import {
  slugify,
  type ExpertApplicationDraft,
  type expertApplicationDraftSchema,
  type VettingStatus,
} from '@sciwise/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { expertProfiles as p, subjects, users } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { notify } from '../notifications/service.ts';
import { applicationProblems } from './application-rules.ts';
import { forgetSubjectsMeant } from './subjects-meant.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { usdMinor } from '@sciwise/contracts';
import { assertEditable, transition } from './vetting-states.ts';
import { recordAdminAction } from '../admin/audit-log.ts';

type DraftInput = z.output<typeof expertApplicationDraftSchema>;
type ProfileRow = typeof p.$inferSelect;

const NO_APPLICATION = 'You have not started an expert application yet.';

export const displayName = (user: Pick<SessionUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

export function newExpertSlug(name: string): string {
  return `${slugify(name) || 'expert'}-${randomBytes(4).toString('hex')}`;
}

/** Subjects as typed, mapped onto the catalogue's spelling where it knows them, without duplicates. */
export async function canonicalSubjects(db: Executor, names: string[]): Promise<string[]> {
  const bySlug = new Map<string, string>();
  for (const name of names) {
    const slug = slugify(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, name.replace(/\s+/g, ' ').trim());
  }
  if (bySlug.size === 0) return [];
  const known = await db
    .select({ slug: subjects.slug, name: subjects.name })
    .from(subjects)
    .where(inArray(subjects.slug, [...bySlug.keys()]));
  for (const row of known) bySlug.set(row.slug, row.name);
  return [...bySlug.values()];
}

async function draftColumns(db: Executor, input: DraftInput, current: ProfileRow | undefined) {
  const { subjects: subjectNames, ...rest } = input;
  const columns: Partial<typeof p.$inferInsert> = { ...rest };
  if (subjectNames) columns.subjects = await canonicalSubjects(db, subjectNames);
  const amount = input.hourlyRateMinor ?? current?.hourlyRateMinor ?? null;
  const currency = input.currency ?? current?.currency ?? 'USD';
  columns.rateUsdMinor = amount === null ? null : usdMinor(amount, currency);
  return columns;
}

export async function getApplication(ctx: ServiceContext, userId: string): Promise<ProfileRow> {
  const [row] = await ctx.db.select().from(p).where(eq(p.userId, userId));
  if (!row) throw notFound(NO_APPLICATION);
  return row;
}

/** Creates the application on first save, then saves whatever the person has filled in so far. */
export async function saveDraft(
  ctx: ServiceContext,
  user: SessionUser,
  input: ExpertApplicationDraft & DraftInput,
): Promise<ProfileRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(p).where(eq(p.userId, user.id)).for('update');
      const columns = await draftColumns(tx, input, current);
      if (!current) {
        const name = displayName(user);
        const [created] = await tx
          .insert(p)
          .values({ ...columns, userId: user.id, displayName: name, slug: newExpertSlug(name) })
          .returning();
        return created!;
      }
      assertEditable(current.status);
      const [updated] = await tx
        .update(p)
        .set({ ...columns, updatedAt: sql`now()` })
        .where(eq(p.id, current.id))
        .returning();
      return updated!;
    });
  } catch (error) {
    // Two first saves at once: the other one created it; the person just saves again.
    if (isUniqueViolation(error))
      throw conflict('Your application was just created in another tab. Please save again.');
    throw error;
  }
}

async function fire(
  ctx: ServiceContext,
  where: { userId: string } | { id: string },
  name: 'submit' | 'withdraw',
): Promise<ProfileRow> {
  return ctx.db.transaction(async (tx) => {
    const condition = 'userId' in where ? eq(p.userId, where.userId) : eq(p.id, where.id);
    const [current] = await tx.select().from(p).where(condition).for('update');
    if (!current) throw notFound(NO_APPLICATION);
    const status = transition(name, current.status, 'applicant');
    if (name === 'submit') {
      const problems = applicationProblems(current);
      if (problems.length > 0) {
        throw invalid(
          `Your application is not complete yet: ${problems.map((x) => x.message).join(' ')}`,
          problems,
        );
      }
    }
    const [updated] = await tx
      .update(p)
      .set(
        name === 'submit'
          ? { status, submittedAt: sql`now()`, rejectionReason: null, updatedAt: sql`now()` }
          : { status, submittedAt: null, updatedAt: sql`now()` },
      )
      .where(eq(p.id, current.id))
      .returning();
    if (name === 'submit') await tellAdminsOfApplication(tx, updated!);
    return updated!;
  });
}

/** The administrators who review: every admin account not deleted. */
export async function activeAdminIds(tx: Executor): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  return admins.map((admin) => admin.id);
}

/** Every administrator's bell, in the submitting transaction: an application waits for review. */
async function tellAdminsOfApplication(tx: Executor, profile: ProfileRow): Promise<void> {
  const admins = await activeAdminIds(tx);
  if (admins.length === 0) return;
  const [applicant] = await tx.select(applicantColumns).from(users).where(eq(users.id, profile.userId));
  await notify(tx, admins, {
    kind: 'expert_application_submitted',
    title: 'A new expert application',
    body: `${applicant!.firstName} ${applicant!.lastName} applied to join as an expert (${profile.headline || 'no headline yet'}). It is waiting for review.`,
    link: '/profile/admin/vetting',
  });
}

export const submitApplication = (ctx: ServiceContext, userId: string) => fire(ctx, { userId }, 'submit');
export const withdrawApplication = (ctx: ServiceContext, userId: string) => fire(ctx, { userId }, 'withdraw');

const applicantColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The review queue, oldest application first, one keyset page at a time. */
export async function listApplications(
  ctx: ServiceContext,
  input: { status: VettingStatus; limit: number; cursor?: string | undefined },
) {
  const createdMs = sql<number>`(extract(epoch from date_trunc('milliseconds', ${p.createdAt})) * 1000)::bigint`;
  const conditions = [eq(p.status, input.status)];
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, `queue:${input.status}`);
    conditions.push(sql`(${createdMs}, ${p.id}) > (${cursor.key}, ${cursor.id}::uuid)`);
  }
  const rows = await ctx.db
    .select({ profile: p, applicant: applicantColumns, createdMs })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(and(...conditions))
    .orderBy(asc(createdMs), asc(p.id))
    .limit(input.limit + 1);
  const { shown, nextCursor } = pageOf(rows, input.limit, (last) => ({
    sort: `queue:${input.status}`,
    key: Number(last.createdMs),
    id: last.profile.id,
  }));
  return { rows: shown, nextCursor };
}

export async function getApplicationForAdmin(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select({ profile: p, applicant: applicantColumns })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(eq(p.id, id));
  if (!row) throw notFound('That application does not exist.');
  return row;
}

/**
 * Adds new subjects to the catalogue and recounts the approved experts of each. Once the
 * transaction commits, the caller calls forgetSubjectsMeant: a search in between would remember
 * the catalogue as it was.
 */
export async function refreshSubjects(
  tx: Executor,
  names: readonly string[],
  category: ProfileRow['category'],
): Promise<void> {
  const fresh = names.map((name) => ({ slug: slugify(name), name, category })).filter((entry) => entry.slug);
  if (fresh.length === 0) return;
  await tx.insert(subjects).values(fresh).onConflictDoNothing();
  await recountSubjects(
    tx,
    fresh.map((entry) => entry.name),
  );
}

/** Recounts the approved experts listing each of these subjects (after a profile gained or lost them). */
export async function recountSubjects(tx: Executor, names: readonly string[]): Promise<void> {
  const slugs = [...new Set(names.map(slugify).filter(Boolean))];
  if (slugs.length === 0) return;
  await tx
    .update(subjects)
    .set({
      expertCount: sql`(select count(*)::int from ${p} where ${p.status} = 'approved' and ${p.subjects} @> array[${subjects.name}])`,
    })
    .where(inArray(subjects.slug, slugs));
}

export async function reviewApplication(
  ctx: ServiceContext,
  admin: SessionUser,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  const { profile, applicant } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(p).where(eq(p.id, id)).for('update');
    if (!current) throw notFound('That application does not exist.');
    const status = transition(decision.approve ? 'approve' : 'reject', current.status, 'admin');
    const [updated] = await tx
      .update(p)
      .set({
        status,
        reviewedAt: sql`now()`,
        reviewedBy: admin.id,
        rejectionReason: decision.approve ? null : decision.reason,
        updatedAt: sql`now()`,
      })
      .where(eq(p.id, id))
      .returning();
    if (decision.approve) await refreshSubjects(tx, updated!.subjects, updated!.category);
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: decision.approve ? 'application_approved' : 'application_rejected',
      subjectUserId: updated!.userId,
      reason: decision.approve ? null : decision.reason,
    });
    await notify(
      tx,
      updated!.userId,
      decision.approve
        ? {
            kind: 'expert_application_approved',
            title: 'Your expert profile is live',
            body: 'Your application was approved. Clients can now find you and invite you to projects.',
            link: `/experts/${updated!.slug}`,
          }
        : {
            kind: 'expert_application_rejected',
            title: 'Your expert application needs changes',
            body: `Your application was not approved: ${decision.reason}`,
            link: '/join-expert',
          },
    );
    const [person] = await tx.select(applicantColumns).from(users).where(eq(users.id, updated!.userId));
    return { profile: updated!, applicant: person! };
  });
  if (decision.approve) forgetSubjectsMeant();
  // E-mail after the commit: a mail server failure must not undo the decision.
  await ctx.mailer
    .send(reviewMail(ctx, profile, applicant.email, applicant.firstName, decision))
    .catch((error: unknown) => {
      ctx.log.error({ err: error, applicationId: id }, 'could not send the vetting e-mail');
    });
  return { profile, applicant };
}

function reviewMail(
  ctx: ServiceContext,
  profile: ProfileRow,
  to: string,
  firstName: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  if (decision.approve) {
    return {
      to,
      subject: 'Your Sciwise expert profile is live',
      text: `Hello ${firstName},\n\nGood news: your expert application was approved and your profile is now public:\n${ctx.config.publicUrl}/experts/${profile.slug}\n\nClients can find you and invite you to projects from today.\n\nThe Sciwise team`,
    };
  }
  return {
    to,
    subject: 'Your Sciwise expert application',
    text: `Hello ${firstName},\n\nThank you for applying. We could not approve your application yet, for this reason:\n\n${decision.reason}\n\nYou can change your application and submit it again:\n${ctx.config.publicUrl}/join-expert\n\nThe Sciwise team`,
  };
}
