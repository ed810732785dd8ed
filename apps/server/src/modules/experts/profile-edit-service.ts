import type {
  expertProfileEditSchema,
  profileChangeRequestSchema,
  VettedProfileValues,
} from '@sciwise/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { expertProfileChanges as c, expertProfiles as p, users } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { notify } from '../notifications/service.ts';
import {
  activeAdminIds,
  canonicalSubjects,
  recountSubjects,
  refreshSubjects,
} from './application-service.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';
import { profileChangeTransition } from './profile-change-states.ts';
import { forgetSubjectsMeant } from './subjects-meant.ts';
import { changedFields, vettedValues } from './profile-values.ts';
import { usdMinor } from '@sciwise/contracts';
import { recordAdminAction } from '../admin/audit-log.ts';

type ProfileRow = typeof p.$inferSelect;
export type ChangeRow = typeof c.$inferSelect;
type EditInput = z.output<typeof expertProfileEditSchema>;
type ChangeInput = z.output<typeof profileChangeRequestSchema>;

const NO_PROFILE = 'You do not have an expert profile yet. Apply as an expert first.';
const NOT_APPROVED =
  'Your expert profile is not approved yet. Until it is, change it through your application.';
const NO_CHANGE = 'We could not find those profile changes.';
const EDIT_LINK = '/profile/expert-profile';

/** The signed-in person's approved profile, locked when editing: 404 without one, 409 before approval. */
async function ownApprovedProfile(db: Executor, userId: string, lock: boolean): Promise<ProfileRow> {
  const query = db.select().from(p).where(eq(p.userId, userId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(NO_PROFILE);
  if (row.status !== 'approved') throw conflict(NOT_APPROVED);
  return row;
}

export interface OwnProfile {
  profile: ProfileRow;
  /** The newest change: pending, or decided (the presenter shows a declined one's reason). */
  latestChange: ChangeRow | null;
}

async function ownProfileView(db: Executor, profile: ProfileRow): Promise<OwnProfile> {
  // At most one change is pending and none can be sent while it is, so a pending one is the newest.
  const [latestChange] = await db
    .select()
    .from(c)
    .where(eq(c.expertId, profile.id))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(1);
  return { profile, latestChange: latestChange ?? null };
}

export async function getOwnProfile(ctx: ServiceContext, userId: string): Promise<OwnProfile> {
  return ownProfileView(ctx.db, await ownApprovedProfile(ctx.db, userId, false));
}

/** Headline, bio, rate, country, languages, availability: public (and searchable) as soon as saved. */
export async function updateOwnProfile(
  ctx: ServiceContext,
  userId: string,
  input: EditInput,
): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    const current = await ownApprovedProfile(tx, userId, true);
    const columns: Partial<typeof p.$inferInsert> = { ...input };
    if (input.hourlyRateMinor !== undefined || input.currency !== undefined) {
      columns.rateUsdMinor = usdMinor(
        input.hourlyRateMinor ?? current.hourlyRateMinor ?? 0,
        input.currency ?? current.currency,
      );
    }
    // The triggers on expert_profiles rebuild the search vector and the subject matches.
    const [updated] = await tx
      .update(p)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(p.id, current.id))
      .returning();
    return ownProfileView(tx, updated!);
  });
}

/** New subjects or credentials: held as a pending change for the vetting team; the profile keeps its values. */
export async function proposeChange(
  ctx: ServiceContext,
  user: SessionUser,
  input: ChangeInput,
): Promise<OwnProfile> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const profile = await ownApprovedProfile(tx, user.id, true);
      const [pending] = await tx
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.expertId, profile.id), eq(c.status, 'pending')));
      if (pending) throw conflict(ALREADY_PENDING);
      const before = vettedValues(profile);
      const after: VettedProfileValues = {
        category: input.category ?? before.category,
        subjects: input.subjects ? await canonicalSubjects(tx, input.subjects) : before.subjects,
        education: input.education ?? before.education,
        publications: input.publications ?? before.publications,
        orcid: input.orcid === undefined ? before.orcid : input.orcid,
      };
      if (changedFields(before, after).length === 0)
        throw invalid('Your profile already shows these subjects and credentials: change something first.');
      await tx.insert(c).values({ expertId: profile.id, before, after });
      await notify(tx, await activeAdminIds(tx), {
        kind: 'expert_profile_change_submitted',
        title: 'An expert changed their subjects or credentials',
        body: `${user.firstName} ${user.lastName} asks to change what vetting approved on their profile. It is waiting for review.`,
        link: '/profile/admin/vetting#profile-changes',
      });
      return ownProfileView(tx, profile);
    });
  } catch (error) {
    // Two sends at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw conflict(ALREADY_PENDING);
    throw error;
  }
}

const ALREADY_PENDING =
  'Your earlier changes to your subjects and credentials are still waiting for review. Withdraw them first to send others.';

/** The expert takes their pending change back; another person's change is a 404, like a missing one. */
export async function withdrawChange(
  ctx: ServiceContext,
  userId: string,
  changeId: string,
): Promise<OwnProfile> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ change: c, profile: p })
      .from(c)
      .innerJoin(p, eq(p.id, c.expertId))
      .where(and(eq(c.id, changeId), eq(p.userId, userId)))
      .for('update', { of: c });
    if (!row) throw notFound(NO_CHANGE);
    const status = profileChangeTransition('withdraw', row.change.status, 'expert');
    await tx
      .update(c)
      .set({ status, decidedAt: sql`now()` })
      .where(eq(c.id, changeId));
    return ownProfileView(tx, row.profile);
  });
}

const expertColumns = {
  name: p.displayName,
  slug: p.slug,
  email: users.email,
};
export interface AdminChangeRow {
  change: ChangeRow;
  expert: { name: string; slug: string; email: string };
}

/** Pending changes for the vetting team, newest first, one keyset page at a time. */
export async function listPendingChanges(
  ctx: ServiceContext,
  input: { limit: number; cursor?: string | undefined },
): Promise<{ rows: AdminChangeRow[]; nextCursor: string | null }> {
  const createdMs = sql<number>`(extract(epoch from date_trunc('milliseconds', ${c.createdAt})) * 1000)::bigint`;
  const conditions = [eq(c.status, 'pending')];
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, 'profile-changes');
    conditions.push(sql`(${createdMs}, ${c.id}) < (${cursor.key}, ${cursor.id}::uuid)`);
  }
  const rows = await ctx.db
    .select({ change: c, expert: expertColumns, createdMs })
    .from(c)
    .innerJoin(p, eq(p.id, c.expertId))
    .innerJoin(users, eq(users.id, p.userId))
    .where(and(...conditions))
    .orderBy(desc(createdMs), desc(c.id))
    .limit(input.limit + 1);
  const { shown, nextCursor } = pageOf(rows, input.limit, (last) => ({
    sort: 'profile-changes',
    key: Number(last.createdMs),
    id: last.change.id,
  }));
  return { rows: shown, nextCursor };
}

/** Approving puts the new values on the public profile; declining keeps the old ones and tells why. */
export async function reviewChange(
  ctx: ServiceContext,
  admin: SessionUser,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<AdminChangeRow> {
  const reviewed = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(c).where(eq(c.id, id)).for('update');
    if (!current) throw notFound(NO_CHANGE);
    const status = profileChangeTransition(decision.approve ? 'approve' : 'decline', current.status, 'admin');
    const [change] = await tx
      .update(c)
      .set({
        status,
        decidedAt: sql`now()`,
        decidedBy: admin.id,
        declineReason: decision.approve ? null : decision.reason,
      })
      .where(eq(c.id, id))
      .returning();
    const [profile] = await tx.select().from(p).where(eq(p.id, current.expertId)).for('update');
    await recordAdminAction(tx, {
      actorId: admin.id,
      action: decision.approve ? 'profile_change_approved' : 'profile_change_declined',
      subjectUserId: profile!.userId,
      reason: decision.approve ? null : decision.reason,
    });
    if (decision.approve) {
      const { after, before } = current;
      await tx
        .update(p)
        .set({
          category: after.category,
          subjects: after.subjects,
          education: after.education,
          publications: after.publications,
          orcid: after.orcid,
          updatedAt: sql`now()`,
        })
        .where(eq(p.id, current.expertId));
      // New subjects join the catalogue; every subject gained or lost is recounted.
      await refreshSubjects(tx, after.subjects, after.category);
      await recountSubjects(tx, before.subjects);
    }
    await notify(
      tx,
      profile!.userId,
      decision.approve
        ? {
            kind: 'expert_profile_change_approved',
            title: 'Your profile changes are live',
            body: 'The vetting team approved the changes to your subjects and credentials. Your public profile shows them now.',
            link: `/experts/${profile!.slug}`,
          }
        : {
            kind: 'expert_profile_change_declined',
            title: 'Your profile changes were not approved',
            body: `The vetting team kept your approved subjects and credentials: ${decision.reason}`,
            link: EDIT_LINK,
          },
    );
    const [expert] = await tx
      .select(expertColumns)
      .from(p)
      .innerJoin(users, eq(users.id, p.userId))
      .where(eq(p.id, current.expertId));
    return { change: change!, expert: expert! };
  });
  if (decision.approve) forgetSubjectsMeant();
  return reviewed;
}
