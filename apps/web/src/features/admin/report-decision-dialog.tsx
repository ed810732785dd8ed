import {
  MODERATION_REASON_MAX,
  MODERATION_REASON_MIN,
  REMOVED_MESSAGE_TEXT,
  dismissReportRequestSchema,
  removeContentRequestSchema,
  type ModerationReport,
  type ProjectStatus,
} from '@sciwise/contracts';
import { useReportDecision, type ReportDecision } from './queries.ts';
import { ReasonDialog, type ReasonCopy } from '../../components/reason-dialog.tsx';

/** How many open reports one decision closes, and who hears about it. */
function reportsClosed(report: ModerationReport, outcome: string): string {
  const count = report.openReportsOfSubject;
  return count > 1
    ? `All ${count} open reports of it are closed, and the members who made them are told ${outcome}.`
    : `The report is closed, and the member who made it is told ${outcome}.`;
}

/** What a removal does to the project's work, by its state (a draft or open one is cancelled). */
function projectEffect(status: ProjectStatus): string[] {
  if (status === 'draft') return ['The draft is cancelled, so it can no longer be published.'];
  if (status === 'open')
    return ['It is cancelled: it stops taking quotes, and the quotes waiting on it are closed.'];
  if (status === 'in_progress')
    return ['The contract on it goes on; its money follows the contract’s own rules, as before.'];
  return [];
}

export function decisionCopy(decision: ReportDecision, report: ModerationReport): ReasonCopy {
  const author = report.author.name;
  const { project } = report;
  const reports = report.openReportsOfSubject > 1 ? 'reports' : 'report';
  if (decision === 'remove')
    return {
      title: project ? `Remove “${project.title}”` : `Remove ${author}’s message`,
      consequences: [
        ...(project
          ? [
              'Nobody but its owner, administrators and an expert already hired on it can open it any more.',
              ...projectEffect(project.status),
            ]
          : [
              `Both people in the conversation see “${REMOVED_MESSAGE_TEXT}” in its place, at once.`,
              'Its words are kept for the record: administrators can still read them here, nobody else.',
            ]),
        `We e-mail ${author} the reason below, word for word, and tell them in their notifications.`,
        reportsClosed(report, 'it was acted on'),
        'The removal and its reason go into the audit log under your name, for good.',
      ],
      label: 'Reason for the author',
      hint: `At least ${MODERATION_REASON_MIN} characters. ${author} reads this, so write it to them.`,
      placeholder: project
        ? 'e.g. The project asks experts to share patient records, which our terms do not allow.'
        : 'e.g. The message asks the expert to be paid outside Sciwise, which our terms do not allow.',
      confirm: project ? 'Remove project' : 'Remove message',
      done: project
        ? `“${project.title}” is removed, and ${author} is told why.`
        : `The message is removed, and ${author} is told why.`,
      danger: true,
    };
  return {
    title: project
      ? `Dismiss the ${reports} on “${project.title}”`
      : `Dismiss the ${reports} on ${author}’s message`,
    consequences: [
      project
        ? 'The project stays as it is, seen by the same people as before.'
        : 'The message stays in the conversation as it is.',
      reportsClosed(report, 'it was reviewed and stays'),
      `${author} is not told anything about the ${reports}.`,
      'The dismissal, and your note if you leave one, go into the audit log under your name, for good.',
    ],
    label: 'Note for the audit log (optional)',
    hint: 'Only administrators read it: say why the content can stay.',
    placeholder:
      'e.g. Asking for a sample data set is part of scoping the work; nothing confidential was shared.',
    confirm: report.openReportsOfSubject > 1 ? 'Dismiss reports' : 'Dismiss report',
    done: `The ${report.openReportsOfSubject > 1 ? 'reports are' : 'report is'} dismissed; ${project ? `“${project.title}”` : 'the message'} stays.`,
    danger: false,
  };
}

/** Remove the reported content with a reason its author reads, or dismiss the report with a note. */
export function ReportDecisionDialog({
  decision,
  report,
  onClosed,
}: {
  decision: ReportDecision;
  report: ModerationReport;
  onClosed: () => void;
}) {
  const mutation = useReportDecision(report.id, decision);
  const copy = decisionCopy(decision, report);
  return decision === 'remove' ? (
    <ReasonDialog
      copy={copy}
      field="reason"
      schema={removeContentRequestSchema}
      limit={MODERATION_REASON_MAX}
      action={mutation}
      onClosed={onClosed}
    />
  ) : (
    <ReasonDialog
      copy={copy}
      field="note"
      schema={dismissReportRequestSchema}
      limit={MODERATION_REASON_MAX}
      optional
      action={mutation}
      onClosed={onClosed}
    />
  );
}
