import { homePathFor, type DashboardMode, type UserRole } from '@sciwise/contracts/constants';

export interface AccountLink {
  label: string;
  to: string;
}

/**
 * The signed-in person's own places, the same in the public header, its mobile drawer and the
 * profile area's account menu: their home (admin home or the dashboard of their mode), Messages,
 * Notifications and Settings.
 */
export function accountLinks(user: { role: UserRole; dashboardMode: DashboardMode }): AccountLink[] {
  return [
    { label: user.role === 'admin' ? 'Admin home' : 'Dashboard', to: homePathFor(user) },
    { label: 'Messages', to: '/chat' },
    { label: 'Notifications', to: '/profile/notifications' },
    { label: 'Settings', to: '/profile/settings' },
  ];
}
