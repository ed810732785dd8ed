import {
  REVIEW_REPLY_MAX,
  replyToReviewRequestSchema,
  reviewCategories,
  reviewCategoryLabels,
  type Review,
  type ReviewSummary,
} from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { StarRating } from '../../components/star-rating.tsx';
import { expertReviewsQuery, useAnswerReview } from './queries.ts';
import { ReviewItem } from './review-item.tsx';

const oneDecimal = (value: number) => value.toFixed(1);

function Summary({ summary }: { summary: ReviewSummary }) {
  return (
    <div className="flex flex-col gap-4 rounded-card border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:gap-8">
      <div>
        <p className="text-3xl font-bold text-slate-900">
          {summary.ratingAverage === null ? '–' : oneDecimal(summary.ratingAverage)}
          <span className="text-base font-normal text-slate-600"> out of 5</span>
        </p>
        <div className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <StarRating rating={Math.round(summary.ratingAverage ?? 0)} />
          {summary.reviewCount} {summary.reviewCount === 1 ? 'review' : 'reviews'}
        </div>
      </div>
      {summary.categoryCount > 0 && (
        <div className="flex-1 space-y-2 text-sm">
          <dl className="grid gap-2">
            {reviewCategories.map((category) => {
              const value = summary.categories[category];
              return (
                <div key={category} className="grid grid-cols-[9rem_minmax(0,1fr)_2.5rem] items-center gap-2">
                  <dt className="text-slate-700">{reviewCategoryLabels[category]}</dt>
                  <dd className="contents">
                    <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-accent-500"
                        style={{ width: `${((value ?? 0) / 5) * 100}%` }}
                      />
                    </span>
                    <span className="text-right font-semibold text-slate-900">
                      {value === null ? '–' : oneDecimal(value)}
                      <span className="sr-only"> out of 5</span>
                    </span>
                  </dd>
                </div>
              );
            })}
          </dl>
          <p className="text-xs text-slate-600">
            From {summary.categoryCount} {summary.categoryCount === 1 ? 'review' : 'reviews'} with category
            ratings.
          </p>
        </div>
      )}
    </div>
  );
}

function AnswerForm({ slug, review }: { slug: string; review: Review }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const answer = useAnswerReview(slug);
  if (!open)
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Answer this review
      </Button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = replyToReviewRequestSchema.safeParse({ text });
    setError(parsed.error?.issues[0]?.message);
    if (parsed.success) answer.mutate({ reviewId: review.id, body: parsed.data });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-control bg-slate-50 p-3">
      <TextareaField
        label={`Your answer to ${review.authorName}`}
        value={text}
        limit={REVIEW_REPLY_MAX}
        onChange={(event) => setText(event.target.value)}
        hint="Shown under the review to everyone. You can answer once, and an answer cannot be changed."
        error={error}
      />
      {answer.isError && <Alert>{errorMessage(answer.error)}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={answer.isPending}>
          {answer.isPending ? 'Publishing...' : 'Publish answer'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The Reviews section of /experts/:slug. It loads in the browser after the profile (profile pages
 * are the app shell with a server-written head, not build-time prerendered), newest first, five at
 * a time; the expert reading their own profile can answer each review once.
 */
export function ExpertReviewsSection({ slug, expertName }: { slug: string; expertName: string }) {
  const reviews = useInfiniteQuery(expertReviewsQuery(slug));
  const first = reviews.data?.pages[0];
  const all = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-xl font-semibold text-slate-900">
        Reviews
      </h2>
      {reviews.isPending ? (
        <Spinner label="Loading the reviews..." />
      ) : reviews.isError && !first ? (
        <RetryAlert onRetry={reviews.refetch}>{errorMessage(reviews.error)}</RetryAlert>
      ) : all.length === 0 ? (
        <p className="text-slate-700">
          No reviews yet. Clients review {expertName} after a contract ends, and reviews appear here once both
          sides have written theirs or two weeks have passed.
        </p>
      ) : (
        <>
          <Summary summary={first!.summary} />
          <ul className="divide-y divide-slate-200">
            {all.map((review) => (
              <li key={review.id} className="py-4">
                <ReviewItem review={review} answeredBy={expertName}>
                  {first!.viewerIsExpert && !review.reply && <AnswerForm slug={slug} review={review} />}
                </ReviewItem>
              </li>
            ))}
          </ul>
          {reviews.isFetchNextPageError && <Alert>{errorMessage(reviews.error)}</Alert>}
          {reviews.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
            >
              {reviews.isFetchingNextPage ? 'Loading...' : 'Show more reviews'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
