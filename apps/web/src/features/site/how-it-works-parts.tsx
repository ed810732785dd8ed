import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { cn } from '../../lib/cn.ts';
import { blogPosts, formatPostDate } from './blog-data.ts';
import { ContentSlider } from './content-slider.tsx';
import { rollingWords, steps } from './how-it-works-data.ts';
import { testimonials } from './landing-data.ts';
import { usePauseOnAttention, usePrefersReducedMotion, useRotation } from './motion.ts';
import {
  CONTENT_SLIDER_STEP,
  TIMELINE_START_MS,
  TIMELINE_STEP_MS,
  WORD_ROTATION_MS,
} from './motion-timing.ts';
import { fetchFeaturedExperts } from './public-api.ts';
import { StarRating } from '../../components/star-rating.tsx';
import { formatStoryCost, stories } from './stories-data.ts';
import { usePublicData } from './use-public-data.ts';

/** "Hire an expert … a chemist …": a new word every 2 s, held while the pointer or focus is on it. */
export function RollingHeadline() {
  const { paused, handlers } = usePauseOnAttention();
  const [index] = useRotation(rollingWords.length, WORD_ROTATION_MS, paused);
  // The first word is there from the first paint (it is the page's largest text); only the
  // words after it roll in.
  const [rolled, setRolled] = useState(false);
  if (index !== 0 && !rolled) setRolled(true);
  return (
    <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl" {...handlers}>
      Hire
      {/* A line of its own with a fixed height: a longer word never moves the rest of the page. */}
      <span className="block h-[1.25em] overflow-hidden text-accent-400" aria-hidden="true">
        <span
          key={index}
          data-testid="rolling-word"
          className={cn('inline-block', rolled && 'animate-word-in motion-reduce:animate-none')}
        >
          {rollingWords[index]}
        </span>
      </span>
      <span className="sr-only"> an expert </span>
      for your next project
    </h1>
  );
}

function useRevealedSteps(count: number) {
  const [revealed, setRevealed] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    if (reducedMotion) return;
    // Spec §4: the first step after 100 ms, then one more every 600 ms.
    const timers = Array.from({ length: count }, (_, step) =>
      window.setTimeout(
        () => setRevealed((shown) => Math.max(shown, step + 1)),
        TIMELINE_START_MS + step * TIMELINE_STEP_MS,
      ),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [count, reducedMotion]);
  // Without motion every step is there at once.
  return reducedMotion ? count : revealed;
}

export function Timeline() {
  const revealed = useRevealedSteps(steps.length);
  return (
    <ol className="mt-8 grid gap-6 md:grid-cols-4" data-testid="timeline">
      {steps.map((step, index) => (
        <li
          key={step.title}
          data-revealed={index < revealed}
          className={cn(
            'rounded-card border border-slate-200 bg-white p-6 shadow-card transition-all duration-500 motion-reduce:transition-none',
            index < revealed ? 'translate-y-0 opacity-100' : 'translate-y-3 opacity-0',
          )}
        >
          <span className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {index + 1}
          </span>
          <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 text-sm text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Spec §4: the expert carousel moves 280 px below 768 px wide, 370 px from there. */
export function ExpertCarousel() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const featured = usePublicData('featured-experts', fetchFeaturedExperts);
  const experts = (featured.data?.categories ?? []).flatMap((entry) =>
    entry.experts.slice(0, 2).map((expert) => ({ ...expert, label: entry.label })),
  );
  const card =
    'h-[168px] w-[260px] shrink-0 snap-start rounded-card border border-slate-200 bg-white p-5 md:w-[350px]';
  return (
    <ContentSlider label="Featured experts" step={isDesktop ? 370 : 280} testId="expert-carousel">
      {experts.length > 0
        ? experts.map((expert) => (
            <li key={expert.slug} className={card}>
              <div className="flex items-center gap-3">
                <img
                  src={expert.avatarUrl}
                  alt={`Avatar of ${expert.name}`}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 rounded-full bg-slate-100"
                />
                <div className="min-w-0">
                  <Link
                    to={`/experts/${expert.slug}`}
                    className="block truncate font-semibold text-slate-900 hover:text-brand-700"
                  >
                    {expert.name}
                  </Link>
                  <p className="text-xs font-medium text-brand-800">{expert.label}</p>
                </div>
              </div>
              <p className="mt-3 line-clamp-2 h-10 text-sm text-slate-700">{expert.headline}</p>
              <StarRating rating={expert.rating} />
            </li>
          ))
        : Array.from({ length: 3 }, (_, index) => (
            <li key={index} className={card}>
              {featured.status === 'error' && index === 0 ? (
                <p className="text-sm text-slate-700">Featured experts could not be loaded right now.</p>
              ) : (
                <span
                  aria-hidden="true"
                  className="block h-full animate-pulse rounded bg-slate-100 motion-reduce:animate-none"
                />
              )}
            </li>
          ))}
    </ContentSlider>
  );
}

const slideCard =
  'w-[370px] max-w-[85vw] shrink-0 snap-start rounded-card border border-slate-200 bg-white shadow-card';

/** A generated, self-hosted header image for a card: no third-party or stock images. */
function CardArt({ label, tone }: { label: string; tone: number }) {
  const hues = ['from-brand-700 to-brand-900', 'from-brand-500 to-brand-800', 'from-brand-800 to-brand-950'];
  return (
    <div
      role="img"
      aria-label={label}
      className={cn('flex h-28 items-end rounded-t-card bg-gradient-to-br p-4', hues[tone % hues.length])}
    >
      <span className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white">{label}</span>
    </div>
  );
}

export function StoriesSlider() {
  return (
    <ContentSlider label="Success stories" step={CONTENT_SLIDER_STEP} testId="stories-slider">
      {stories.map((story, index) => (
        <li key={story.slug} className={slideCard}>
          <CardArt label={story.category} tone={index} />
          <div className="p-5">
            <h3 className="font-semibold text-slate-900">
              <Link to={story.link} className="hover:text-brand-700">
                {story.title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-slate-700">{story.description}</p>
            <dl className="mt-4 flex gap-6 text-sm">
              <div>
                <dt className="text-slate-600">Budget</dt>
                <dd className="font-semibold text-slate-900">{formatStoryCost(story)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Time</dt>
                <dd className="font-semibold text-slate-900">{story.time}</dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ContentSlider>
  );
}

export function TestimonialsSlider() {
  return (
    <ContentSlider label="Testimonials" step={CONTENT_SLIDER_STEP} testId="testimonials-slider">
      {testimonials.map((item) => (
        <li key={item.name} className={cn(slideCard, 'p-6')}>
          <figure>
            <blockquote className="text-slate-800">“{item.comment}”</blockquote>
            <figcaption className="mt-4 text-sm text-slate-600">
              <span className="block font-semibold text-slate-900">{item.name}</span>
              {item.position}, {item.company}
            </figcaption>
          </figure>
        </li>
      ))}
    </ContentSlider>
  );
}

export function BlogSlider() {
  return (
    <ContentSlider label="Featured blog posts" step={CONTENT_SLIDER_STEP} testId="blog-slider">
      {blogPosts.map((post, index) => (
        <li key={post.slug} className={slideCard}>
          <CardArt label="Blog" tone={index + 1} />
          <div className="p-5">
            <p className="text-xs text-slate-600">
              <time dateTime={post.date}>{formatPostDate(post)}</time>
            </p>
            <h3 className="mt-1 font-semibold text-slate-900">
              <Link to={post.link} className="hover:text-brand-700">
                {post.title}
              </Link>
            </h3>
            <p className="mt-2 text-sm text-slate-700">{post.excerpt}</p>
          </div>
        </li>
      ))}
    </ContentSlider>
  );
}
