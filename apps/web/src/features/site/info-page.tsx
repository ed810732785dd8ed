import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { infoPages } from './info-content.ts';
import { PageHero } from '../../components/page-hero.tsx';

/** Marketing and help pages that are copy plus next steps, looked up by path. */
export function InfoPage() {
  const { pathname } = useLocation();
  const page = infoPages[pathname.replace(/\/+$/, '') || '/'];
  if (!page) return <NotFoundPage />;
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title}>
        <p>{page.intro}</p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[2fr_1fr]">
        <div className="space-y-10">
          {page.sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
              {section.body && <p className="mt-3 text-slate-700">{section.body}</p>}
              {section.bullets && (
                <ul className="mt-4 space-y-3">
                  {section.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-3 text-slate-700">
                      <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                      <span>{bullet}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          {page.links && (
            <section>
              <h2 className="text-xl font-semibold text-slate-900">Articles</h2>
              <ul className="mt-4 space-y-3">
                {page.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="block rounded-card border border-slate-200 p-4 font-semibold text-brand-800 hover:border-brand-600"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="h-fit rounded-card border border-slate-200 bg-slate-50 p-6">
          <h2 className="font-semibold text-slate-900">Ready when you are</h2>
          <p className="mt-2 text-sm text-slate-700">
            Matching within 24 hours, milestone payments in escrow and no long-term contracts.
          </p>
          <div className="mt-5 flex flex-col gap-3">
            {page.primary && <ButtonLink to={page.primary.to}>{page.primary.label}</ButtonLink>}
            {page.secondary && (
              <ButtonLink to={page.secondary.to} variant="secondary">
                {page.secondary.label}
              </ButtonLink>
            )}
          </div>
        </aside>
      </div>
    </>
  );
}
