import type { Contract, Milestone, MilestoneAction } from '@sciwise/contracts';
import { Button } from '../../components/ui/button.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { cn } from '../../lib/cn.ts';
import { milestoneActionCopy } from './consequences.ts';
import { formatDate, milestoneStatusLabels, milestoneStatusTone, price } from './format.ts';
import { milestoneSituation } from './milestone-words.ts';
import { Submissions } from './submissions.tsx';

/** The order buttons appear in: the step forward first, the ways out last. */
const actionOrder: MilestoneAction[] = [
  'fund',
  'submit',
  'approve',
  'request_changes',
  'accept_proposal',
  'resolve',
  'decline_proposal',
  'withdraw_proposal',
  'refund',
  'dispute',
];
const primary = new Set<MilestoneAction>(['fund', 'submit', 'approve', 'accept_proposal', 'resolve']);

export const milestoneHeadingId = (milestoneId: string) => `milestone-${milestoneId}`;

function Criteria({ milestone }: { milestone: Milestone }) {
  if (milestone.criteria.length === 0)
    return <p className="text-sm text-slate-600">No acceptance criteria were set for this milestone.</p>;
  const unmet =
    milestone.status === 'revision_requested' ? (milestone.revisionRequest?.unmetCriteria ?? []) : [];
  const met = milestone.status === 'released';
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">Acceptance criteria</h4>
      <ul className="mt-1.5 space-y-1 text-sm">
        {milestone.criteria.map((criterion, index) => (
          <li key={index} className="flex items-start gap-2 text-slate-800">
            {met ? (
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success-700" />
            ) : (
              <span aria-hidden="true" className="mt-1 size-3 shrink-0 rounded-sm border border-slate-400" />
            )}
            <span>
              {criterion}
              {unmet.includes(index) && (
                <span className="ml-2 rounded-full bg-warning-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warning-800">
                  Not met yet
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One milestone: amount, state in words, countdown, criteria, versions, and what the viewer may do. */
export function MilestoneCard({
  milestone,
  contract,
  now,
  onAction,
}: {
  milestone: Milestone;
  contract: Contract;
  now: number;
  onAction: (action: MilestoneAction) => void;
}) {
  const actions = actionOrder.filter((action) => milestone.actions.includes(action));
  const headingId = milestoneHeadingId(milestone.id);
  const waitingOnViewer = actions.some((action) => primary.has(action));
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={cn(
          'rounded-card border bg-white p-4 shadow-card sm:p-5',
          waitingOnViewer ? 'border-brand-600/50' : 'border-slate-200',
        )}
      >
        <div className="flex items-start gap-3">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800">
            {milestone.position}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <h3 id={headingId} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
                {milestone.title}
              </h3>
              <p className="font-semibold whitespace-nowrap text-slate-900">{price(milestone.amount)}</p>
            </div>
            <span
              className={cn(
                'mt-1 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
                milestoneStatusTone[milestone.status],
              )}
            >
              {milestoneStatusLabels[milestone.status]}
            </span>
          </div>
        </div>

        <div className="mt-3 space-y-4 sm:pl-10">
          <p className="text-sm text-slate-700" data-testid="milestone-situation">
            {milestoneSituation(milestone, contract, now)}
          </p>
          {milestone.paidWith && milestone.fundedAt && (
            <p className="text-xs text-slate-600">
              Funded {formatDate(milestone.fundedAt)} with {milestone.paidWith.brand} ending{' '}
              {milestone.paidWith.last4}.
            </p>
          )}
          {milestone.revisionRequest && milestone.status === 'revision_requested' && (
            <blockquote className="rounded-control border-l-4 border-warning-800/40 bg-warning-50 px-3 py-2 text-sm text-warning-800">
              <p className="font-semibold">Changes requested</p>
              <p className="mt-0.5 whitespace-pre-line">{milestone.revisionRequest.reason}</p>
            </blockquote>
          )}
          {milestone.dispute && (
            <div className="rounded-control border-l-4 border-danger-600/40 bg-danger-50 px-3 py-2 text-sm text-danger-800">
              <p className="font-semibold">
                Dispute opened by the {milestone.dispute.openedBy} on {formatDate(milestone.dispute.openedAt)}
              </p>
              <p className="mt-0.5 whitespace-pre-line">{milestone.dispute.reason}</p>
              {milestone.dispute.resolution && (
                <p className="mt-1">
                  <span className="font-semibold">Mediator’s decision:</span> {milestone.dispute.resolution}
                </p>
              )}
            </div>
          )}
          <Criteria milestone={milestone} />
          <Submissions submissions={milestone.submissions} milestoneTitle={milestone.title} />
          {actions.length > 0 && (
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {actions.map((action) => (
                <Button
                  key={action}
                  variant={primary.has(action) ? 'primary' : 'secondary'}
                  onClick={() => onAction(action)}
                  aria-describedby={headingId}
                >
                  {milestoneActionCopy(action, milestone, contract).button}
                </Button>
              ))}
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
