import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { useAuth } from '../auth/queries.ts';
import { PageHero } from './page-hero.tsx';

const steps = [
  'Create your account: it takes a minute.',
  'Complete your expert profile: education, publications, skills and rate.',
  'We vet your profile, then you can quote on projects.',
  'Get paid as clients approve each milestone.',
];

export function JoinExpertPage() {
  const { status } = useAuth();
  const { openAuthModal } = useAuthModal();
  return (
    <>
      <PageHero eyebrow="For experts" title="Join as Expert">
        <p>Share your knowledge and help others grow.</p>
      </PageHero>
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
          <div className="mt-6">
            {status === 'signed-in' ? (
              <ButtonLink to="/profile/freelancer-dashboard">Go to your freelance workspace</ButtonLink>
            ) : (
              <Button onClick={() => openAuthModal('signup')}>Create your expert account</Button>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
