import { expertCategoryLabels, type AdminApplication } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { CheckIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { ProfileChangesSection } from './admin-profile-changes.tsx';
import { countryName, formatMoney } from './format.ts';
import { languageName } from './languages.ts';
import { useVettingDecision, vettingQueueQuery } from './queries.ts';
import { ReviewDecision, ReviewQueueItem } from './review-queue.tsx';

function ApplicationReview({
  application,
  onDone,
}: {
  application: AdminApplication;
  onDone: (text: string) => void;
}) {
  const decision = useVettingDecision();
  const decide = (kind: 'approve' | 'reject', reason?: string) =>
    decision.mutate(
      { id: application.id, decision: kind, reason },
      {
        onSuccess: () =>
          onDone(`${application.applicant.name} was ${kind === 'approve' ? 'approved' : 'rejected'}.`),
      },
    );
  return (
    <div className="mt-4 space-y-4 border-t border-slate-200 pt-4 text-sm text-slate-700">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-900">Applicant</dt>
          <dd>
            {application.applicant.name} · {application.applicant.email}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Category</dt>
          <dd>{application.category ? expertCategoryLabels[application.category] : '—'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Subjects</dt>
          <dd>{application.subjects.join(', ') || '—'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Rate</dt>
          <dd>
            {application.hourlyRateMinor !== null
              ? `${formatMoney(application.hourlyRateMinor, application.currency)} /hour`
              : '—'}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Country and languages</dt>
          <dd>
            {application.country ? countryName(application.country) : '—'} ·{' '}
            {application.languages.map(languageName).join(', ')}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">ORCID iD</dt>
          <dd>{application.orcid ?? '—'}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-900">Bio</dt>
          <dd className="whitespace-pre-line">{application.bio}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Education</dt>
          <dd>
            {application.education.length === 0
              ? '—'
              : application.education.map((row) => `${row.degree}, ${row.institution}`).join('; ')}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Publications</dt>
          <dd>
            {application.publications.length === 0
              ? '—'
              : application.publications.map((p) => p.title).join('; ')}
          </dd>
        </div>
      </dl>
      <ReviewDecision
        reasonId={`reason-${application.id}`}
        reasonLabel="Reason for the applicant"
        reasonHint="At least 10 characters. The applicant sees this and can edit and resubmit."
        approveLabel="Approve"
        declineLabel="Reject…"
        confirmLabel="Reject with this reason"
        decision={decision}
        onApprove={() => decide('approve')}
        onDecline={(reason) => decide('reject', reason)}
      />
    </div>
  );
}

function VettingQueue() {
  const queue = useInfiniteQuery(vettingQueueQuery);
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (queue.isPending) return <PageSpinner label="Loading applications..." />;
  if (!queue.data) return <Alert>{errorMessage(queue.error)}</Alert>;
  const applications = queue.data.pages.flatMap((page) => page.applications);
  return (
    <>
      {notice && (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      )}
      {applications.length === 0 ? (
        <EmptyState icon={<CheckIcon className="size-6" />} title="No applications waiting">
          Every submitted application has been reviewed.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {applications.map((application) => {
            const open = openId === application.id;
            return (
              <ReviewQueueItem
                key={application.id}
                heading={<h2 className="font-semibold text-slate-900">{application.applicant.name}</h2>}
                summary={
                  <>
                    {application.headline ?? 'No headline'}
                    {application.submittedAt &&
                      ` · submitted ${new Date(application.submittedAt).toLocaleDateString('en')}`}
                  </>
                }
                reviewLabel="Review"
                srLabel={` ${application.applicant.name}`}
                open={open}
                onToggle={() => setOpenId(open ? null : application.id)}
              >
                <ApplicationReview
                  application={application}
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
      <ShowMore list={queue} label="Show more applications" className="mt-6" />
    </>
  );
}

export function AdminVettingPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Expert vetting">
        Submitted expert applications, oldest first; below them, approved experts’ profile changes.
      </PageHeading>
      {user.role === 'admin' ? (
        <>
          <VettingQueue />
          <ProfileChangesSection />
        </>
      ) : (
        <EmptyState icon={<ShieldIcon className="size-6" />} title="Admins only">
          This page is for the Sciwise vetting team.
        </EmptyState>
      )}
    </>
  );
}
