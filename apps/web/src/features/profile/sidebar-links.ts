import { ADMIN_HOME_PATH, type UserRole } from '@sciwise/contracts/constants';
import type { ComponentType, SVGProps } from 'react';
import {
  BriefcaseIcon,
  CalendarIcon,
  CardIcon,
  ChatIcon,
  ClipboardListIcon,
  CompassIcon,
  DocumentIcon,
  FlagIcon,
  FolderIcon,
  HomeIcon,
  ReceiptIcon,
  ScaleIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
} from '../../components/ui/app-icons.tsx';
import { CheckIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { dashboardPaths, type DashboardMode } from './mode.ts';

export interface SidebarLink {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

/** The sidebar of spec §2, Browse Projects included (it now has a route). */
export function sidebarLinks(mode: DashboardMode, role: UserRole = 'member'): SidebarLink[] {
  const links: SidebarLink[] = [
    { label: 'Dashboard', to: dashboardPaths[mode], icon: HomeIcon },
    // Not in the spec's sidebar: on a phone the header's chat icon was the only way into Messages.
    { label: 'Messages', to: '/chat', icon: ChatIcon },
    { label: 'Profile', to: '/profile', icon: UserIcon, end: true },
    { label: 'My Projects', to: '/profile/my-projects', icon: FolderIcon },
    { label: 'Browse Projects', to: '/profile/browse', icon: CompassIcon },
    { label: 'Proposals', to: '/profile/proposals', icon: DocumentIcon },
    { label: 'Workspace', to: '/profile/workspace', icon: BriefcaseIcon },
    { label: 'Payment Details', to: '/profile/payment', icon: CardIcon },
    { label: 'Billing', to: '/profile/billing', icon: ReceiptIcon },
    { label: 'Scheduled Calls', to: '/profile/calls', icon: CalendarIcon },
    { label: 'Account Setting', to: '/profile/settings', icon: SettingsIcon },
  ];
  if (role === 'admin')
    links.push(
      { label: 'Admin home', to: ADMIN_HOME_PATH, icon: ShieldIcon, end: true },
      { label: 'Expert vetting', to: '/profile/admin/vetting', icon: CheckIcon },
      { label: 'Disputes', to: '/profile/admin/disputes', icon: ScaleIcon },
      { label: 'Reported content', to: '/profile/admin/reports', icon: FlagIcon },
      { label: 'People', to: '/profile/admin/people', icon: UsersIcon },
      { label: 'Audit log', to: '/profile/admin/audit-log', icon: ClipboardListIcon },
    );
  return links;
}
