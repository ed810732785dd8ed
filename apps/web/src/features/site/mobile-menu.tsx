import type { RefObject } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { AuthButton } from './auth-button.tsx';
import { Logo } from '../../components/logo.tsx';
import { primaryNav } from './nav-data.ts';

const summaryReset = 'cursor-pointer list-none [&::-webkit-details-marker]:hidden';

/**
 * The hamburger menu (spec §2) as a native <details>: it opens from the prerendered page before
 * any JavaScript runs. The dimmed page behind it and its close cross are part of the <summary>,
 * so a tap on either closes it too. Once hydrated, the header closes it on Escape, navigation and
 * at 768 px (useHeaderMenus in site-header.tsx).
 */
export function MobileMenu({
  menuRef,
  onClose,
}: {
  menuRef: RefObject<HTMLDetailsElement | null>;
  onClose: () => void;
}) {
  const linkClass = 'block rounded-control px-3 py-2.5 text-base text-slate-800 hover:bg-slate-100';
  return (
    <details ref={menuRef} data-header-menu className="group/menu md:hidden">
      <summary
        aria-label="Menu"
        aria-controls="mobile-menu"
        className={cn(summaryReset, 'rounded-control p-2 text-white hover:bg-white/10')}
      >
        <MenuIcon className="size-6" />
        <span
          aria-hidden="true"
          className="fixed inset-0 z-40 hidden bg-slate-950/60 group-open/menu:block"
        />
        <span
          aria-hidden="true"
          className="fixed top-3 right-4 z-[60] hidden rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 group-open/menu:block"
        >
          <CloseIcon />
        </span>
      </summary>
      <div
        id="mobile-menu"
        className="fixed inset-y-0 right-0 z-50 flex h-dvh w-[min(20rem,88vw)] flex-col bg-white text-slate-900 shadow-pop"
      >
        <div className="flex h-[4.25rem] items-center border-b border-slate-200 px-4">
          <Logo tone="dark" />
        </div>
        <nav aria-label="Mobile" className="flex-1 space-y-4 overflow-y-auto p-4">
          <ul className="space-y-1">
            {primaryNav.map((entry) =>
              entry.kind === 'link' ? (
                <li key={entry.to}>
                  <Link to={entry.to} className={cn(linkClass, 'font-medium')} onClick={onClose}>
                    {entry.label}
                  </Link>
                </li>
              ) : (
                <li key={entry.id}>
                  <details className="group">
                    <summary
                      className={cn(linkClass, summaryReset, 'flex items-center justify-between font-medium')}
                    >
                      {entry.label}
                      <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
                    </summary>
                    <ul className="ml-3 border-l border-slate-200 pl-2">
                      {entry.links.map((link) => (
                        <li key={link.to}>
                          <Link to={link.to} className={cn(linkClass, 'text-sm')} onClick={onClose}>
                            {link.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ),
            )}
            <li>
              <Link to="/join-expert" className={cn(linkClass, 'font-medium')} onClick={onClose}>
                Join as expert
              </Link>
            </li>
          </ul>
          <div className="space-y-2 border-t border-slate-200 pt-4">
            <AuthButton className="h-10 w-full" variant="secondary" onDone={onClose} signedIn="links" />
            <ButtonLink to="/request-service" className="w-full" onClick={onClose}>
              Request a service
            </ButtonLink>
          </div>
        </nav>
      </div>
    </details>
  );
}
