import { Outlet } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
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
        <Alert
          title="We could not check your sign-in"
          action={
            <Button size="sm" variant="secondary" onClick={() => void retry()}>
              Try again
            </Button>
          }
        >
          The server did not answer. Check your connection and try again.
        </Alert>
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
