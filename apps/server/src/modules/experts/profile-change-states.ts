import type { ProfileChangeStatus } from '@sciwise/contracts';
import { conflict, forbidden } from '../../errors.ts';

/**
 * The light re-review of an approved expert's vetted fields, in one place:
 *
 *   pending --approve--> approved    (admin: the new values go public)
 *           --decline--> declined    (admin, with a reason)
 *           --withdraw-> withdrawn   (the expert)
 *
 * The expert stays approved and listed throughout; only the change waits. Who may reach a change
 * at all is decided before this (the expert only their own, 404 otherwise; admins only review).
 */
export type ProfileChangeActor = 'expert' | 'admin';
export type ProfileChangeTransition = 'approve' | 'decline' | 'withdraw';

interface TransitionRule {
  from: readonly ProfileChangeStatus[];
  to: ProfileChangeStatus;
  by: ProfileChangeActor;
}

export const profileChangeTransitions: Record<ProfileChangeTransition, TransitionRule> = {
  approve: { from: ['pending'], to: 'approved', by: 'admin' },
  decline: { from: ['pending'], to: 'declined', by: 'admin' },
  withdraw: { from: ['pending'], to: 'withdrawn', by: 'expert' },
};

const already: Record<Exclude<ProfileChangeStatus, 'pending'>, string> = {
  approved: 'These profile changes have already been approved.',
  declined: 'These profile changes have already been declined.',
  withdrawn: 'These profile changes were withdrawn by the expert.',
};

/** The state a transition leads to; 403 when the actor may not fire it, 409 from any state but pending. */
export function profileChangeTransition(
  name: ProfileChangeTransition,
  from: ProfileChangeStatus,
  actor: ProfileChangeActor,
): ProfileChangeStatus {
  const rule = profileChangeTransitions[name];
  if (rule.by !== actor)
    throw forbidden(actor === 'admin' ? 'Only the expert can do this.' : 'Only administrators can do this.');
  if (!rule.from.includes(from)) throw conflict(from === 'pending' ? 'Not possible now.' : already[from]);
  return rule.to;
}
