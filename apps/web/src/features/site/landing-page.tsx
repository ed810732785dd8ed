import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { pendingSignUpDestination } from '../auth/auth-modal-context.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { useAuth } from '../auth/queries.ts';
import { expertCategories, highlights, showcase, type ExpertCategory } from './experts-data.ts';
import { StarRating } from './star-rating.tsx';

const AVATAR_ROTATION_MS = 4000;

/** Spec §2: signed-in users go straight to their dashboard; "Loading..." while that is being checked. */
export function LandingRoute() {
  const { status, likelySignedIn } = useAuth();
  // A sign-up on its way somewhere (e.g. /chat or /join-expert) must not be overtaken by this redirect.
  if (status === 'signed-in') {
    return <Navigate to={pendingSignUpDestination.current ?? '/profile/freelancer-dashboard'} replace />;
  }
  if (status === 'loading' && likelySignedIn) return <PageSpinner label="Loading..." />;
  return <LandingPage />;
}

function RotatingExpertCard() {
  const [index, setIndex] = useState(0);
  const experts = expertCategories.map((category) => showcase[category][index % 5]!);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((value) => (value + 1) % 5), AVATAR_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);
  const featured = experts[index % experts.length]!;
  return (
    <div className="rounded-card bg-white p-6 text-slate-900 shadow-pop" aria-live="off">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Featured expert</p>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={featured.name} email={featured.slug} size="lg" />
        <div>
          <p className="font-semibold">{featured.name}</p>
          <p className="text-sm text-slate-600">{featured.expertise}</p>
          <StarRating rating={featured.rating} />
        </div>
      </div>
      <div className="mt-5 flex items-center gap-2 rounded-control bg-brand-50 px-3 py-2 text-sm text-brand-900">
        <ShieldIcon className="size-5 shrink-0" />
        Paid by milestone, held in escrow until you approve.
      </div>
    </div>
  );
}

function ExpertSlider({ category }: { category: ExpertCategory }) {
  const listRef = useRef<HTMLUListElement>(null);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  // Spec §4: one 280 px card on mobile, three 370 px cards otherwise, smooth scroll.
  const step = isDesktop ? 3 * 370 : 280;
  const scroll = (direction: 1 | -1) =>
    listRef.current?.scrollBy({ left: direction * step, behavior: 'smooth' });
  return (
    <div>
      <ul ref={listRef} className="flex snap-x gap-5 overflow-x-auto pb-4" aria-label={`${category} experts`}>
        {showcase[category].map((item) => (
          <li
            key={item.slug}
            className="w-[260px] shrink-0 snap-start rounded-card border border-slate-200 bg-white p-5 shadow-card md:w-[350px]"
          >
            <Avatar name={item.name} email={item.slug} size="lg" />
            <a
              href={`#${item.slug}`}
              id={item.slug}
              className="mt-4 block font-semibold text-slate-900 hover:text-brand-700"
            >
              {item.name}
            </a>
            <p className="mt-1 text-sm text-slate-600">{item.expertise}</p>
            <div className="mt-3">
              <StarRating rating={item.rating} />
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex items-center justify-between gap-4">
        <ButtonLink to="/find-an-expert" variant="secondary">
          View our network of experts
        </ButtonLink>
        <div className="flex gap-2">
          <Button variant="secondary" aria-label="Previous experts" onClick={() => scroll(-1)}>
            <ChevronLeftIcon />
          </Button>
          <Button variant="secondary" aria-label="Next experts" onClick={() => scroll(1)}>
            <ChevronRightIcon />
          </Button>
        </div>
      </div>
    </div>
  );
}

export function LandingPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ExpertCategory>('Writers');
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    void navigate(q ? `/find-an-expert?q=${encodeURIComponent(q)}` : '/find-an-expert');
  };

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
            <form role="search" onSubmit={onSearch} className="mt-8 flex max-w-xl gap-2">
              <label htmlFor="subject-search" className="sr-only">
                Search subject areas
              </label>
              <input
                id="subject-search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Search subject areas"
                className="h-12 min-w-0 flex-1 rounded-control border-0 bg-white px-4 text-slate-900 placeholder:text-slate-500"
              />
              <Button type="submit" size="lg" variant="inverse" aria-label="Search">
                <SearchIcon />
                <span className="hidden sm:inline">Search</span>
              </Button>
            </form>
            <div className="mt-6 flex flex-wrap gap-3">
              <ButtonLink to="/join-expert" variant="outline-inverse" size="lg">
                Join as expert
              </ButtonLink>
              <ButtonLink to="/request-service" variant="inverse" size="lg">
                Request a Service
              </ButtonLink>
            </div>
            <p className="mt-6 text-sm text-brand-100">
              Trusted by research teams worldwide ·{' '}
              <a href="#testimonials" className="font-semibold text-white underline underline-offset-2">
                298 reviews
              </a>
            </p>
          </div>
          <RotatingExpertCard />
        </div>
      </section>

      <div className="overflow-hidden border-b border-slate-200 bg-white py-4" aria-label="Why Sciwise">
        <ul className="flex w-max animate-marquee gap-10 motion-reduce:animate-none">
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
      </div>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">Meet experts by category</h2>
        <p className="mt-2 text-slate-700">
          Writers, analysts, consultants, product developers and researchers, vetted before they are listed.
        </p>
        <Tabs
          className="mt-8"
          listClassName="w-full max-w-3xl overflow-x-auto"
          label="Expert categories"
          items={expertCategories.map((value) => ({ value, label: value }))}
          value={category}
          onChange={setCategory}
        >
          <ExpertSlider category={category} />
        </Tabs>
      </section>

      <section id="testimonials" className="bg-slate-50 py-16">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-3">
          {[
            [
              '“We had a biostatistician on our data within a day. The milestone setup made approving work simple.”',
              'Research lead, university hospital',
            ],
            [
              '“The escrow gave our finance team confidence to hire an expert we had never met.”',
              'COO, food-tech start-up',
            ],
            [
              '“I quote on projects that match my PhD, and I know the money is there before I start.”',
              'Freelance medical writer',
            ],
          ].map(([quote, who]) => (
            <figure key={who} className="rounded-card border border-slate-200 bg-white p-6 shadow-card">
              <blockquote className="text-slate-800">{quote}</blockquote>
              <figcaption className="mt-4 text-sm font-medium text-slate-600">{who}</figcaption>
            </figure>
          ))}
        </div>
      </section>
    </>
  );
}
