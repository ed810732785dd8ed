import type { CurrentUser, DashboardMode, SessionInfo } from '@sciwise/contracts';
import type { sessions, users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** What the spec's clients store: id, e-mail, first and last name. Nothing else leaves here. */
export function presentLoginUser(user: UserRow) {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName };
}

export function avatarUrl(user: Pick<UserRow, 'id' | 'avatarKey'>): string | null {
  // The key changes with every upload, so the URL can be cached for good.
  return user.avatarKey ? `/api/users/${user.id}/avatar?v=${encodeURIComponent(user.avatarKey)}` : null;
}

/** `dashboardMode` is resolved by the caller (dashboard-mode.ts): a stored choice or a default. */
export function presentCurrentUser(user: UserRow, dashboardMode: DashboardMode): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    phoneNumber: user.phoneNumber,
    role: user.role,
    avatarUrl: avatarUrl(user),
    emailVerified: user.emailVerifiedAt !== null,
    heardFrom: user.heardFrom,
    newsletterOptIn: user.newsletterOptIn,
    hasPassword: user.passwordHash !== null,
    dashboardMode,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentSession(session: typeof sessions.$inferSelect, currentSessionId: string): SessionInfo {
  return {
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    userAgent: session.userAgent,
    ipAddress: session.ipAddress,
    current: session.id === currentSessionId,
  };
}
