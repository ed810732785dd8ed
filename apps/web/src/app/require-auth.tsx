import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { RetryAlert } from '../components/ui/retry-alert.tsx';
import { useAuth } from '../features/auth/session.ts';
import { PublicLayoutFrame } from './layouts/public-layout.tsx';
import { SignInRequired } from './sign-in-required.tsx';

/**
 * Spec §2: "Checking authentication..." while loading. The signed-out stay at the address they
 * asked for, with the sign-in over it, and land on that page once signed in (issue 16 item 4).
 */
export function RequireAuth() {
  const { status, retry } = useAuth();
  if (status === 'loading') return <PageSpinner label="Checking authentication..." />;
  if (status === 'signed-out') return <SignInRequired />;
  if (status === 'error') {
    return (
      <div className="mx-auto max-w-md px-4 py-40">
        <RetryAlert onRetry={retry} title="We could not check your sign-in">
          The server did not answer. Check your connection and try again.
        </RetryAlert>
      </div>
    );
  }
  return <Outlet />;
}

/** The guard of pages outside the public layout (the profile area): the sign-in gets the site's header. */
export function RequireAuthWithSiteFrame() {
  const { status } = useAuth();
  if (status === 'signed-out') {
    return (
      <PublicLayoutFrame>
        <SignInRequired />
      </PublicLayoutFrame>
    );
  }
  return <RequireAuth />;
}
