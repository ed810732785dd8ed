import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { renderWhenNear } from './deferred-render.ts';
import { HydrationIsland } from './hydration-island.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { FaqList } from './faq-list.tsx';
import { comparison, reasons, serviceTiles, waysToWork } from './how-it-works-data.ts';
import {
  BlogSlider,
  ExpertCarousel,
  RollingHeadline,
  StoriesSlider,
  TestimonialsSlider,
  Timeline,
} from './how-it-works-parts.tsx';

function Section({
  id,
  title,
  tinted = false,
  island = true,
  children,
}: {
  id: string;
  title: string;
  tinted?: boolean;
  /** false: hydrated with the page itself (its timers must start with the page). */
  island?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn(renderWhenNear, tinted ? 'bg-slate-50 py-16' : 'py-16')}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {island ? <HydrationIsland name={id}>{children}</HydrationIsland> : children}
      </div>
    </section>
  );
}

export function HowItWorksPage() {
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 pt-44 pb-16 text-white md:pt-52 md:pb-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">How it Works</p>
          <RollingHeadline />
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            From a question to an approved deliverable in four steps, with your payment protected the whole
            way.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/create-project" variant="inverse" size="lg">
              Post a project
            </ButtonLink>
            <ButtonLink to="/find-an-expert" variant="outline-inverse" size="lg">
              Browse experts
            </ButtonLink>
          </div>
        </div>
      </section>

      <Section id="steps-heading" title="Four steps" island={false}>
        <Timeline />
      </Section>

      <Section id="why-heading" title="Why clients choose Sciwise" tinted>
        <div className="mt-8 grid gap-6 sm:grid-cols-2 md:grid-cols-4">
          {reasons.map((reason) => (
            <div key={reason.title} className="rounded-card border border-slate-200 bg-white p-6">
              <h3 className="font-semibold text-slate-900">{reason.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{reason.text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="ways-heading" title="Two ways to work">
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {waysToWork.map((way) => (
            <div
              key={way.title}
              className="flex flex-col rounded-card border border-slate-200 bg-white p-6 shadow-card"
            >
              <h3 className="text-lg font-semibold text-slate-900">{way.title}</h3>
              <p className="mt-2 text-slate-700">{way.text}</p>
              <ul className="mt-4 flex-1 space-y-2">
                {way.points.map((point) => (
                  <li key={point} className="flex gap-2 text-sm text-slate-700">
                    <CheckIcon className="size-5 shrink-0 text-brand-600" />
                    {point}
                  </li>
                ))}
              </ul>
              <ButtonLink to={way.cta.to} className="mt-6 self-start">
                {way.cta.label}
              </ButtonLink>
            </div>
          ))}
        </div>
      </Section>

      <Section id="compare-heading" title="Consulting firm or freelance expert?" tinted>
        <div className="mt-8 overflow-x-auto rounded-card border border-slate-200 bg-white">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Consulting firms compared with Sciwise freelancers</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <td className="px-4 py-3" />
                <th scope="col" className="px-4 py-3 font-semibold text-slate-900">
                  Consulting firm
                </th>
                <th scope="col" className="px-4 py-3 font-semibold text-brand-800">
                  Sciwise freelance expert
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-700">
              {comparison.map(([row, firm, expert]) => (
                <tr key={row} className="border-b border-slate-200 last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                    {row}
                  </th>
                  <td className="px-4 py-3">{firm}</td>
                  <td className="px-4 py-3">{expert}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="experts-heading" title="Experts on Sciwise">
        <p className="mt-2 text-slate-700">A few of the vetted experts clients hire most.</p>
        <div className="mt-8">
          <ExpertCarousel />
        </div>
      </Section>

      <Section id="services-heading" title="Services you can customise" tinted>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 md:grid-cols-5" data-testid="service-tiles">
          {serviceTiles.map((tile) => (
            <li key={tile}>
              <Link
                to="/create-project"
                className="block h-full rounded-card border border-slate-200 bg-white p-4 text-sm font-medium text-slate-900 hover:border-brand-600 hover:text-brand-800"
              >
                {tile}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="stories-heading" title="Success stories">
        <div className="mt-8">
          <StoriesSlider />
        </div>
      </Section>

      <Section id="testimonials-heading" title="What clients and experts say" tinted>
        <div className="mt-8">
          <TestimonialsSlider />
        </div>
      </Section>

      <section
        aria-labelledby="faq-heading"
        className={cn(renderWhenNear, 'mx-auto max-w-3xl px-4 py-16 sm:px-6')}
      >
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Frequently asked questions
        </h2>
        <div className="mt-8">
          <HydrationIsland name="faq">
            <FaqList />
          </HydrationIsland>
        </div>
      </section>

      <Section id="blog-heading" title="From the blog" tinted>
        <div className="mt-8">
          <BlogSlider />
        </div>
      </Section>
    </>
  );
}
