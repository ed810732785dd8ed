import { Navigate, Outlet } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../features/auth/session.ts';

/** Spec §2: "Checking authentication..." while loading; the signed-out go to /. */
export function RequireAuth() {
  const { status, retry } = useAuth();
  if (status === 'loading') return <PageSpinner label="Checking authentication..." />;
  if (status === 'signed-out') return <Navigate to="/" replace />;
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
