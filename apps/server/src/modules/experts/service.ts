import {
  expertCategories,
  expertCategoryLabels,
  type ExpertProfile,
  type ExpertStatsResponse,
  type FeaturedExpertsResponse,
} from '@sciwise/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { expertProfiles as p, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { verifiedOrcidFor } from '../accounts/oidc/orcid.ts';
import { cardColumns, presentCard, presentProfile } from './presenter.ts';

const NOT_FOUND = 'We could not find that expert.';

/** An approved expert's public profile; anything else is a 404, so drafts never leak. */
export async function getPublicProfile(db: Executor, slug: string): Promise<ExpertProfile> {
  const [row] = await db
    .select({ profile: p, avatarKey: users.avatarKey, verifiedOrcid: verifiedOrcidFor(p.userId) })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(and(eq(p.slug, slug), sql`${p.status} = 'approved'`))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return presentProfile(row.profile, row.avatarKey, row.verifiedOrcid);
}

/** Name and id for the generated avatar of an approved expert. */
export async function getAvatarSubject(db: Executor, slug: string): Promise<{ name: string; key: string }> {
  const [row] = await db
    .select({ name: p.displayName, key: p.id })
    .from(p)
    .where(and(eq(p.slug, slug), sql`${p.status} = 'approved'`))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The landing page's showcase: per category, the five best-ranked experts (taking work, Bayesian rating). */
export async function featuredExperts(db: Executor): Promise<FeaturedExpertsResponse> {
  const categories = [];
  for (const category of expertCategories) {
    const rows = await db
      .select({
        ...cardColumns,
        avatarKey: users.avatarKey,
        verifiedOrcid: verifiedOrcidFor(p.userId),
      })
      .from(p)
      .innerJoin(users, eq(users.id, p.userId))
      .where(and(sql`${p.status} = 'approved'`, eq(p.category, category)))
      .orderBy(desc(p.rankScore), desc(p.id))
      .limit(5);
    categories.push({ category, label: expertCategoryLabels[category], experts: rows.map(presentCard) });
  }
  return { categories };
}

/** The landing page's claims ("50,000+ experts, 170+ countries") come from here. */
export async function expertStats(db: Executor): Promise<ExpertStatsResponse> {
  const [row] = await db
    .select({
      experts: sql<number>`count(*)::int`,
      countries: sql<number>`count(distinct ${p.country})::int`,
    })
    .from(p)
    .where(sql`${p.status} = 'approved'`);
  return { experts: row?.experts ?? 0, countries: row?.countries ?? 0 };
}
