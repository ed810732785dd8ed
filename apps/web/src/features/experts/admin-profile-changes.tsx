import type { AdminProfileChange } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { ProfileChangeSummary, vettedFieldLabels } from './profile-change-summary.tsx';
import { profileChangesQueueQuery, useProfileChangeDecision } from './profile-edit-queries.ts';
import { ReviewDecision, ReviewQueueItem } from './review-queue.tsx';

function ChangeReview({ change, onDone }: { change: AdminProfileChange; onDone: (text: string) => void }) {
  const decision = useProfileChangeDecision();
  const decide = (kind: 'approve' | 'decline', reason?: string) =>
    decision.mutate(
      { id: change.id, decision: kind, reason },
      {
        onSuccess: () =>
          onDone(
            kind === 'approve'
              ? `${change.expert.name}'s changes are approved and public.`
              : `${change.expert.name}'s changes were declined; they see your reason.`,
          ),
      },
    );
  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4">
      <ProfileChangeSummary change={change} />
      <ReviewDecision
        reasonId={`change-reason-${change.id}`}
        reasonLabel="Reason for the expert"
        reasonHint="At least 10 characters. The expert sees this; their profile keeps its approved values."
        approveLabel="Approve changes"
        declineLabel="Decline…"
        confirmLabel="Decline with this reason"
        decision={decision}
        onApprove={() => decide('approve')}
        onDecline={(reason) => decide('decline', reason)}
      />
    </div>
  );
}

/** Approved experts' changes to vetted fields (subjects, credentials), newest first, before and after. */
export function ProfileChangesSection() {
  const queue = useInfiniteQuery(profileChangesQueueQuery);
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const changes = queue.data?.pages.flatMap((page) => page.changes) ?? [];
  return (
    <section id="profile-changes" aria-labelledby="profile-changes-heading" className="mt-12 scroll-mt-24">
      <h2 id="profile-changes-heading" className="text-xl font-semibold text-slate-900">
        Profile changes to review
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Approved experts asking to change their category, subjects or credentials, newest first. They stay
        listed with their approved values until you decide.
      </p>
      <div className="mt-4">
        {notice && (
          <Alert tone="success" className="mb-4">
            {notice}
          </Alert>
        )}
        {queue.isPending ? (
          <Spinner label="Loading profile changes..." />
        ) : !queue.data ? (
          <RetryAlert onRetry={queue.refetch}>{errorMessage(queue.error)}</RetryAlert>
        ) : changes.length === 0 ? (
          <p className="rounded-card border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">
            No profile changes are waiting for review.
          </p>
        ) : (
          <ul className="space-y-3">
            {changes.map((change) => {
              const open = openId === change.id;
              return (
                <ReviewQueueItem
                  key={change.id}
                  heading={
                    <h3 className="font-semibold text-slate-900">
                      <Link
                        to={`/experts/${encodeURIComponent(change.expert.slug)}`}
                        className="hover:underline"
                      >
                        {change.expert.name}
                      </Link>
                    </h3>
                  }
                  summary={
                    <>
                      {change.changedFields.map((field) => vettedFieldLabels[field]).join(', ')} · sent{' '}
                      {new Date(change.createdAt).toLocaleDateString('en')}
                    </>
                  }
                  reviewLabel="Review changes"
                  srLabel={` of ${change.expert.name}`}
                  open={open}
                  onToggle={() => setOpenId(open ? null : change.id)}
                >
                  <ChangeReview
                    change={change}
                    onDone={(text) => {
                      setNotice(text);
                      setOpenId(null);
                    }}
                  />
                </ReviewQueueItem>
              );
            })}
          </ul>
        )}
        <ShowMore list={queue} label="Show more profile changes" className="mt-6" />
      </div>
    </section>
  );
}
