import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { PageHero } from '../../components/page-hero.tsx';
import { useAuthModal } from './auth-modal-context.tsx';
import { meQueryKey, useAuth, verifyEmail } from './queries.ts';

type Outcome =
  { state: 'working' } | { state: 'done'; message: string } | { state: 'failed'; message: string };

/** Where the link in the confirmation e-mail lands: it confirms the address at once. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const { openAuthModal } = useAuthModal();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'working' } : { state: 'failed', message: 'This confirmation link is incomplete.' },
  );
  const sent = useRef(false);
  useEffect(() => {
    // Once only: a link works once, and a second call would report it spent.
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail({ token })
      .then(async (answer) => {
        setOutcome({ state: 'done', message: answer.message });
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
      })
      .catch((error: unknown) => setOutcome({ state: 'failed', message: errorMessage(error) }));
  }, [token, queryClient]);

  const signedIn = status === 'signed-in';
  return (
    <>
      <PageHero eyebrow="Account" title="Confirm your e-mail address" />
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="space-y-4 rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8">
          {outcome.state === 'working' && <Spinner label="Confirming your e-mail address..." />}
          {outcome.state === 'done' && (
            <>
              <Alert tone="success">{outcome.message}</Alert>
              <p className="text-sm text-slate-600">
                You can now post projects, send quotes and message other members.
              </p>
              {signedIn ? (
                <ButtonLink to="/profile">Go to your account</ButtonLink>
              ) : (
                <Button onClick={() => openAuthModal('login', '/profile')}>Log in</Button>
              )}
            </>
          )}
          {outcome.state === 'failed' && (
            <>
              <Alert>{outcome.message}</Alert>
              {signedIn ? (
                <ButtonLink to="/profile">Go to your account to ask for a new link</ButtonLink>
              ) : (
                <Button onClick={() => openAuthModal('login', '/profile')}>
                  Log in to ask for a new link
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}
