import { useCallback, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Drawer } from '../../components/ui/drawer.tsx';
import { cn } from '../../lib/cn.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { useAuth } from '../../features/auth/queries.ts';
import { VerifyEmailBanner } from '../../features/auth/verify-email-banner.tsx';
import { useDashboardMode } from '../../features/profile/mode.ts';
import { ProfileHeader } from '../../features/profile/profile-header.tsx';
import { sidebarLinks } from '../../features/profile/sidebar-links.ts';
import { profileFooterLinks } from '../../features/site/nav-data.ts';
import { SkipLink } from './skip-link.tsx';

function SidebarNav({
  onNavigate,
  mode,
}: {
  onNavigate?: () => void;
  mode: ReturnType<typeof useDashboardMode>[0];
}) {
  const { user } = useAuth();
  return (
    <nav aria-label="Profile" className="p-3">
      <ul className="space-y-1">
        {sidebarLinks(mode, user?.role).map((link) => (
          <li key={link.label}>
            <NavLink
              to={link.to}
              end={link.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-control px-3 py-2 text-sm font-medium',
                  isActive
                    ? 'bg-brand-50 text-brand-800'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <link.icon className="size-5 shrink-0" />
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in area: its own header, the sidebar (persistent on desktop, a drawer on mobile), and a footer. */
export function ProfileLayout() {
  const [mode, setMode] = useDashboardMode();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const { pathname } = useLocation();
  // The drawer belongs to the page it was opened on: a navigation closes it, and so does a window
  // that grows to desktop width (for good, as the drawer is gone there).
  const [mobileOpenAt, setMobileOpenAt] = useState<string | null>(null);
  if (isDesktop && mobileOpenAt !== null) setMobileOpenAt(null);
  const mobileOpen = mobileOpenAt === pathname;
  const closeMobile = useCallback(() => setMobileOpenAt(null), []);

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <ProfileHeader
        mode={mode}
        onModeChange={setMode}
        sidebarOpen={isDesktop ? desktopOpen : mobileOpen}
        onToggleSidebar={() => (isDesktop ? setDesktopOpen((value) => !value) : setMobileOpenAt(pathname))}
      />
      <div className="flex flex-1">
        {isDesktop && desktopOpen && (
          <aside id="profile-sidebar" className="w-60 shrink-0 border-r border-slate-200 bg-white">
            <div className="sticky top-16">
              <SidebarNav mode={mode} />
            </div>
          </aside>
        )}
        {!isDesktop && (
          <Drawer
            open={mobileOpen}
            onClose={closeMobile}
            label="Profile menu"
            side="left"
            id="profile-sidebar"
          >
            <SidebarNav mode={mode} onNavigate={closeMobile} />
          </Drawer>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 focus:outline-none sm:px-8">
            <div className="mx-auto max-w-5xl">
              <VerifyEmailBanner className="mb-6" />
              <Outlet context={mode} />
            </div>
          </main>
          <footer className="border-t border-slate-200 bg-white px-4 py-5 sm:px-8">
            <nav aria-label="Footer">
              <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
                {profileFooterLinks.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="hover:text-slate-900 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </footer>
        </div>
      </div>
    </div>
  );
}
