import { signInFailureDetail, signInFailureReasonSchema, signInFailureTitle } from '@sciwise/contracts';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { useAuthModal } from './auth-modal-context.tsx';

/**
 * Where every failed redirect sign-in lands: the spec's text ("Login failed. Please try again.",
 * or "LinkedIn login failed"), what happened in plain words, and a way back. The address holds
 * only a provider name and a reason code, never the provider's raw error.
 */
export function SignInFailedPage() {
  const [params] = useSearchParams();
  const { openAuthModal } = useAuthModal();
  const provider = params.get('provider') ?? undefined;
  const reason = signInFailureReasonSchema.safeParse(params.get('reason'));
  const settingsLink = reason.success && reason.data === 'already_linked';
  return (
    <>
      <PageHero eyebrow="Sign in" title={signInFailureTitle(provider)} />
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="space-y-5 rounded-card border border-slate-200 bg-white p-6 shadow-card sm:p-8">
          <Alert>
            {reason.success ? signInFailureDetail(reason.data) : signInFailureDetail('request_error')}
          </Alert>
          <div className="flex flex-wrap gap-3">
            {settingsLink ? (
              <Link to="/profile/settings" className={buttonClasses('primary')}>
                Back to Account Settings
              </Link>
            ) : (
              <Button onClick={() => openAuthModal('login')}>Try again</Button>
            )}
            <Link to="/" className={buttonClasses('secondary')}>
              Back to the home page
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
