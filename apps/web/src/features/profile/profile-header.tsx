import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { DropdownMenu } from '../../components/ui/dropdown-menu.tsx';
import { ChatIcon, UserIcon } from '../../components/ui/app-icons.tsx';
import { MenuIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { useLogout, useSignedInUser } from '../auth/queries.ts';
import { useUnreadMessages } from '../chat/use-unread-messages.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { Logo } from '../../components/logo.tsx';
import { dashboardPaths, type DashboardMode } from './mode.ts';

// A little tighter on phones, where the mode toggle, Messages, the bell and the avatar share 390 px.
const iconLinkClass = 'rounded-full p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:p-2';

function ModeToggle({ mode, onChange }: { mode: DashboardMode; onChange: (mode: DashboardMode) => void }) {
  const options: { value: DashboardMode; label: string }[] = [
    { value: 'freelancer', label: 'Freelancer' },
    { value: 'owner', label: 'Project Owner' },
  ];
  return (
    <div role="group" aria-label="Dashboard mode" className="flex rounded-full bg-slate-100 p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={mode === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-full px-2.5 py-1.5 text-xs font-semibold whitespace-nowrap sm:px-3 sm:text-sm',
            mode === option.value
              ? 'bg-brand-700 text-white shadow-card'
              : 'text-slate-700 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

function ChatLink() {
  const unread = useUnreadMessages();
  return (
    <Link
      to="/chat"
      className={cn(iconLinkClass, 'relative')}
      aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
    >
      <ChatIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-brand-700 px-1 text-[0.65rem] font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

export function ProfileHeader({
  mode,
  onModeChange,
  onToggleSidebar,
  sidebarOpen,
}: {
  mode: DashboardMode;
  onModeChange: (mode: DashboardMode) => void;
  onToggleSidebar: () => void;
  sidebarOpen: boolean;
}) {
  const user = useSignedInUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const firstName = user.firstName || user.name;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="flex h-16 items-center gap-1 px-2 sm:gap-4 sm:px-5">
        <button
          type="button"
          className={iconLinkClass}
          aria-label="Toggle sidebar"
          aria-expanded={sidebarOpen}
          // The sidebar leaves the page when closed: name it only while it is there.
          aria-controls={sidebarOpen ? 'profile-sidebar' : undefined}
          onClick={onToggleSidebar}
        >
          <MenuIcon />
        </button>
        <div className="hidden lg:block">
          <Logo tone="dark" />
        </div>
        <p className="text-lg font-semibold text-slate-900 max-sm:sr-only lg:ml-4">Dashboard</p>
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <ModeToggle
            mode={mode}
            onChange={(next) => {
              onModeChange(next);
              void navigate(dashboardPaths[next]);
            }}
          />
          <nav aria-label="Shortcuts" className="flex items-center">
            <Link to="/profile" className={cn(iconLinkClass, 'max-sm:hidden')} aria-label="Profile">
              <UserIcon />
            </Link>
            {/* On a phone too: the header is where people look for their messages. */}
            <ChatLink />
          </nav>
          <NotificationBell className={iconLinkClass} />
          <DropdownMenu
            triggerLabel={`Account menu for ${user.name}`}
            triggerClassName="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100 sm:pr-3"
            trigger={
              <>
                <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="sm" />
                <span className="hidden text-sm font-medium text-slate-800 md:inline">Hi, {firstName}!</span>
              </>
            }
            header={
              <div className="flex items-center gap-3">
                <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="md" />
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-slate-900">Welcome back, {firstName}</p>
                  <p className="truncate text-xs text-slate-600">{user.email}</p>
                </div>
              </div>
            }
            entries={[
              { kind: 'link', label: 'View Profile', to: '/profile' },
              { kind: 'link', label: 'Messages', to: '/chat' },
              { kind: 'link', label: 'Notifications', to: '/profile/notifications' },
              { kind: 'link', label: 'Settings', to: '/profile/settings' },
              { kind: 'action', label: 'Logout', onSelect: () => void logout(), tone: 'danger' },
            ]}
          />
        </div>
      </div>
    </header>
  );
}
