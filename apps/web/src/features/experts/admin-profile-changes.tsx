import type { AdminProfileChange } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { controlClasses } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { ProfileChangeSummary, vettedFieldLabels } from './profile-change-summary.tsx';
import { profileChangesQueueQuery, useProfileChangeDecision } from './profile-edit-queries.ts';

function ChangeReview({ change, onDone }: { change: AdminProfileChange; onDone: (text: string) => void }) {
  const decision = useProfileChangeDecision();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = `change-reason-${change.id}`;
  const decide = (kind: 'approve' | 'decline') =>
    decision.mutate(
      { id: change.id, decision: kind, reason: kind === 'decline' ? reason : undefined },
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
      {declining && (
        <div className="space-y-1.5 text-sm">
          <label htmlFor={reasonId} className="block font-medium text-slate-800">
            Reason for the expert
          </label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            maxLength={2000}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={`${reasonId}-hint`}
            className={controlClasses(false)}
          />
          <p id={`${reasonId}-hint`} className="text-xs text-slate-600">
            At least 10 characters. The expert sees this; their profile keeps its approved values.
          </p>
        </div>
      )}
      {decision.isError && <Alert>{errorMessage(decision.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        {!declining ? (
          <>
            <Button
              loading={decision.isPending}
              disabled={decision.isPending}
              onClick={() => decide('approve')}
            >
              Approve changes
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)}>
              Decline…
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="danger"
              loading={decision.isPending}
              disabled={decision.isPending || reason.trim().length < 10}
              onClick={() => decide('decline')}
            >
              Decline with this reason
            </Button>
            <Button variant="ghost" onClick={() => setDeclining(false)}>
              Cancel
            </Button>
          </>
        )}
      </div>
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
                <li key={change.id} className="rounded-card border border-slate-200 bg-white p-5 shadow-card">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-semibold text-slate-900">
                        <Link
                          to={`/experts/${encodeURIComponent(change.expert.slug)}`}
                          className="hover:underline"
                        >
                          {change.expert.name}
                        </Link>
                      </h3>
                      <p className="text-sm text-slate-600">
                        {change.changedFields.map((field) => vettedFieldLabels[field]).join(', ')} · sent{' '}
                        {new Date(change.createdAt).toLocaleDateString('en')}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-expanded={open}
                      onClick={() => setOpenId(open ? null : change.id)}
                    >
                      {open ? 'Close' : 'Review changes'}
                      <span className="sr-only"> of {change.expert.name}</span>
                    </Button>
                  </div>
                  {open && (
                    <ChangeReview
                      change={change}
                      onDone={(text) => {
                        setNotice(text);
                        setOpenId(null);
                      }}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <ShowMore list={queue} label="Show more profile changes" className="mt-6" />
      </div>
    </section>
  );
}
