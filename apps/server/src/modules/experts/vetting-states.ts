import type { VettingStatus } from '@sciwise/contracts';
import { conflict, forbidden } from '../../errors.ts';

/**
 * The vetting flow of an expert application, in one place:
 *
 *   draft --submit--> submitted --approve--> approved
 *     ^                  |  \
 *     +----withdraw------+   +--reject--> rejected --submit--> submitted
 *
 * The applicant edits while the application is a draft or was rejected, and fires submit and
 * withdraw; only an admin approves or rejects. Only approved profiles are ever public.
 */
export type VettingActor = 'applicant' | 'admin';
export type VettingTransition = 'submit' | 'withdraw' | 'approve' | 'reject';

interface TransitionRule {
  from: readonly VettingStatus[];
  to: VettingStatus;
  by: VettingActor;
}

export const vettingTransitions: Record<VettingTransition, TransitionRule> = {
  submit: { from: ['draft', 'rejected'], to: 'submitted', by: 'applicant' },
  withdraw: { from: ['submitted'], to: 'draft', by: 'applicant' },
  approve: { from: ['submitted'], to: 'approved', by: 'admin' },
  reject: { from: ['submitted'], to: 'rejected', by: 'admin' },
};

/** States in which the applicant may change the application's fields. */
export const editableStates: readonly VettingStatus[] = ['draft', 'rejected'];

const whyNot: Record<VettingTransition, Partial<Record<VettingStatus, string>>> = {
  submit: {
    submitted: 'This application has already been submitted and is waiting for review.',
    approved: 'This application has already been approved.',
  },
  withdraw: {
    draft: 'This application has not been submitted, so there is nothing to withdraw.',
    rejected: 'This application has already been reviewed and can no longer be withdrawn.',
    approved: 'This application has already been approved and can no longer be withdrawn.',
  },
  approve: {
    draft: 'Only submitted applications can be approved; this one is still a draft.',
    approved: 'This application has already been approved.',
    rejected: 'This application has already been rejected; the applicant must resubmit it first.',
  },
  reject: {
    draft: 'Only submitted applications can be rejected; this one is still a draft.',
    approved: 'This application has already been approved.',
    rejected: 'This application has already been rejected.',
  },
};

/** The state a transition leads to; 403 when the actor may not fire it, 409 from the wrong state. */
export function transition(name: VettingTransition, from: VettingStatus, actor: VettingActor): VettingStatus {
  const rule = vettingTransitions[name];
  if (rule.by !== actor)
    throw forbidden(
      actor === 'admin' ? 'Only the applicant can do this.' : 'Only administrators can do this.',
    );
  if (!rule.from.includes(from))
    throw conflict(whyNot[name][from] ?? `This application cannot be ${name}ed now.`);
  return rule.to;
}

export function assertEditable(status: VettingStatus): void {
  if (!editableStates.includes(status)) {
    throw conflict(
      status === 'submitted'
        ? 'Your application is being reviewed. Withdraw it first if you want to change it.'
        : 'Your profile has been approved; it can no longer be edited as an application.',
    );
  }
}

/** What an actor may do from a state, for the UI to offer only possible actions. */
export function availableTransitions(status: VettingStatus, actor: VettingActor): VettingTransition[] {
  return (Object.keys(vettingTransitions) as VettingTransition[]).filter((name) => {
    const rule = vettingTransitions[name];
    return rule.by === actor && rule.from.includes(status);
  });
}
