import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { resendVerificationEmail, useAuth } from './queries.ts';

/**
 * Shown to a signed-in person whose e-mail address is not confirmed yet: what they cannot do until
 * then, and a way to get a new link (the server allows 3 an hour and says so when it refuses).
 */
export function VerifyEmailBanner({ className }: { className?: string }) {
  const { user } = useAuth();
  const resend = useMutation({ mutationFn: resendVerificationEmail });
  if (!user || user.emailVerified) return null;
  return (
    <Alert tone="warning" title="Please confirm your e-mail address" className={className}>
      <p>
        We e-mailed a confirmation link to <strong className="break-all">{user.email}</strong>. Until you open
        it you can look around and write to Sciwise Concierge, but not post projects, send quotes or message
        other members.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Button
          size="sm"
          variant="secondary"
          loading={resend.isPending}
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Send a new link
        </Button>
        {resend.isSuccess && <span role="status">{resend.data.message}</span>}
        {resend.isError && <span role="alert">{errorMessage(resend.error)}</span>}
      </div>
    </Alert>
  );
}
