import {
  reportReasonLabels,
  reportStatuses,
  type ModerationReport,
  type ReportStatus,
} from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FlagIcon } from '../../components/ui/app-icons.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { StatusBadge } from '../projects/shared.tsx';
import { AdminOnly, Badge, personPath } from './parts.tsx';
import { reportsQuery, type ReportDecision } from './queries.ts';
import { ReportDecisionDialog } from './report-decision-dialog.tsx';
import { reportStatusLabels, reportSubjectLabels } from './words.ts';

const tabs = reportStatuses.map((status) => ({ value: status, label: reportStatusLabels[status] }));

/** The tab in the address (?status=); anything else is the open queue. */
const statusOf = (value: string | null): ReportStatus =>
  reportStatuses.find((status) => status === value) ?? 'open';

/**
 * Why this administrator may not decide a report, as the server would refuse it: an administrator
 * never decides about their own content, nor a report they made.
 */
export function decisionBlocked(report: ModerationReport, viewerId: string): string | null {
  if (report.author.id === viewerId)
    return 'This is your own content: another administrator must decide these reports.';
  if (report.reporter.id === viewerId) return 'You made this report: another administrator must decide it.';
  return null;
}

const empty: Record<ReportStatus, { title: string; text: string }> = {
  open: {
    title: 'Nothing waits for a decision',
    text: 'When a member reports a project or a message, it appears here with their reason, the newest first, until an administrator removes the content or dismisses the report.',
  },
  removed: {
    title: 'Nothing has been removed',
    text: 'Projects and messages an administrator removes are listed here, with who removed them, when, and the reason their author was given.',
  },
  dismissed: {
    title: 'No report has been dismissed',
    text: 'Reports an administrator looked into and left the content in place for are listed here, with who decided, when, and their note.',
  },
};

const listLabels: Record<ReportStatus, string> = {
  open: 'Reports waiting for a decision, newest first.',
  removed: 'Reports whose content was removed, the newest reports first.',
  dismissed: 'Dismissed reports, the newest reports first.',
};

function PersonLink({ person }: { person: ModerationReport['author'] }) {
  return (
    <Link to={personPath(person.id)} className="font-semibold text-brand-800 hover:underline">
      {person.name}
    </Link>
  );
}

const quote = 'border-l-4 pl-3 whitespace-pre-line break-words';

/** What was reported: the project (title, state, excerpt) or the message (its words, who sent it, when). */
function Reported({ report, headingId }: { report: ModerationReport; headingId: string }) {
  const { project, message } = report;
  if (project)
    return (
      <>
        <h2 id={headingId} className="mt-3 text-lg font-semibold break-words text-slate-900">
          <Link to={`/projects/${project.id}`} className="text-brand-800 hover:underline">
            {project.title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Posted by <PersonLink person={report.author} />
        </p>
        {project.excerpt && (
          <p className="mt-2 line-clamp-4 text-sm whitespace-pre-line break-words text-slate-700">
            {project.excerpt}
          </p>
        )}
      </>
    );
  return (
    <>
      <h2 id={headingId} className="mt-3 text-lg font-semibold break-words text-slate-900">
        Message from <PersonLink person={report.author} />
      </h2>
      {message && (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Sent <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
          </p>
          <blockquote className={`mt-2 border-slate-300 text-slate-900 ${quote}`}>{message.text}</blockquote>
        </>
      )}
    </>
  );
}

/** Why it was reported, by whom and when, in the reporter's words when they gave any. */
function Report({ report }: { report: ModerationReport }) {
  return (
    <div className="mt-4 rounded-control bg-slate-50 px-4 py-3 text-sm">
      <p className="text-slate-900">
        <span className="text-slate-600">Reason: </span>
        <span className="font-semibold">{reportReasonLabels[report.reason]}</span>
      </p>
      <p className="mt-0.5 text-slate-600">
        Reported by <PersonLink person={report.reporter} /> on{' '}
        <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
      </p>
      {report.details && (
        <blockquote className={`mt-2 border-slate-300 text-slate-700 ${quote}`}>{report.details}</blockquote>
      )}
    </div>
  );
}

/** Who decided, when, and the reason (a removal) or the note (a dismissal). */
function Decision({ report }: { report: ModerationReport }) {
  const { decision } = report;
  if (!decision) return null;
  const removed = report.status === 'removed';
  const when = <time dateTime={decision.at}>{formatDateTime(decision.at)}</time>;
  return (
    <div
      className={
        removed
          ? 'mt-4 rounded-control border border-danger-600/30 bg-danger-50 px-4 py-3 text-sm text-danger-800'
          : 'mt-4 rounded-control border border-slate-200 px-4 py-3 text-sm text-slate-700'
      }
    >
      <p>
        {removed ? 'Removed' : 'Dismissed'} by <span className="font-semibold">{decision.by.name}</span> on{' '}
        {when}
        {removed
          ? '. The reason the author was given:'
          : decision.reason
            ? '. Their note:'
            : '. The content stays.'}
      </p>
      {decision.reason && (
        <blockquote
          className={`mt-2 text-slate-900 ${removed ? 'border-danger-600/40' : 'border-slate-300'} ${quote}`}
        >
          {decision.reason}
        </blockquote>
      )}
    </div>
  );
}

interface Deciding {
  report: ModerationReport;
  decision: ReportDecision;
}

function ReportCard({
  report,
  viewerId,
  onDecide,
}: {
  report: ModerationReport;
  viewerId: string;
  onDecide: (deciding: Deciding) => void;
}) {
  const headingId = useId();
  const blocked = report.status === 'open' ? decisionBlocked(report, viewerId) : null;
  const count = report.openReportsOfSubject;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{reportSubjectLabels[report.subject]}</Badge>
          {report.project && <StatusBadge status={report.project.status} kind="project" />}
          {count > 1 && <Badge tone="danger">{count} members reported this</Badge>}
        </div>
        <Reported report={report} headingId={headingId} />
        <Report report={report} />
        <Decision report={report} />
        {blocked && (
          <Alert tone="info" className="mt-4">
            {blocked}
          </Alert>
        )}
        {report.status === 'open' && !blocked && (
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              aria-describedby={headingId}
              onClick={() => onDecide({ report, decision: 'dismiss' })}
            >
              Dismiss…
            </Button>
            <Button
              variant="danger"
              aria-describedby={headingId}
              onClick={() => onDecide({ report, decision: 'remove' })}
            >
              Remove…
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

function ReportQueue({ status, onFocusLost }: { status: ReportStatus; onFocusLost: () => void }) {
  const viewer = useSignedInUser();
  const queue = useInfiniteQuery(reportsQuery(status));
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const closed = () => {
    setDeciding(null);
    // A decided report leaves the open queue, and the button that opened the dialog with it.
    if (document.activeElement === document.body || document.activeElement === null) onFocusLost();
  };
  return (
    <>
      <QueryState query={queue} label="Loading the reports...">
        {() => {
          const reports = queue.data?.pages.flatMap((page) => page.reports) ?? [];
          if (reports.length === 0)
            return (
              <EmptyState icon={<FlagIcon className="size-6" />} title={empty[status].title}>
                {empty[status].text}
              </EmptyState>
            );
          return (
            <>
              <p className="mb-3 text-sm text-slate-600">{listLabels[status]}</p>
              <ul className="space-y-4" aria-label={`${reportStatusLabels[status]} reports`}>
                {reports.map((report) => (
                  <ReportCard key={report.id} report={report} viewerId={viewer.id} onDecide={setDeciding} />
                ))}
              </ul>
              <ShowMore list={queue} label="Show older reports" className="mt-6" />
            </>
          );
        }}
      </QueryState>
      {deciding && <ReportDecisionDialog {...deciding} onClosed={closed} />}
    </>
  );
}

/**
 * `/profile/admin/reports`: what members reported, by state (the tab in the address, ?status=),
 * newest first; an open report is removed with a reason its author reads, or dismissed.
 */
export function AdminReportsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const tabsRef = useRef<HTMLDivElement>(null);
  const focusTab = () =>
    tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  return (
    <>
      <PageHeading title="Reported content">
        Projects and messages members reported. Remove what breaks our rules, with a reason its author reads,
        or dismiss the report and leave it in place. Every decision goes into the audit log.
      </PageHeading>
      <AdminOnly>
        <div ref={tabsRef}>
          <Tabs
            label="Reports by state"
            items={tabs}
            value={status}
            onChange={(next) => setParams(next === 'open' ? {} : { status: next }, { replace: true })}
            listClassName="sm:max-w-md"
          >
            <ReportQueue key={status} status={status} onFocusLost={focusTab} />
          </Tabs>
        </div>
      </AdminOnly>
    </>
  );
}
