import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ChevronDownIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { AuthButton } from './auth-button.tsx';
import { Logo } from '../../components/logo.tsx';
import { primaryNav, type NavMenu } from './nav-data.ts';

/** Spec §9: the header turns solid once the page is scrolled more than 10 px. */
export const SCROLL_THRESHOLD = 10;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

function NavDropdown({
  menu,
  open,
  onToggle,
  onClose,
}: {
  menu: NavMenu;
  open: boolean;
  onToggle: () => void;
  onClose: (refocus: boolean) => void;
}) {
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <li
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          onClose(true);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="inline-flex items-center gap-1 rounded-control px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white"
      >
        {menu.label}
        <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 w-72 rounded-card border border-slate-200 bg-white p-2 shadow-pop"
      >
        <ul>
          {menu.links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={() => onClose(false)}
                className="block rounded-control px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 focus:bg-brand-50"
              >
                <span className="font-medium">{link.label}</span>
                {link.description && <span className="block text-xs text-slate-600">{link.description}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function DesktopNav() {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  useEffect(() => setOpenMenu(null), [location.pathname]);
  useEffect(() => {
    if (!openMenu) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [openMenu]);

  return (
    <nav ref={navRef} aria-label="Main" className="hidden items-center justify-between gap-4 md:flex">
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
            <NavDropdown
              key={entry.id}
              menu={entry}
              open={openMenu === entry.id}
              onToggle={() => setOpenMenu((current) => (current === entry.id ? null : entry.id))}
              onClose={() => setOpenMenu(null)}
            />
          ),
        )}
      </ul>
      <ButtonLink to="/request-service" variant="inverse" size="sm">
        Request a service
      </ButtonLink>
    </nav>
  );
}

const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));

export function SiteHeader() {
  const location = useLocation();
  const onHowItWorks = location.pathname === '/how-it-works';
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const solid = scrolled || onHowItWorks;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpen && !menuWanted) setMenuWanted(true);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Spec §4: the mobile menu closes once the viewport reaches 768 px.
  useEffect(() => {
    if (isDesktop) setMenuOpen(false);
  }, [isDesktop]);
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header
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
          <button
            type="button"
            className="rounded-control p-2 text-white hover:bg-white/10 md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
        <div className="hidden py-2 md:block">
          <DesktopNav />
        </div>
      </div>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={closeMenu} />
        </Suspense>
      )}
    </header>
  );
}
