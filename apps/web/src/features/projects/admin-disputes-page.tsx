import { formatAmount, type DisputeQueueItem } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ArrowRightIcon } from '../../components/ui/app-icons.tsx';
import { CheckIcon, ShieldIcon } from '../../components/ui/icons.tsx';
import { useSignedInUser } from '../auth/queries.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { formatDate, timeAgo } from './format.ts';
import { disputeQueueQuery } from './queries.ts';
import { QueryState } from './shared.tsx';

function DisputeRow({ dispute }: { dispute: DisputeQueueItem }) {
  const opener = dispute.openedBy === 'client' ? dispute.client : dispute.expert;
  return (
    <li className="relative rounded-card border border-slate-200 bg-white p-5 shadow-card focus-within:ring-2 focus-within:ring-brand-600">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 font-semibold break-words text-slate-900">
          <Link
            to={`/profile/workspace/${dispute.contract.id}`}
            className="after:absolute after:inset-0 after:rounded-card hover:underline focus:outline-none"
          >
            {dispute.contract.title}
          </Link>
        </h2>
        <p className="text-lg font-bold whitespace-nowrap text-slate-900">
          {formatAmount(dispute.amount.amountMinor, dispute.amount.currency)}
        </p>
      </div>
      <p className="mt-0.5 text-sm break-words text-slate-700">Milestone: {dispute.milestoneTitle}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Client</dt>
          <dd className="text-slate-900">{dispute.client.name}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Expert</dt>
          <dd className="text-slate-900">{dispute.expert.name}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Opened</dt>
          <dd className="text-slate-900">
            by {opener.name} ({dispute.openedBy}),{' '}
            <time dateTime={dispute.openedAt} title={formatDate(dispute.openedAt)}>
              {timeAgo(dispute.openedAt)}
            </time>
          </dd>
        </div>
      </dl>
      <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 text-sm whitespace-pre-line break-words text-slate-700">
        {dispute.reason}
      </blockquote>
      <p aria-hidden="true" className="mt-3 flex items-center gap-1 text-sm font-semibold text-brand-700">
        Open the workspace to resolve it
        <ArrowRightIcon className="size-4" />
      </p>
    </li>
  );
}

function DisputeQueue() {
  const queue = useQuery(disputeQueueQuery);
  return (
    <QueryState query={queue} label="Loading disputes...">
      {() => {
        const disputes = queue.data?.disputes ?? [];
        if (disputes.length === 0)
          return (
            <EmptyState icon={<CheckIcon className="size-6" />} title="No open disputes">
              When a client or an expert opens a dispute on a milestone, it is listed here until a mediator
              resolves it.
            </EmptyState>
          );
        return (
          <ul className="space-y-3" aria-label="Open disputes">
            {disputes.map((dispute) => (
              <DisputeRow key={dispute.milestoneId} dispute={dispute} />
            ))}
          </ul>
        );
      }}
    </QueryState>
  );
}

export function AdminDisputesPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeading title="Disputes">
        Milestones whose money waits in escrow for a mediator, oldest first. Open one to read the workspace
        and resolve it.
      </PageHeading>
      {user.role === 'admin' ? (
        <DisputeQueue />
      ) : (
        <EmptyState icon={<ShieldIcon className="size-6" />} title="Admins only">
          This page is for the Sciwise mediation team.
        </EmptyState>
      )}
    </>
  );
}
