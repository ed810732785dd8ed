import {
  REVIEW_TEXT_MAX,
  reviewCategories,
  reviewCategoryLabels,
  reviewCategoryRatingsSchema,
  writeReviewRequestSchema,
  type Contract,
  type ContractReviewState,
  type ReviewCategory,
} from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { contractReviewsQuery, useWriteReview } from './queries.ts';
import { ReviewItem } from './review-item.tsx';
import { StarInput } from './star-input.tsx';

type Errors = Partial<Record<'rating' | 'text' | ReviewCategory, string>>;

function ReviewForm({ contractId, state }: { contractId: string; state: ContractReviewState }) {
  const [rating, setRating] = useState(0);
  const [categories, setCategories] = useState<Record<ReviewCategory, number>>({
    quality: 0,
    communication: 0,
    timeliness: 0,
  });
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const write = useWriteReview(contractId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { rating, text, ...(state.writesCategories ? { categories } : {}) };
    const parsed = writeReviewRequestSchema.safeParse(body);
    const categoryCheck = state.writesCategories ? reviewCategoryRatingsSchema.safeParse(categories) : null;
    const found: Errors = {};
    for (const issue of [...(parsed.error?.issues ?? []), ...(categoryCheck?.error?.issues ?? [])]) {
      const field = issue.path.at(-1) as keyof Errors;
      found[field] ??= issue.message;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    write.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StarInput
        legend={`Overall, how was working with ${state.otherName}?`}
        value={rating}
        onChange={setRating}
        error={errors.rating}
      />
      {state.writesCategories && (
        <div className="space-y-3 rounded-control bg-slate-50 p-3">
          {reviewCategories.map((category) => (
            <StarInput
              key={category}
              size="sm"
              legend={reviewCategoryLabels[category]}
              value={categories[category]}
              onChange={(stars) => setCategories((current) => ({ ...current, [category]: stars }))}
              error={errors[category]}
            />
          ))}
        </div>
      )}
      <TextareaField
        label="Your review"
        value={text}
        limit={REVIEW_TEXT_MAX}
        onChange={(event) => setText(event.target.value)}
        hint={
          state.writesCategories
            ? 'What went well, what could be better: other clients will read it on the profile.'
            : `How was ${state.otherName} to work with? Only the two of you will read it.`
        }
        error={errors.text}
      />
      {write.isError && <Alert>{errorMessage(write.error)}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={write.isPending}>
          {write.isPending ? 'Sending...' : 'Submit review'}
        </Button>
        <p className="text-xs text-slate-600">
          A review cannot be changed once submitted. {state.otherName} reads it only after writing theirs, or
          when the review period closes on {formatDate(state.deadline)}.
        </p>
      </div>
    </form>
  );
}

function ReviewsBody({ contract, state }: { contract: Contract; state: ContractReviewState }) {
  const expertName = contract.expert.name;
  if (state.window === 'not_reviewable')
    return (
      <p className="text-sm text-slate-700">
        This contract was cancelled before any work was paid for, so there is nothing to review.
      </p>
    );
  const mine = state.mine && (
    <ReviewItem review={state.mine} heading={`Your review of ${state.otherName}`} answeredBy={expertName} />
  );
  const theirs = state.theirs && (
    <ReviewItem
      review={state.theirs}
      heading={`${state.otherName}’s review of you`}
      answeredBy={expertName}
    />
  );
  if (state.canWrite)
    return (
      <div className="space-y-4">
        {state.otherHasWritten && (
          <Alert tone="info">
            {state.otherName} has written their review. You will read it as soon as you submit yours.
          </Alert>
        )}
        {theirs}
        <ReviewForm contractId={contract.id} state={state} />
      </div>
    );
  return (
    <div className="space-y-5">
      {state.mine && !state.theirs && state.window === 'open' && (
        <Alert tone="info" title="Your review is hidden for now">
          Your review is hidden until {formatDate(state.deadline)} or until {state.otherName} writes theirs;
          then both become visible at once.
        </Alert>
      )}
      {!state.mine && state.window === 'closed' && (
        <p className="text-sm text-slate-700">
          The review period closed on {formatDate(state.deadline)}
          {state.theirs ? '.' : ' without reviews from either side.'}
        </p>
      )}
      <div className="divide-y divide-slate-200 [&>*]:py-4 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        {mine}
        {theirs}
      </div>
      {state.mine && !state.theirs && state.window === 'closed' && (
        <p className="text-sm text-slate-700">{state.otherName} did not write a review.</p>
      )}
    </div>
  );
}

/** The workspace's reviews once the contract has ended: leave one, wait for theirs, read both. */
export function ContractReviewsCard({ contract }: { contract: Contract }) {
  const state = useQuery({
    ...contractReviewsQuery(contract.id),
    enabled: contract.status !== 'active' && contract.role !== 'admin',
  });
  if (contract.status === 'active' || contract.role === 'admin') return null;
  const title = state.data?.canWrite ? 'Leave a review' : 'Reviews';
  return (
    <Card
      id="contract-reviews"
      title={title}
      description={
        state.data?.canWrite
          ? `Rate ${state.data.otherName} from 1 to 5 stars. Reviews are double-blind: neither of you sees the other’s until both have written one or the review period ends.`
          : undefined
      }
    >
      {state.isPending ? (
        <Spinner label="Loading the reviews..." />
      ) : state.isError ? (
        <RetryAlert onRetry={state.refetch}>{errorMessage(state.error)}</RetryAlert>
      ) : (
        <ReviewsBody contract={contract} state={state.data} />
      )}
    </Card>
  );
}
