import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { cn } from '../../lib/cn.ts';
import { groupDigits } from '../../lib/digits.ts';
import { useSignedInHint } from '../auth/signed-in-hint.ts';
import { renderWhenNear } from './deferred-render.ts';
import { HydrationIsland } from './hydration-island.tsx';
import { ExpertSlider, RotatingExpertCard } from './expert-showcase.tsx';
import { highlights, landingCategories, testimonials } from './landing-data.ts';
import { fetchExpertStats, fetchSubjectNames } from './public-api.ts';
import { usePublicData } from './use-public-data.ts';

type CategoryValue = (typeof landingCategories)[number]['value'];

const SignedInGate = lazy(async () => ({ default: (await import('./session-controls.tsx')).SignedInGate }));

/**
 * Spec §2: signed-in users go straight to their dashboard; "Loading..." while that is being
 * checked. Only browsers that signed in before download the session check.
 */
export function LandingRoute() {
  const likelySignedIn = useSignedInHint();
  if (!likelySignedIn) return <LandingPage />;
  return (
    <Suspense fallback={<PageSpinner label="Loading..." />}>
      <SignedInGate>
        <LandingPage />
      </SignedInGate>
    </Suspense>
  );
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The hero search: subject suggestions from the API in the browser's own list, then the directory. */
function HeroSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const prefix = useDebounced(query.trim(), 200);
  const suggestions = usePublicData(prefix.length >= 2 ? `subjects:${prefix.toLowerCase()}` : null, () =>
    fetchSubjectNames(prefix),
  );
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    void navigate(q ? `/find-an-expert?q=${encodeURIComponent(q)}` : '/find-an-expert');
  };
  return (
    <form role="search" onSubmit={onSearch} className="mt-8 flex max-w-xl gap-2">
      <label htmlFor="subject-search" className="sr-only">
        Search subject areas
      </label>
      <input
        id="subject-search"
        type="search"
        list={listId}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search subject areas"
        className="h-12 min-w-0 flex-1 rounded-control border-0 bg-white px-4 text-slate-900 placeholder:text-slate-600"
      />
      <datalist id={listId}>
        {(suggestions.data ?? []).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Button type="submit" size="lg" variant="inverse" aria-label="Search">
        <SearchIcon />
        <span className="hidden sm:inline">Search</span>
      </Button>
    </form>
  );
}

function Marquee() {
  return (
    <section
      aria-label="Why Sciwise"
      // Hover or keyboard focus stops the scrolling; reduced motion never starts it.
      className="group overflow-hidden border-b border-slate-200 bg-white py-4"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focus pauses the scrolling for keyboard users
      tabIndex={0}
    >
      <ul className="flex w-max animate-marquee gap-10 group-focus-within:[animation-play-state:paused] group-hover:[animation-play-state:paused] motion-reduce:animate-none">
        {[...highlights, ...highlights].map((phrase, index) => (
          <li
            key={`${phrase}-${index}`}
            aria-hidden={index >= highlights.length}
            className="text-sm font-semibold whitespace-nowrap text-brand-800"
          >
            {phrase}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The §1 claims; the expert and country counts are the database's, not a slogan. */
function Claims() {
  const stats = usePublicData('expert-stats', fetchExpertStats);
  const figure = (value: number | undefined) =>
    value === undefined ? (
      <span className="inline-block h-8 w-16 animate-pulse rounded bg-slate-200 align-middle motion-reduce:animate-none" />
    ) : (
      groupDigits(value)
    );
  const claims = [
    { figure: figure(stats.data?.experts), label: 'vetted experts listed today' },
    { figure: figure(stats.data?.countries), label: 'countries our experts work from' },
    { figure: '24 h', label: 'to get matched with experts' },
    { figure: '< 5 min', label: 'to post a project' },
  ];
  return (
    <section aria-labelledby="claims-heading" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
      <h2 id="claims-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Expertise you can trust, payments you control
      </h2>
      <dl className="mt-8 grid grid-cols-2 gap-6 md:grid-cols-4">
        {claims.map((claim) => (
          <div
            key={claim.label}
            className="flex flex-col-reverse justify-end rounded-card border border-slate-200 bg-white p-5"
          >
            <dt className="mt-1 text-sm text-slate-700">{claim.label}</dt>
            <dd className="h-9 text-2xl font-bold whitespace-nowrap text-brand-800 sm:text-3xl">
              {claim.figure}
            </dd>
          </div>
        ))}
      </dl>
      {stats.status === 'error' && (
        <p className="mt-3 text-sm text-slate-600">Live figures are unavailable right now.</p>
      )}
      <p className="mt-6 text-slate-700">
        Milestone payments are held in escrow, backed by a 100% money-back guarantee, with no long-term
        contracts. Project details are visible only to signed-in members.
      </p>
    </section>
  );
}

export function LandingPage() {
  const [category, setCategory] = useState<CategoryValue>('writers');
  const label = landingCategories.find((entry) => entry.value === category)?.label ?? 'Writers';

  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 pt-28 pb-16 text-white md:pt-44 md:pb-24">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 md:grid-cols-[3fr_2fr]">
          <div>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl md:text-display">
              Work with our network of scientists &amp; industry experts
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              Post a project in under 5 minutes, get matched within 24 hours, and pay by milestone with your
              money held in escrow.
            </p>
            <HeroSearch />
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to="/join-expert" variant="outline-inverse" size="lg">
                Join as expert
              </ButtonLink>
              <ButtonLink to="/request-service" variant="inverse" size="lg">
                Request a Service
              </ButtonLink>
            </div>
            <p className="mt-6 text-sm text-brand-100" data-testid="trusted-by">
              Trusted by research teams worldwide · rated 4.8 out of 5 ·{' '}
              <a href="#testimonials" className="font-semibold text-white underline underline-offset-2">
                298 reviews
              </a>
            </p>
          </div>
          <RotatingExpertCard category={category} label={label} />
        </div>
      </section>

      <HydrationIsland name="landing-marquee">
        <Marquee />
      </HydrationIsland>

      <HydrationIsland name="landing-claims">
        <Claims />
      </HydrationIsland>

      <HydrationIsland name="landing-categories">
        <section
          aria-labelledby="categories-heading"
          className={cn(renderWhenNear, 'mx-auto max-w-6xl px-4 py-16 sm:px-6')}
        >
          <h2 id="categories-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Meet experts by category
          </h2>
          <p className="mt-2 text-slate-700">
            Writers, analysts, consultants, product developers and researchers, vetted before they are listed.
          </p>
          <Tabs
            className="mt-8"
            listClassName="w-full max-w-3xl overflow-x-auto"
            label="Expert categories"
            items={landingCategories}
            value={category}
            onChange={setCategory}
          >
            <ExpertSlider category={category} label={label} />
          </Tabs>
        </section>
      </HydrationIsland>

      <HydrationIsland name="landing-testimonials">
        <section
          id="testimonials"
          aria-labelledby="testimonials-heading"
          className={cn(renderWhenNear, 'bg-slate-50 py-16')}
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="testimonials-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              What clients and experts say
            </h2>
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {testimonials.slice(0, 3).map((item) => (
                <figure
                  key={item.name}
                  className="rounded-card border border-slate-200 bg-white p-6 shadow-card"
                >
                  <blockquote className="text-slate-800">“{item.comment}”</blockquote>
                  <figcaption className="mt-4 text-sm text-slate-600">
                    <span className="font-semibold text-slate-900">{item.name}</span>, {item.position},{' '}
                    {item.company}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>
      </HydrationIsland>
    </>
  );
}
