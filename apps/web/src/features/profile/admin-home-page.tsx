import { adminSummarySchema, dashboardPaths, type AdminSummary } from '@sciwise/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import {
  ArrowRightIcon,
  ChatIcon,
  ClipboardListIcon,
  FlagIcon,
  ScaleIcon,
  UsersIcon,
} from '../../components/ui/app-icons.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { ShieldIcon } from '../../components/ui/icons.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { QueryState } from '../../components/query-state.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { PlatformFigures } from '../admin/platform-figures.tsx';

export const adminSummaryQuery = queryOptions({
  queryKey: ['admin', 'summary'],
  queryFn: ({ signal }) => apiRequest('/api/admin/summary', { schema: adminSummarySchema, signal }),
  // The queues change while the admin works them: coming back shows the counts of now.
  staleTime: 0,
});

interface Queue {
  key: keyof AdminSummary;
  title: string;
  /** What the count means, in words that stay true at zero. */
  text: (count: number) => string;
  to: string;
  cta: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const adminQueues: Queue[] = [
  {
    key: 'vettingQueue',
    title: 'Expert vetting',
    text: (n) =>
      n === 0
        ? 'No applications are waiting for a decision.'
        : `${n} ${plural(n, 'application waits', 'applications wait')} for approval or rejection.`,
    to: '/profile/admin/vetting',
    cta: 'Open the vetting queue',
    icon: ShieldIcon,
  },
  {
    key: 'conciergeAwaitingReply',
    title: 'Concierge conversations',
    text: (n) =>
      n === 0
        ? 'Every member who wrote to Sciwise Concierge has had an answer.'
        : `${n} ${plural(n, 'conversation ends', 'conversations end')} with a member’s message, awaiting a reply.`,
    to: '/chat',
    cta: 'Answer in Messages',
    icon: ChatIcon,
  },
  {
    key: 'openDisputes',
    title: 'Disputes',
    text: (n) =>
      n === 0
        ? 'No milestone is in dispute.'
        : `${n} ${plural(n, 'milestone is', 'milestones are')} in dispute, the money held until a mediator decides.`,
    to: '/profile/admin/disputes',
    cta: 'Open the disputes',
    icon: ScaleIcon,
  },
  {
    key: 'reportedContent',
    title: 'Reported content',
    text: (n) =>
      n === 0
        ? 'No reported project or message is waiting for a decision.'
        : `${n} ${plural(n, 'project or message', 'projects or messages')} reported, awaiting a decision.`,
    to: '/profile/admin/reports',
    cta: 'Open the moderation queue',
    icon: FlagIcon,
  },
];

function QueueCard({ queue, count }: { queue: Queue; count: number }) {
  return (
    <li className="flex flex-col rounded-card border border-slate-200 bg-white p-5 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-slate-900">{queue.title}</h2>
        <queue.icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{count}</p>
      <p className="mt-1 flex-1 text-sm text-slate-600">{queue.text(count)}</p>
      <Link
        to={queue.to}
        className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        {queue.cta}
        <ArrowRightIcon className="size-4" />
      </Link>
    </li>
  );
}

function AdminQueues() {
  const summary = useQuery(adminSummaryQuery);
  return (
    <QueryState query={summary} label="Counting what waits...">
      {() => (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="What waits for the team">
          {adminQueues.map((queue) => (
            <QueueCard key={queue.key} queue={queue} count={summary.data![queue.key]} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/**
 * Where administrators land: what waits for the team, from the live data, with the way into each
 * queue; the way to People and the audit log; and the platform's figures.
 */
export function AdminHomePage() {
  const user = useSignedInUser();
  if (user.role !== 'admin')
    return (
      <>
        <PageHeading title="Admin home" />
        <EmptyState icon={<ShieldIcon className="size-6" />} title="Admins only">
          This page is for the Sciwise team.
        </EmptyState>
      </>
    );
  return (
    <>
      <PageHeading
        title="Admin home"
        actions={
          <>
            <ButtonLink variant="secondary" to="/profile/admin/people">
              <UsersIcon className="size-4" />
              People
            </ButtonLink>
            <ButtonLink variant="secondary" to="/profile/admin/audit-log">
              <ClipboardListIcon className="size-4" />
              Audit log
            </ButtonLink>
          </>
        }
      >
        What waits for the Sciwise team, counted now.
      </PageHeading>
      <AdminQueues />
      <PlatformFigures />
      <p className="mt-8 text-sm text-slate-600">
        Your own work is on your{' '}
        <Link to={dashboardPaths.freelancer} className="font-medium text-brand-700 hover:underline">
          Freelancer dashboard
        </Link>{' '}
        and your{' '}
        <Link to={dashboardPaths.owner} className="font-medium text-brand-700 hover:underline">
          Project Owner dashboard
        </Link>
        .
      </p>
    </>
  );
}
