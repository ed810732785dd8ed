import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { QueryProvider } from '../../app/query-provider.tsx';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { pendingSignUpDestination } from '../auth/auth-modal-context.tsx';
import { useLogout, usePublicAuth } from '../auth/session.ts';

/*
 * The parts of the public pages that need the session, for browsers that signed in before. They
 * come in their own chunk with TanStack Query, so first-time visitors never download them.
 */

function Gate({ children }: { children: ReactNode }) {
  const { status } = usePublicAuth();
  // A sign-up on its way somewhere (e.g. /chat or /join-expert) must not be overtaken by this
  // redirect: the address changes at once, while the landing page stays until the next page loads.
  if (status === 'signed-in' && window.location.pathname !== '/') return children;
  if (status === 'signed-in') {
    return <Navigate to={pendingSignUpDestination.current ?? '/profile/freelancer-dashboard'} replace />;
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
}

function SessionButtonInner({ className, variant, onDone, onLogin }: SessionButtonProps) {
  const { status } = usePublicAuth();
  const logout = useLogout();
  const signedIn = status === 'signed-in';
  return (
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
}

/** Login or Logout in the headers, from the checked session. */
export function SessionButton(props: SessionButtonProps) {
  return (
    <QueryProvider>
      <SessionButtonInner {...props} />
    </QueryProvider>
  );
}
