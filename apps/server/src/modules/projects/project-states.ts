import type { ProjectStatus } from '@sciwise/contracts';
import { conflict, forbidden } from '../../errors.ts';

/**
 * The life of a project, in one place (DESIGN §3):
 *
 *   draft --publish--> open --start--> in_progress --complete--> completed
 *     |                  |                  |
 *     +----cancel--------+--cancel-->  cancelled <--abandon--+
 *
 * The owner edits, publishes and cancels; an admin may cancel too (moderation). `start` is
 * fired by accepting a quote (quote-states), `complete` by ending the contract once all its work
 * is settled, `abandon` by cancelling the contract. Each transition runs inside the caller's transaction, on a row locked FOR UPDATE.
 */
export type ProjectActor = 'owner' | 'admin' | 'system';
export type ProjectTransition = 'publish' | 'cancel' | 'start' | 'complete' | 'abandon';

interface TransitionRule {
  from: readonly ProjectStatus[];
  to: ProjectStatus;
  by: readonly ProjectActor[];
}

export const projectTransitions: Record<ProjectTransition, TransitionRule> = {
  publish: { from: ['draft'], to: 'open', by: ['owner'] },
  cancel: { from: ['draft', 'open'], to: 'cancelled', by: ['owner', 'admin'] },
  start: { from: ['open'], to: 'in_progress', by: ['system'] },
  complete: { from: ['in_progress'], to: 'completed', by: ['system'] },
  abandon: { from: ['in_progress'], to: 'cancelled', by: ['system'] },
};

/** The owner may change the project's fields while nobody has been hired yet. */
export const editableStates: readonly ProjectStatus[] = ['draft', 'open'];
/** Experts may quote and be invited only while the project is open. */
export const quotableStates: readonly ProjectStatus[] = ['open'];

const stateWords: Record<ProjectStatus, string> = {
  draft: 'is still a draft',
  open: 'is open',
  in_progress: 'is already in progress with a hired expert',
  completed: 'has been completed',
  cancelled: 'has been cancelled',
};

const whyNot: Record<ProjectTransition, string> = {
  publish: 'Only a draft can be published',
  cancel: 'Only a draft or an open project can be cancelled',
  start: 'Only an open project can start',
  complete: 'Only a project in progress can be completed',
  abandon: 'Only a project in progress can be abandoned',
};

/** The state a transition leads to; 403 when the actor may not fire it, 409 from the wrong state. */
export function projectTransition(
  name: ProjectTransition,
  from: ProjectStatus,
  actor: ProjectActor,
): ProjectStatus {
  const rule = projectTransitions[name];
  if (!rule.by.includes(actor)) throw forbidden('Only the owner of this project can do this.');
  if (!rule.from.includes(from)) throw conflict(`${whyNot[name]}; this project ${stateWords[from]}.`);
  return rule.to;
}

export function assertProjectEditable(status: ProjectStatus): void {
  if (!editableStates.includes(status))
    throw conflict(`This project ${stateWords[status]} and can no longer be edited.`);
}

export function assertProjectQuotable(status: ProjectStatus): void {
  if (!quotableStates.includes(status))
    throw conflict(`This project ${stateWords[status]}, so it takes no quotes or invitations.`);
}
