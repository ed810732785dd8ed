import { useCallback, useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { AuthButton } from './auth-button.tsx';
import { Logo } from '../../components/logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { primaryNav, type NavMenu } from './nav-data.ts';

/** Spec §9: the header turns solid once the page is scrolled more than 10 px. */
export const SCROLL_THRESHOLD = 10;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the page is scrolled past `threshold`; false while prerendering and hydrating. */
function useScrolledPast(threshold: number) {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > threshold,
    () => false,
  );
}

const summaryReset = 'cursor-pointer list-none [&::-webkit-details-marker]:hidden';

/**
 * A desktop menu as a native <details>, so it opens on the prerendered page before hydration;
 * `name` makes the three exclusive (one open at a time) without JavaScript too.
 */
function NavDropdown({ menu }: { menu: NavMenu }) {
  return (
    <li className="relative">
      <details name="site-nav" data-header-menu className="group">
        <summary
          className={cn(
            summaryReset,
            'inline-flex items-center gap-1 rounded-control px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white',
          )}
        >
          {menu.label}
          <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="absolute top-full left-0 z-50 mt-2 w-72 rounded-card border border-slate-200 bg-white p-2 shadow-pop">
          <ul>
            {menu.links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="block rounded-control px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
                >
                  <span className="font-medium">{link.label}</span>
                  {link.description && (
                    <span className="block text-xs text-slate-600">{link.description}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  );
}

function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden items-center justify-between gap-4 md:flex">
      <ul className="flex flex-wrap items-center gap-1">
        {primaryNav.map((entry) =>
          entry.kind === 'link' ? (
            <li key={entry.to}>
              <RouterNavLink
                to={entry.to}
                className={({ isActive }) =>
                  cn(
                    'block rounded-control px-3 py-2 text-sm font-medium hover:bg-white/10 hover:text-white',
                    isActive ? 'text-white underline decoration-2 underline-offset-8' : 'text-white/90',
                  )
                }
              >
                {entry.label}
              </RouterNavLink>
            </li>
          ) : (
            <NavDropdown key={entry.id} menu={entry} />
          ),
        )}
      </ul>
      <ButtonLink to="/request-service" variant="inverse" size="sm">
        Request a service
      </ButtonLink>
    </nav>
  );
}

const openMenus = (header: HTMLElement | null) =>
  Array.from(header?.querySelectorAll<HTMLDetailsElement>('details[data-header-menu][open]') ?? []);

/**
 * What the header's <details> menus gain once hydrated: Escape closes the open one and puts the
 * focus back on its summary, a press outside it closes it, and so does following a link.
 */
function useHeaderMenus(headerRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    for (const menu of openMenus(headerRef.current)) menu.open = false;
  }, [headerRef, pathname]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const [menu] = openMenus(headerRef.current);
      if (!menu) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of openMenus(headerRef.current)) {
        if (!menu.contains(event.target as Node)) menu.open = false;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [headerRef]);
}

export function SiteHeader() {
  const location = useLocation();
  const onHowItWorks = location.pathname === '/how-it-works';
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const solid = scrolled || onHowItWorks;
  const headerRef = useRef<HTMLElement>(null);
  const mobileMenuRef = useRef<HTMLDetailsElement>(null);
  const closeMobileMenu = useCallback(() => {
    if (mobileMenuRef.current) mobileMenuRef.current.open = false;
  }, []);
  useHeaderMenus(headerRef);
  // Spec §4: the mobile menu closes once the viewport reaches 768 px.
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  useEffect(() => {
    if (isDesktop) closeMobileMenu();
  }, [isDesktop, closeMobileMenu]);

  return (
    <header
      ref={headerRef}
      data-solid={solid}
      className={cn(
        'fixed inset-x-0 top-0 z-40 text-white transition-colors duration-200',
        solid ? 'bg-brand-950 shadow-pop' : 'bg-transparent',
      )}
    >
      {onHowItWorks && (
        <div
          data-testid="header-banner"
          className="bg-accent-400 px-4 py-2 text-center text-sm font-medium text-slate-900"
        >
          Milestone payments stay in escrow until you approve the work, backed by a 100% money-back guarantee.{' '}
          <Link to="/create-project" className="font-semibold underline underline-offset-2">
            Post a project in under 5 minutes
          </Link>
        </div>
      )}
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="flex h-16 items-center justify-between gap-4 border-b border-white/10">
          <Logo />
          <div className="ml-auto flex items-center gap-3">
            <Link
              to="/join-expert"
              className="hidden rounded-control px-3 py-2 text-sm font-medium text-white/90 hover:text-white md:block"
            >
              Join as expert
            </Link>
            <AuthButton signedIn="menu" />
          </div>
          <MobileMenu menuRef={mobileMenuRef} onClose={closeMobileMenu} />
        </div>
        <div className="hidden py-2 md:block">
          <DesktopNav />
        </div>
      </div>
    </header>
  );
}
