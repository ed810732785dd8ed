import { z } from 'zod';

export const projectStatuses = ['draft', 'open', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectVisibilities = ['public', 'invite_only'] as const;
export type ProjectVisibility = (typeof projectVisibilities)[number];

export const budgetTypes = ['fixed', 'hourly'] as const;
export type BudgetType = (typeof budgetTypes)[number];

export const invitationStatuses = ['pending', 'accepted', 'declined'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const quoteStatuses = ['submitted', 'accepted', 'declined', 'withdrawn'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const contractStatuses = ['active', 'completed', 'cancelled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/** DESIGN §3: pending -> funded -> submitted -> (revision_requested -> submitted)* -> released, or refunded / disputed. */
export const milestoneStatuses = [
  'pending',
  'funded',
  'submitted',
  'revision_requested',
  'released',
  'refunded',
  'disputed',
] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

export const proposedMilestoneSchema = z.strictObject({
  title: z.string(),
  amountMinor: z.number().int(),
});
export type ProposedMilestone = z.infer<typeof proposedMilestoneSchema>;
