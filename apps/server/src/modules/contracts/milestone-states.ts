import type { MilestoneAction, MilestoneStatus } from '@sciwise/contracts';
import { conflict, forbidden } from '../../errors.ts';

/**
 * The life of a milestone and its money, in one table (DESIGN §3, §4):
 *
 *   proposed --accept_proposal--> pending --fund--> funded --submit--> submitted --approve-----> released
 *      |                             |                |  ^                 |  |  --auto_release-> released
 *      +--decline/withdraw--+        +--cancel--+     |  +--submit--  revision_requested <--request_changes
 *                           v                   v     |
 *                       cancelled           cancelled +--refund (client, nothing submitted yet;
 *                                                     |          expert, any time money is held) --> refunded
 *                                                     +--dispute (either side) --> disputed
 *                                                                   --resolve: release | refund | split
 *
 * Money effects (escrow-money.ts writes each as one balanced ledger transaction):
 *   hold  client_funding -(amount + client fee), escrow +amount, platform_fees +client fee
 *   post  escrow -amount, expert_available +(amount - expert fee), platform_fees +expert fee
 *   void  escrow -amount, platform_fees -client fee, client_funding +(amount + client fee)
 *   split one transaction whose parts add up to the hold; the client's part takes back its
 *         share of the client fee
 *
 * Every transition runs in one transaction with the milestone row locked FOR UPDATE; a wrong
 * state is a 409 that names the state, a wrong person a 403.
 */
export type MilestoneActor = 'client' | 'expert' | 'admin' | 'system';
export type MoneyEffect = 'none' | 'hold' | 'post' | 'void' | 'split';
export type MilestoneTransition =
  | 'accept_proposal'
  | 'decline_proposal'
  | 'withdraw_proposal'
  | 'fund'
  | 'submit'
  | 'request_changes'
  | 'approve'
  | 'auto_release'
  | 'refund'
  | 'dispute'
  | 'resolve_release'
  | 'resolve_refund'
  | 'resolve_split'
  | 'cancel';

/** Money is held in escrow in these states. */
export const heldStates = ['funded', 'submitted', 'revision_requested', 'disputed'] as const;
/** Nothing more can happen to a milestone in these. */
export const finalStates: readonly MilestoneStatus[] = ['released', 'refunded', 'split', 'cancelled'];

interface TransitionRule {
  to: MilestoneStatus;
  money: MoneyEffect;
  /** Who may fire it, and from which states. `proposer` / `counterpart` are relative to proposedBy. */
  by: Partial<Record<MilestoneActor | 'proposer' | 'counterpart', readonly MilestoneStatus[]>>;
}

export const milestoneTransitions: Record<MilestoneTransition, TransitionRule> = {
  accept_proposal: { to: 'pending', money: 'none', by: { counterpart: ['proposed'] } },
  decline_proposal: { to: 'cancelled', money: 'none', by: { counterpart: ['proposed'] } },
  withdraw_proposal: { to: 'cancelled', money: 'none', by: { proposer: ['proposed'] } },
  fund: { to: 'funded', money: 'hold', by: { client: ['pending'] } },
  submit: { to: 'submitted', money: 'none', by: { expert: ['funded', 'revision_requested'] } },
  request_changes: { to: 'revision_requested', money: 'none', by: { client: ['submitted'] } },
  approve: { to: 'released', money: 'post', by: { client: ['submitted'] } },
  auto_release: { to: 'released', money: 'post', by: { system: ['submitted'] } },
  // The client takes the money back alone only before any work was submitted; after that only
  // the expert can give it back (or a mediator decides).
  refund: {
    to: 'refunded',
    money: 'void',
    by: { client: ['funded'], expert: ['funded', 'submitted', 'revision_requested'] },
  },
  dispute: {
    to: 'disputed',
    money: 'none',
    by: {
      client: ['funded', 'submitted', 'revision_requested'],
      expert: ['funded', 'submitted', 'revision_requested'],
    },
  },
  resolve_release: { to: 'released', money: 'post', by: { admin: ['disputed'] } },
  resolve_refund: { to: 'refunded', money: 'void', by: { admin: ['disputed'] } },
  resolve_split: { to: 'split', money: 'split', by: { admin: ['disputed'] } },
  // Fired by ending or cancelling the contract: unfunded milestones fall away, money never does.
  cancel: { to: 'cancelled', money: 'none', by: { system: ['proposed', 'pending'] } },
};

/** The transitions a person can see as one action in the page's `actions`. */
const actionOf: Partial<Record<MilestoneTransition, MilestoneAction>> = {
  accept_proposal: 'accept_proposal',
  decline_proposal: 'decline_proposal',
  withdraw_proposal: 'withdraw_proposal',
  fund: 'fund',
  submit: 'submit',
  request_changes: 'request_changes',
  approve: 'approve',
  refund: 'refund',
  dispute: 'dispute',
  resolve_release: 'resolve',
  resolve_refund: 'resolve',
  resolve_split: 'resolve',
};

export interface MilestoneView {
  status: MilestoneStatus;
  proposedBy: 'client' | 'expert' | null;
}

/** The states from which `actor` may fire `name` on this milestone (empty: never). */
function allowedFrom(name: MilestoneTransition, milestone: MilestoneView, actor: MilestoneActor) {
  const { by } = milestoneTransitions[name];
  const states = [...(by[actor] ?? [])];
  if (milestone.proposedBy && (actor === 'client' || actor === 'expert')) {
    if (actor === milestone.proposedBy) states.push(...(by.proposer ?? []));
    else states.push(...(by.counterpart ?? []));
  }
  return states;
}

const stateWords: Record<MilestoneStatus, string> = {
  proposed: 'is a proposal waiting for an answer',
  pending: 'is not funded yet',
  funded: 'is funded and in progress',
  submitted: 'has been submitted for review',
  revision_requested: 'is back with the expert for changes',
  disputed: 'is in dispute',
  released: 'has already been released',
  refunded: 'has already been refunded',
  split: 'has already been settled by a mediator',
  cancelled: 'has been cancelled',
};

const verbs: Record<MilestoneTransition, string> = {
  accept_proposal: 'accepted',
  decline_proposal: 'declined',
  withdraw_proposal: 'withdrawn',
  fund: 'funded',
  submit: 'submitted',
  request_changes: 'sent back for changes',
  approve: 'approved',
  auto_release: 'released',
  refund: 'refunded',
  dispute: 'disputed',
  resolve_release: 'resolved',
  resolve_refund: 'resolved',
  resolve_split: 'resolved',
  cancel: 'cancelled',
};

const whoMay: Record<MilestoneTransition, string> = {
  accept_proposal: 'Only the other side can accept a proposed milestone.',
  decline_proposal: 'Only the other side can decline a proposed milestone.',
  withdraw_proposal: 'Only the person who proposed this milestone can withdraw it.',
  fund: 'Only the client can fund a milestone.',
  submit: 'Only the expert can submit work.',
  request_changes: 'Only the client can ask for changes.',
  approve: 'Only the client can approve work.',
  auto_release: 'Only the system releases a milestone automatically.',
  refund: 'Only the expert can refund a milestone once work has been submitted.',
  dispute: 'Only the client or the expert can open a dispute.',
  resolve_release: 'Only a mediator can resolve a dispute.',
  resolve_refund: 'Only a mediator can resolve a dispute.',
  resolve_split: 'Only a mediator can resolve a dispute.',
  cancel: 'A milestone is cancelled only with its contract.',
};

/**
 * The state a transition leads to: 409 naming the state when the milestone is in the wrong one,
 * 403 when this person may never fire it from this state.
 */
export function milestoneTransition(
  name: MilestoneTransition,
  milestone: MilestoneView,
  actor: MilestoneActor,
): MilestoneStatus {
  const rule = milestoneTransitions[name];
  if (allowedFrom(name, milestone, actor).includes(milestone.status)) return rule.to;
  const anyoneFrom = Object.values(rule.by).flat();
  if (anyoneFrom.includes(milestone.status)) throw forbidden(whoMay[name]);
  throw conflict(`This milestone ${stateWords[milestone.status]}, so it can't be ${verbs[name]}.`);
}

/** What this person may do with the milestone now, for the page to offer only possible actions. */
export function milestoneActions(milestone: MilestoneView, actor: MilestoneActor): MilestoneAction[] {
  const actions = new Set<MilestoneAction>();
  for (const name of Object.keys(milestoneTransitions) as MilestoneTransition[]) {
    const action = actionOf[name];
    if (action && allowedFrom(name, milestone, actor).includes(milestone.status)) actions.add(action);
  }
  return [...actions];
}

export const isHeld = (status: MilestoneStatus) =>
  (heldStates as readonly MilestoneStatus[]).includes(status);
