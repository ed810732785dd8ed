import type { QuoteStatus } from '@sciwise/contracts';
import { conflict, forbidden } from '../../errors.ts';

/**
 * The life of a quote (proposal), in one place (DESIGN §3):
 *
 *   submitted --accept--> accepted        (owner; makes the contract, starts the project)
 *       |-----decline---> declined        (owner, with a reason)
 *       |-----close-----> declined        (system: another quote was accepted, or the project
 *       |                                  was cancelled)
 *       +-----withdraw--> withdrawn       (the expert)
 *
 * While submitted, the expert may edit it. One live (submitted or accepted) quote per expert
 * and project, enforced by the partial unique index quotes_live_unique. Transitions run in the
 * caller's transaction, on the project row and then the quote row locked FOR UPDATE.
 */
export type QuoteActor = 'expert' | 'owner' | 'system';
export type QuoteTransition = 'accept' | 'decline' | 'close' | 'withdraw';

interface TransitionRule {
  from: readonly QuoteStatus[];
  to: QuoteStatus;
  by: QuoteActor;
}

export const quoteTransitions: Record<QuoteTransition, TransitionRule> = {
  accept: { from: ['submitted'], to: 'accepted', by: 'owner' },
  decline: { from: ['submitted'], to: 'declined', by: 'owner' },
  close: { from: ['submitted'], to: 'declined', by: 'system' },
  withdraw: { from: ['submitted'], to: 'withdrawn', by: 'expert' },
};

export const editableQuoteStates: readonly QuoteStatus[] = ['submitted'];

const stateWords: Record<QuoteStatus, string> = {
  submitted: 'is waiting for a decision',
  accepted: 'has already been accepted',
  declined: 'has already been declined',
  withdrawn: 'has been withdrawn',
};

const verbs: Record<QuoteTransition, string> = {
  accept: 'accepted',
  decline: 'declined',
  close: 'closed',
  withdraw: 'withdrawn',
};

export function quoteTransition(name: QuoteTransition, from: QuoteStatus, actor: QuoteActor): QuoteStatus {
  const rule = quoteTransitions[name];
  if (rule.by !== actor)
    throw forbidden(
      rule.by === 'owner'
        ? 'Only the owner of the project can do this.'
        : 'Only the expert who sent this quote can do this.',
    );
  if (!rule.from.includes(from))
    throw conflict(`This quote ${stateWords[from]}, so it can no longer be ${verbs[name]}.`);
  return rule.to;
}

export function assertQuoteEditable(status: QuoteStatus): void {
  if (!editableQuoteStates.includes(status))
    throw conflict(`This quote ${stateWords[status]}, so it can no longer be changed.`);
}

/** What someone may do with a quote now, for the page to offer only possible actions. */
export function quoteActions(
  status: QuoteStatus,
  actor: 'expert' | 'owner' | 'other',
): ('edit' | 'withdraw' | 'decline' | 'accept')[] {
  if (status !== 'submitted') return [];
  if (actor === 'expert') return ['edit', 'withdraw'];
  if (actor === 'owner') return ['decline', 'accept'];
  return [];
}
