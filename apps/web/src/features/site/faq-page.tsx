import { ButtonLink } from '../../components/ui/button.tsx';
import { FaqList } from './faq-list.tsx';
import { PageHero } from '../../components/page-hero.tsx';

export function FaqPage() {
  return (
    <>
      <PageHero eyebrow="Help" title="Frequently Asked Questions">
        <p>Answers about hiring experts, paying by milestone and joining the network.</p>
      </PageHero>
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-14 sm:px-6">
        <FaqList />
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/how-it-works">See how it works</ButtonLink>
          <ButtonLink to="/concierge/request" variant="secondary">
            Talk to a project manager
          </ButtonLink>
        </div>
      </div>
    </>
  );
}
