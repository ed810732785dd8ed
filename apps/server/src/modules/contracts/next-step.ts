import type { ContractRole, ContractStatus, MilestoneStatus, NextStep } from '@sciwise/contracts';
import { finalStates } from './milestone-states.ts';

interface StepMilestone {
  id: string;
  title: string;
  status: MilestoneStatus;
  proposedBy: 'client' | 'expert' | null;
}

/**
 * The one thing a contract waits for, as the viewer should read it on a dashboard: the first
 * unsettled milestone decides, in order. `yours` says whether the viewer is the one to act.
 */
export function nextStep(
  contract: { status: ContractStatus; clientName: string; expertName: string },
  milestones: readonly StepMilestone[],
  role: ContractRole,
): NextStep {
  if (contract.status !== 'active') return null;
  const m = milestones.find((candidate) => !finalStates.includes(candidate.status));
  const step = (kind: NonNullable<NextStep>['kind'], text: string, yours: boolean): NextStep => ({
    kind,
    milestoneId: m?.id ?? null,
    text,
    yours,
  });
  if (!m) {
    return role === 'admin'
      ? step('end', 'Every milestone is settled; the parties can end the contract.', false)
      : step('end', 'Every milestone is settled: end the contract to close it.', true);
  }
  const title = `“${m.title}”`;
  const isClient = role === 'client';
  const isExpert = role === 'expert';
  switch (m.status) {
    case 'proposed': {
      const answering = m.proposedBy === 'client' ? isExpert : isClient;
      return answering
        ? step('proposal', `Accept or decline the proposed milestone ${title}.`, true)
        : step('proposal', `Waiting for an answer to the proposed milestone ${title}.`, false);
    }
    case 'pending':
      return isClient
        ? step('fund', `Fund ${title} so that ${contract.expertName} can start.`, true)
        : step(
            'wait',
            `Waiting for ${contract.clientName} to fund ${title}. Start once it is funded.`,
            false,
          );
    case 'funded':
      return isExpert
        ? step('submit', `${title} is funded: do the work and submit it.`, true)
        : step('wait', `${contract.expertName} is working on ${title}.`, false);
    case 'revision_requested':
      return isExpert
        ? step('submit', `Make the requested changes to ${title} and submit again.`, true)
        : step('wait', `${contract.expertName} is making the changes you asked for on ${title}.`, false);
    case 'submitted':
      return isClient
        ? step('review', `Review ${title}: approve it or ask for changes.`, true)
        : step('wait', `Waiting for ${contract.clientName} to review ${title}.`, false);
    case 'disputed':
      return role === 'admin'
        ? step('dispute', `Resolve the dispute on ${title}.`, true)
        : step('dispute', `${title} is with a mediator; the money stays in escrow until they decide.`, false);
    default:
      return null;
  }
}
