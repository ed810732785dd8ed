import { reviewCategories, reviewCategoryLabels, type Review } from '@sciwise/contracts';
import type { ReactNode } from 'react';
import { StarRating } from '../../components/star-rating.tsx';
import { formatDate } from '../../lib/format.ts';

/** One review as people read it: stars, who and when, the text, the categories, the answer. */
export function ReviewItem({
  review,
  heading,
  answeredBy,
  children,
}: {
  review: Review;
  /** What the review is, from the reader's side ("Your review of Ada Expert"); the author's name by default. */
  heading?: string;
  answeredBy?: string;
  children?: ReactNode;
}) {
  return (
    <article className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <h3 className="text-sm font-semibold text-slate-900">{heading ?? review.authorName}</h3>
        <span className="text-xs text-slate-600">{formatDate(review.publishedAt ?? review.createdAt)}</span>
        {review.seeded && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            Demo review
          </span>
        )}
      </div>
      <p className="whitespace-pre-line text-sm text-slate-800">{review.text}</p>
      {review.categories && (
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {reviewCategories.map((category) => (
            <div key={category} className="flex gap-1">
              <dt>{reviewCategoryLabels[category]}:</dt>
              <dd className="font-semibold">{review.categories![category]}/5</dd>
            </div>
          ))}
        </dl>
      )}
      {review.reply && (
        <div className="ml-4 border-l-2 border-brand-200 pl-3">
          <p className="text-xs font-semibold text-slate-800">
            Answer from {answeredBy ?? 'the expert'} · {formatDate(review.reply.createdAt)}
          </p>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{review.reply.text}</p>
        </div>
      )}
      {children}
    </article>
  );
}
