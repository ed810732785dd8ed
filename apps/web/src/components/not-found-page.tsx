import { useLocation } from 'react-router';
import { ButtonLink } from './ui/button.tsx';
import { PageHero } from './page-hero.tsx';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <>
      <PageHero eyebrow="Error 404" title="We can't find that page" />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <p className="max-w-2xl text-slate-700">
          There is no page at{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{location.pathname}</code>. It may have
          moved, or the link may have a typo.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/">Go to the home page</ButtonLink>
          <ButtonLink to="/find-an-expert" variant="secondary">
            Find an expert
          </ButtonLink>
          <ButtonLink to="/faq" variant="secondary">
            Read the FAQ
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
