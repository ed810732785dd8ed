import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { useAuth } from '../auth/queries.ts';
import { PageHero } from '../../components/page-hero.tsx';
import { ApplicationWizard } from './application-wizard.tsx';
import { applicationQuery, useApplicationTransition } from './queries.ts';

const steps = [
  'Create your account: it takes a minute.',
  'Complete your expert profile: education, publications, skills and rate.',
  'We vet your profile, then you can quote on projects.',
  'Get paid as clients approve each milestone.',
];

function Pitch() {
  const { openAuthModal } = useAuthModal();
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2">
      <section>
        <h2 className="text-xl font-semibold text-slate-900">How joining works</h2>
        <ol className="mt-5 space-y-4">
          {steps.map((step, index) => (
            <li key={step} className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {index + 1}
              </span>
              <span className="pt-1 text-slate-700">{step}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="rounded-card border border-slate-200 bg-slate-50 p-6">
        <h2 className="text-xl font-semibold text-slate-900">Why experts choose Sciwise</h2>
        <ul className="mt-4 space-y-3">
          {[
            'Clients fund milestones before you start',
            'Work on your own schedule, from anywhere',
            'No subscription: a 10% fee only when you are paid',
          ].map((item) => (
            <li key={item} className="flex gap-3 text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
              {item}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-700">
          Sign in or create an account to start your application. You will come straight back here, and your
          progress is saved as you go.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => openAuthModal('signup', '/join-expert')}>Create your expert account</Button>
          <Button variant="secondary" onClick={() => openAuthModal('login', '/join-expert')}>
            Sign in to apply
          </Button>
        </div>
      </section>
    </div>
  );
}

function Application() {
  const application = useQuery(applicationQuery);
  const transition = useApplicationTransition();
  if (application.isPending) return <PageSpinner label="Loading your application..." />;
  if (application.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <RetryAlert onRetry={application.refetch}>{errorMessage(application.error)}</RetryAlert>
      </div>
    );
  }
  const data = application.data;
  if (data.status === 'submitted') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert tone="info" title="Your application is with our vetting team">
          We review applications within a few working days and will tell you by e-mail and here.
        </Alert>
        <div className="mt-4">
          <Button
            variant="secondary"
            loading={transition.isPending}
            onClick={() => transition.mutate('withdraw')}
          >
            Withdraw to edit
          </Button>
          {transition.isError && <Alert className="mt-3">{errorMessage(transition.error)}</Alert>}
        </div>
      </div>
    );
  }
  if (data.status === 'approved') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert tone="success" title="You're approved: welcome to Sciwise!">
          Your profile is public and clients can find you.
        </Alert>
        <div className="mt-4 flex flex-wrap gap-3">
          <ButtonLink to={`/experts/${data.slug}`}>View your public profile</ButtonLink>
          <ButtonLink to="/profile/expert-profile" variant="secondary">
            Edit your public profile
          </ButtonLink>
          <ButtonLink to="/profile/freelancer-dashboard" variant="secondary">
            Go to your freelance workspace
          </ButtonLink>
        </div>
      </div>
    );
  }
  return <ApplicationWizard application={data} />;
}

export function JoinExpertPage() {
  const { status } = useAuth();
  return (
    <>
      <PageHero eyebrow="For experts" title="Join as Expert">
        <p>Share your knowledge and help others grow.</p>
      </PageHero>
      {status === 'loading' ? <PageSpinner /> : status === 'signed-in' ? <Application /> : <Pitch />}
    </>
  );
}
