import type { ExpertCategory } from '@sciwise/contracts';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePauseOnAttention, usePrefersReducedMotion, useRotation } from './motion.ts';
import { fetchFeaturedExperts, type LandingExpert } from './public-api.ts';
import { usePublicData } from './use-public-data.ts';
import { StarRating } from '../../components/star-rating.tsx';

/** Spec §9: the featured expert changes every 4 s. */
export const EXPERT_ROTATION_MS = 4000;
/** Spec §4: one 280 px card per click on mobile, three 370 px cards otherwise. */
export const SLIDER_STEP_MOBILE = 280;
export const SLIDER_STEP_DESKTOP = 3 * 370;

export function useFeaturedExperts(category: ExpertCategory) {
  const query = usePublicData('featured-experts', fetchFeaturedExperts);
  const experts = query.data?.categories.find((entry) => entry.category === category)?.experts ?? [];
  return { query, experts };
}

/** The hero card: five experts of the chosen category, one after another. */
export function RotatingExpertCard({ category, label }: { category: ExpertCategory; label: string }) {
  const { query, experts } = useFeaturedExperts(category);
  const { paused, handlers } = usePauseOnAttention();
  const [index] = useRotation(experts.length, EXPERT_ROTATION_MS, paused);
  const expert = experts[index];
  return (
    <section
      aria-label="Featured expert"
      data-testid="featured-expert"
      className="rounded-card bg-white p-6 text-slate-900 shadow-pop"
      {...handlers}
    >
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Featured · {label}</p>
      {/* Fixed heights: the card is the same size while loading, empty or filled (no layout shift). */}
      <div className="mt-4 flex h-24 items-center gap-4">
        {expert ? (
          <>
            <img
              src={expert.avatarUrl}
              alt={`Avatar of ${expert.name}`}
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-full bg-slate-100"
            />
            <div className="min-w-0">
              <Link
                to={`/experts/${expert.slug}`}
                className="block truncate font-semibold text-slate-900 hover:text-brand-700"
              >
                {expert.name}
              </Link>
              <p className="line-clamp-2 h-10 text-sm text-slate-600">{expert.headline}</p>
              <StarRating rating={expert.rating} />
            </div>
          </>
        ) : query.status === 'pending' ? (
          <CardSkeleton />
        ) : (
          <p className="text-sm text-slate-600">
            {query.status === 'error'
              ? 'Featured experts could not be loaded.'
              : 'Experts in this category are being vetted.'}{' '}
            <Link to="/find-an-expert" className="font-semibold text-brand-700 underline">
              Browse the network
            </Link>
          </p>
        )}
      </div>
      <div className="mt-5 flex items-center gap-2 rounded-control bg-brand-50 px-3 py-2 text-sm text-brand-900">
        <ShieldIcon className="size-5 shrink-0" />
        Paid by milestone, held in escrow until you approve.
      </div>
    </section>
  );
}

function CardSkeleton() {
  return (
    <div
      className="flex w-full animate-pulse items-center gap-4 motion-reduce:animate-none"
      aria-hidden="true"
    >
      <span className="size-16 shrink-0 rounded-full bg-slate-200" />
      <span className="flex-1 space-y-2">
        <span className="block h-4 w-2/3 rounded bg-slate-200" />
        <span className="block h-3 w-full rounded bg-slate-200" />
        <span className="block h-3 w-1/2 rounded bg-slate-200" />
      </span>
    </div>
  );
}

const cardClass =
  'h-[236px] w-[260px] shrink-0 snap-start rounded-card border border-slate-200 bg-white p-5 shadow-card md:w-[350px]';

function SliderCard({ expert }: { expert: LandingExpert }) {
  return (
    <li className={cardClass}>
      <img
        src={expert.avatarUrl}
        alt={`Avatar of ${expert.name}`}
        width={64}
        height={64}
        loading="lazy"
        className="size-16 rounded-full bg-slate-100"
      />
      <Link
        to={`/experts/${expert.slug}`}
        className="mt-4 block truncate font-semibold text-slate-900 hover:text-brand-700"
      >
        {expert.name}
      </Link>
      <p className="mt-1 line-clamp-2 h-10 text-sm text-slate-600">{expert.headline}</p>
      <div className="mt-3">
        <StarRating rating={expert.rating} />
      </div>
    </li>
  );
}

/** A category's experts in a row that scrolls by the spec's step with the previous and next buttons. */
export function ExpertSlider({ category, label }: { category: ExpertCategory; label: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const { query, experts } = useFeaturedExperts(category);
  const reducedMotion = usePrefersReducedMotion();
  const step = isDesktop ? SLIDER_STEP_DESKTOP : SLIDER_STEP_MOBILE;
  const scroll = (direction: 1 | -1) =>
    listRef.current?.scrollBy({ left: direction * step, behavior: reducedMotion ? 'auto' : 'smooth' });

  let items;
  if (experts.length > 0) items = experts.map((expert) => <SliderCard key={expert.slug} expert={expert} />);
  else if (query.status === 'pending')
    items = Array.from({ length: 3 }, (_, index) => (
      <li key={index} className={cardClass} aria-hidden="true">
        <CardSkeleton />
      </li>
    ));
  else
    items = (
      <li className={`${cardClass} flex items-center text-sm text-slate-700 md:w-[540px]`}>
        {query.status === 'error'
          ? 'These experts could not be loaded right now. Please try again in a moment.'
          : `No ${label.toLowerCase()} are listed yet: new experts appear here once they are vetted.`}
      </li>
    );

  return (
    <div>
      <ul
        ref={listRef}
        data-testid="expert-slider"
        aria-label={`${label} experts`}
        aria-busy={query.status === 'pending'}
        className="flex snap-x gap-5 overflow-x-auto pb-4"
      >
        {items}
      </ul>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <ButtonLink to="/find-an-expert" variant="secondary">
          View our network of experts
        </ButtonLink>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-label={`Previous ${label.toLowerCase()}`}
            onClick={() => scroll(-1)}
          >
            <ChevronLeftIcon />
          </Button>
          <Button variant="secondary" aria-label={`Next ${label.toLowerCase()}`} onClick={() => scroll(1)}>
            <ChevronRightIcon />
          </Button>
        </div>
      </div>
    </div>
  );
}
