import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Drawer } from '../../components/ui/drawer.tsx';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { AuthButton } from './auth-button.tsx';
import { Logo } from '../../components/logo.tsx';
import { primaryNav } from './nav-data.ts';

/** The hamburger drawer (spec §2): loaded the first time someone opens it. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const linkClass = 'block rounded-control px-3 py-2.5 text-base text-slate-800 hover:bg-slate-100';
  return (
    <Drawer open={open} onClose={onClose} label="Menu" id="mobile-menu" header={<Logo tone="dark" />}>
      <nav aria-label="Mobile" className="space-y-4 p-4">
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
                    className={cn(
                      linkClass,
                      'flex cursor-pointer list-none items-center justify-between font-medium',
                    )}
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
    </Drawer>
  );
}
