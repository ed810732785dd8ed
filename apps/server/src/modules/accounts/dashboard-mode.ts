import { homePathFor, type CurrentUser, type DashboardMode } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { expertProfiles } from '../../db/schema/index.ts';
import { presentCurrentUser } from './presenter.ts';
import type { SessionUser } from './sessions.ts';

/**
 * The Freelancer / Project Owner mode a person works in. The last one they chose is kept on the
 * account (not only in one browser), so a second device opens where the first left off; until
 * they choose, someone with an expert profile is a freelancer and everyone else a project owner.
 */
export async function dashboardModeOf(
  db: Executor,
  user: Pick<SessionUser, 'id' | 'dashboardMode'>,
  /** When the caller already knows it (the session lookup reads it), no query is made. */
  hasExpertProfile?: boolean,
): Promise<DashboardMode> {
  if (user.dashboardMode) return user.dashboardMode;
  if (hasExpertProfile !== undefined) return hasExpertProfile ? 'freelancer' : 'owner';
  const [profile] = await db
    .select({ id: expertProfiles.id })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, user.id))
    .limit(1);
  return profile ? 'freelancer' : 'owner';
}

/** GET /api/me and every answer that returns the signed-in user. */
export async function currentUserOf(
  db: Executor,
  user: SessionUser,
  hasExpertProfile?: boolean,
): Promise<CurrentUser> {
  return presentCurrentUser(user, await dashboardModeOf(db, user, hasExpertProfile));
}

/** Where a person lands after signing in: the admin home, or the dashboard of their mode. */
export async function homePathOf(
  db: Executor,
  user: Pick<SessionUser, 'id' | 'role' | 'dashboardMode'>,
): Promise<string> {
  return homePathFor({ role: user.role, dashboardMode: await dashboardModeOf(db, user) });
}
