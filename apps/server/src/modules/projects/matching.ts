import { expertCategoryLabels, type ExpertMatch, type RateCurrency } from '@sciwise/contracts';
import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  expertProfiles as e,
  expertSubjectMatches,
  projectInvitations,
  users,
} from '../../db/schema/index.ts';
import { cardColumns, expertSummary } from '../experts/presenter.ts';
import type { ProjectRow } from './access.ts';

export const MATCH_LIMIT = 20;

const symbols: Record<RateCurrency, string> = { USD: '$', EUR: '€', GBP: '£' };
export function formatMoney(amountMinor: number, currency: RateCurrency): string {
  const whole = amountMinor % 100 === 0;
  return `${symbols[currency]}${(amountMinor / 100).toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

type MatchRow = Awaited<ReturnType<typeof candidates>>[number];

/**
 * The best-rated of the project's category (from the category/rating index), filling the list
 * when the subject specialists are too few. Nobody unavailable, nobody whose hourly rate is over
 * an hourly budget, never the owner themself. Ranked and cut on expert_profiles alone; only the
 * page's rows are joined to users.
 */
async function candidates(db: Executor, project: ProjectRow, extra: SQL[], key: SQL, limit: number) {
  const conditions: SQL[] = [
    sql`${e.status} = 'approved'`,
    sql`${e.availability} <> 'unavailable'`,
    sql`${e.userId} <> ${project.ownerId}::uuid`,
    ...extra,
  ];
  if (project.budgetType === 'hourly' && project.budgetMaxUsdMinor !== null)
    conditions.push(sql`${e.rateUsdMinor} <= ${project.budgetMaxUsdMinor}`);
  const ranked = db
    .select({ ...cardColumns, sortKey: sql<number>`${key}`.as('sort_key') })
    .from(e)
    .where(and(...conditions))
    .orderBy(desc(sql`${key}`), desc(e.id))
    .limit(limit)
    .as('ranked');
  return db
    .select({
      id: ranked.id,
      userId: ranked.userId,
      slug: ranked.slug,
      displayName: ranked.displayName,
      headline: ranked.headline,
      category: ranked.category,
      subjects: ranked.subjects,
      hourlyRateMinor: ranked.hourlyRateMinor,
      currency: ranked.currency,
      country: ranked.country,
      availability: ranked.availability,
      ratingCenti: ranked.ratingCenti,
      ratingCount: ranked.ratingCount,
      avatarKey: users.avatarKey,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .orderBy(desc(ranked.sortKey), desc(ranked.id));
}

function reason(row: MatchRow, project: ProjectRow): string {
  const parts: string[] = [];
  const shared = row.subjects.filter((subject) => project.subjects.includes(subject));
  if (shared.length > 0) parts.push(`Works in ${shared.slice(0, 3).join(', ')}`);
  else if (row.category) parts.push(`Top-rated in ${expertCategoryLabels[row.category]}`);
  if (row.ratingCount > 0)
    parts.push(
      `${(row.ratingCenti / 100).toFixed(1)}★ from ${row.ratingCount} review${row.ratingCount === 1 ? '' : 's'}`,
    );
  parts.push(row.availability === 'available' ? 'available now' : 'limited availability');
  if (row.hourlyRateMinor !== null) {
    const rate = `${formatMoney(row.hourlyRateMinor, row.currency)}/h`;
    parts.push(
      project.budgetType === 'hourly' && project.budgetMaxMinor !== null
        ? `${rate}, within your budget`
        : rate,
    );
  }
  return parts.join(' · ');
}

/**
 * Experts sharing the most subjects with the project, then same category, rating and
 * availability. Ranked on the narrow expert_subject_matches rows (primary key seeks per
 * subject), so only the 20 profiles shown are ever read.
 */
async function subjectSpecialists(db: Executor, project: ProjectRow): Promise<MatchRow[]> {
  const m = expertSubjectMatches;
  const conditions: SQL[] = [
    inArray(m.subject, project.subjects),
    sql`${m.userId} <> ${project.ownerId}::uuid`,
  ];
  if (project.budgetType === 'hourly' && project.budgetMaxUsdMinor !== null)
    conditions.push(sql`${m.rateUsdMinor} <= ${project.budgetMaxUsdMinor}`);
  const sameCategory = project.category ? sql`bool_or(${m.category} = ${project.category})::int` : sql`0`;
  const score = sql`(count(*) * 1000 + ${sameCategory} * 400 + max(${m.ratingCenti}) + bool_or(${m.available})::int * 150)`;
  const ranked = await db
    .select({ id: m.expertId })
    .from(m)
    .where(and(...conditions))
    .groupBy(m.expertId)
    .orderBy(desc(score), desc(m.expertId))
    .limit(MATCH_LIMIT);
  if (ranked.length === 0) return [];
  const profiles = await db
    .select({ ...cardColumns, avatarKey: users.avatarKey })
    .from(e)
    .innerJoin(users, eq(users.id, e.userId))
    .where(
      inArray(
        e.id,
        ranked.map((row) => row.id),
      ),
    );
  const byId = new Map(profiles.map((profile) => [profile.id, profile]));
  return ranked.flatMap((row) => byId.get(row.id) ?? []);
}

export async function matchExperts(db: Executor, project: ProjectRow): Promise<ExpertMatch[]> {
  const rows: MatchRow[] = [];
  if (project.subjects.length > 0) rows.push(...(await subjectSpecialists(db, project)));
  if (rows.length < MATCH_LIMIT && project.category) {
    const exclude = rows.map((row) => row.id);
    rows.push(
      ...(await candidates(
        db,
        project,
        [eq(e.category, project.category), ...(exclude.length > 0 ? [notInArray(e.id, exclude)] : [])],
        sql`${e.ratingCenti}`,
        MATCH_LIMIT - rows.length,
      )),
    );
  }
  const invited =
    rows.length === 0
      ? []
      : await db
          .select({
            id: projectInvitations.id,
            expertId: projectInvitations.expertId,
            status: projectInvitations.status,
          })
          .from(projectInvitations)
          .where(
            and(
              eq(projectInvitations.projectId, project.id),
              inArray(
                projectInvitations.expertId,
                rows.map((row) => row.userId),
              ),
            ),
          );
  const invitationOf = new Map(invited.map((i) => [i.expertId, { id: i.id, status: i.status }]));
  return rows.map((row) => ({
    userId: row.userId,
    ...expertSummary(row),
    reason: reason(row, project),
    invitation: invitationOf.get(row.userId) ?? null,
  }));
}
