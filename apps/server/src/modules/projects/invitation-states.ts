import type { InvitationStatus } from '@sciwise/contracts';
import { conflict } from '../../errors.ts';

/**
 * An invitation (project owner -> expert):
 *
 *   pending --accept--> accepted   (the expert; they go on to send a quote)
 *      +-----decline--> declined   (the expert, optionally with a reason)
 *
 * Only the invited expert fires these; the owner creates the invitation (one per expert and
 * project, unique index) while the project is open.
 */
export type InvitationTransition = 'accept' | 'decline';

export const invitationTransitions: Record<
  InvitationTransition,
  { from: readonly InvitationStatus[]; to: InvitationStatus }
> = {
  accept: { from: ['pending'], to: 'accepted' },
  decline: { from: ['pending'], to: 'declined' },
};

export function invitationTransition(name: InvitationTransition, from: InvitationStatus): InvitationStatus {
  const rule = invitationTransitions[name];
  if (!rule.from.includes(from)) throw conflict(`You have already ${from} this invitation.`);
  return rule.to;
}
