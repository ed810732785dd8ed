import type { CurrentUser } from '@sciwise/contracts';
import { homePathFor } from '@sciwise/contracts/constants';
import { useId, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { DropdownMenu } from '../../components/ui/dropdown-menu.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { accountLinks } from '../auth/account-links.ts';
import { pendingSignUpDestination } from '../auth/auth-modal-context.tsx';
import { useLogout, usePublicAuth } from '../auth/session.ts';

/*
 * The parts of the public pages that need the session, for browsers that signed in before. They
 * come in their own chunk with TanStack Query, so first-time visitors never download them.
 */

function Gate({ children }: { children: ReactNode }) {
  const { status, user } = usePublicAuth();
  // A sign-up on its way somewhere (e.g. /chat or /join-expert) must not be overtaken by this
  // redirect: the address changes at once, while the landing page stays until the next page loads.
  if (status === 'signed-in' && window.location.pathname !== '/') return children;
  if (status === 'signed-in' && user) {
    return <Navigate to={pendingSignUpDestination.current ?? homePathFor(user)} replace />;
  }
  if (status === 'loading') return <PageSpinner label="Loading..." />;
  return children;
}

/** The landing page's redirect of signed-in users to their dashboard. */
export function SignedInGate({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <Gate>{children}</Gate>
    </QueryProvider>
  );
}

export interface SessionButtonProps {
  className?: string;
  variant: ButtonVariant;
  onDone?: () => void;
  onLogin: () => void;
  /**
   * What a signed-in person sees: a Logout button, the account menu (public header), or the
   * account's links and Logout (mobile drawer).
   */
  signedIn?: 'logout' | 'menu' | 'links';
}

function PublicAccountMenu({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const firstName = user.firstName || user.name;
  return (
    <DropdownMenu
      triggerLabel={`Account menu for ${user.name}`}
      triggerClassName="flex items-center gap-2 rounded-full p-1 text-white hover:bg-white/10 md:pr-3"
      trigger={
        <>
          <Avatar name={user.name} email={user.email} src={user.avatarUrl} size="sm" />
          <span className="hidden text-sm font-medium md:inline">Hi, {firstName}!</span>
        </>
      }
      header={
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">Welcome back, {firstName}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
      }
      entries={[
        ...accountLinks(user).map((link) => ({ kind: 'link' as const, ...link })),
        { kind: 'action', label: 'Logout', onSelect: onLogout, tone: 'danger' },
      ]}
    />
  );
}

function AccountLinks({ user, onDone }: { user: CurrentUser; onDone?: () => void }) {
  const headingId = useId();
  return (
    <div>
      <p id={headingId} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Your account
      </p>
      <ul aria-labelledby={headingId} className="space-y-1">
        {accountLinks(user).map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={onDone}
              className="block rounded-control px-3 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-100"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SessionButtonInner({
  className,
  variant,
  onDone,
  onLogin,
  signedIn: shown = 'logout',
}: SessionButtonProps) {
  const { status, user } = usePublicAuth();
  const logout = useLogout();
  const signedIn = status === 'signed-in';
  if (signedIn && user && shown === 'menu')
    return <PublicAccountMenu user={user} onLogout={() => void logout()} />;
  const button = (
    <Button
      variant={variant}
      size="sm"
      className={className}
      onClick={() => {
        onDone?.();
        if (signedIn) void logout();
        else onLogin();
      }}
    >
      {signedIn ? 'Logout' : 'Login'}
    </Button>
  );
  if (signedIn && user && shown === 'links')
    return (
      <div className="space-y-2">
        <AccountLinks user={user} onDone={onDone} />
        {button}
      </div>
    );
  return button;
}

/** Login or Logout in the headers, from the checked session; signed in, the account menu or links. */
export function SessionButton(props: SessionButtonProps) {
  return (
    <QueryProvider>
      <SessionButtonInner {...props} />
    </QueryProvider>
  );
}
