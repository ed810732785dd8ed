import { z } from 'zod';
import { AMOUNT_MAX_MINOR } from './constants.ts';
import {
  amountMinorSchema,
  criteriaSchema,
  MILESTONE_CRITERIA_MAX,
  MILESTONE_TITLE_MAX,
} from './projects.ts';
import type { RateCurrency } from './constants.ts';
import { multiLineText, pageCursorSchema, singleLineText } from './text.ts';
import { moneySchema } from './experts.ts';
import { uuidSchema } from './fields.ts';
import { paymentTokenSchema as paymentToken } from './saved-cards.ts';

/*
 * Contracts, milestones and the money around them (DESIGN §3, §4). Amounts are integers in minor
 * units; every figure a page shows about money (fees, totals, what the expert receives) is
 * computed by the server and sent here, so the web never re-derives a number the server decides.
 */

/** A fee in basis points (500 = 5%), rounded half up to a whole minor unit. */
export function feeMinor(amountMinor: number, bps: number): number {
  return Math.floor((amountMinor * bps + 5_000) / 10_000);
}

const currencySymbols: Record<RateCurrency, string> = { USD: '$', EUR: '€', GBP: '£' };

/** Money as a receipt shows it: whole integers, always two decimals, e.g. $1,050.00. */
export function formatAmount(amountMinor: number, currency: RateCurrency): string {
  const sign = amountMinor < 0 ? '−' : '';
  const abs = Math.abs(amountMinor);
  const major = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${currencySymbols[currency]}${major}.${String(abs % 100).padStart(2, '0')}`;
}

/** A fee rate for people: 500 basis points read "5%", 250 "2.5%", 333 "3.33%". */
export function formatFeeRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

// ---------------------------------------------------------------------------------------------
// States and actions
// ---------------------------------------------------------------------------------------------

export const contractStatuses = ['active', 'completed', 'cancelled'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

/**
 * proposed -> pending -> funded -> submitted -> (revision_requested -> submitted)* -> released;
 * funded|submitted|revision_requested -> refunded | disputed; disputed -> released | refunded |
 * split; proposed|pending -> cancelled. The server's milestone-states.ts is the one table.
 */
export const milestoneStatuses = [
  'proposed',
  'pending',
  'funded',
  'submitted',
  'revision_requested',
  'disputed',
  'released',
  'refunded',
  'split',
  'cancelled',
] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

export const milestoneActions = [
  'fund',
  'submit',
  'request_changes',
  'approve',
  'refund',
  'dispute',
  'resolve',
  'accept_proposal',
  'decline_proposal',
  'withdraw_proposal',
] as const;
export type MilestoneAction = (typeof milestoneActions)[number];

export const contractActions = ['propose_milestone', 'end', 'cancel'] as const;
export type ContractAction = (typeof contractActions)[number];

export const contractRoles = ['client', 'expert', 'admin'] as const;
export type ContractRole = (typeof contractRoles)[number];

// ---------------------------------------------------------------------------------------------
// Reading a contract
// ---------------------------------------------------------------------------------------------

export const submissionFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  contentType: z.string(),
  /** Hex SHA-256 of the bytes as stored: both sides can check they hold the same file. */
  sha256: z.string(),
  url: z.string(),
});
export type SubmissionFile = z.infer<typeof submissionFileSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  note: z.string(),
  files: z.array(submissionFileSchema),
  createdAt: z.string(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const milestoneSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  amount: moneySchema,
  criteria: z.array(z.string()),
  status: z.enum(milestoneStatuses),
  /** Who proposed a milestone added to a running contract; null for the quote's own milestones. */
  proposedBy: z.enum(['client', 'expert']).nullable(),
  /** What funding costs the client: the amount plus the marketplace fee, before they pay. */
  funding: z.object({ fee: moneySchema, total: moneySchema }),
  /** What the expert receives on release: the amount less the service fee. */
  release: z.object({ fee: moneySchema, net: moneySchema }),
  fundedAt: z.string().nullable(),
  /** Last four digits and brand of the card that funded it. */
  paidWith: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  submittedAt: z.string().nullable(),
  /** When a submitted milestone is released if the client does nothing. */
  autoReleaseAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  /** How the held money went: to the expert, back to the client, or split by an admin. */
  settlement: z
    .object({ toExpert: moneySchema, toClient: moneySchema, bonus: z.nullable(moneySchema) })
    .nullable(),
  revisionRequest: z
    .object({ reason: z.string(), unmetCriteria: z.array(z.number().int()), createdAt: z.string() })
    .nullable(),
  dispute: z
    .object({
      openedBy: z.enum(['client', 'expert']),
      reason: z.string(),
      openedAt: z.string(),
      resolution: z.string().nullable(),
      resolvedAt: z.string().nullable(),
    })
    .nullable(),
  submissions: z.array(submissionSchema),
  /** What the viewer may do with this milestone now (the state machine's answer). */
  actions: z.array(z.enum(milestoneActions)),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** A contract's next step for the person looking, as dashboards and lists show it. */
export const nextStepSchema = z
  .object({
    kind: z.enum(['fund', 'submit', 'review', 'wait', 'dispute', 'end', 'proposal']),
    milestoneId: z.string().nullable(),
    text: z.string(),
    /** True when the viewer is the one who has to act. */
    yours: z.boolean(),
  })
  .nullable();
export type NextStep = z.infer<typeof nextStepSchema>;

const contractBase = {
  id: z.string(),
  title: z.string(),
  status: z.enum(contractStatuses),
  price: moneySchema,
  project: z.object({ id: z.string(), title: z.string() }),
  client: z.object({ id: z.string(), name: z.string() }),
  expert: z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() }),
  durationDays: z.number().int(),
  /** The viewer's side of the contract. */
  role: z.enum(contractRoles),
  createdAt: z.string(),
  nextStep: nextStepSchema,
};

export const contractSchema = z.object({
  ...contractBase,
  quoteId: z.string(),
  /** The fees agreed when the contract was made, in basis points (500 = 5%). */
  fees: z.object({ clientFeeBps: z.number().int(), expertFeeBps: z.number().int() }),
  autoReleaseDays: z.number().int(),
  /** Sums over the ledger: what escrow holds now, and what went to each side. */
  escrow: z.object({ held: moneySchema, released: moneySchema, refunded: moneySchema }),
  milestones: z.array(milestoneSchema),
  actions: z.array(z.enum(contractActions)),
  endedAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListItemSchema = z.object({
  ...contractBase,
  milestoneCount: z.number().int(),
});
export type ContractListItem = z.infer<typeof contractListItemSchema>;
export const contractListResponseSchema = z.object({ contracts: z.array(contractListItemSchema) });
export type ContractListResponse = z.infer<typeof contractListResponseSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  /** A stable machine name, e.g. milestone_funded. */
  kind: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  milestoneId: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityResponseSchema = z.object({
  activity: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
export const activityQuerySchema = z.strictObject({
  cursor: pageCursorSchema(200, 'That page link is not valid; start again from the first page.').optional(),
});

// ---------------------------------------------------------------------------------------------
// Payment terms and the sandbox processor
// ---------------------------------------------------------------------------------------------

export const paymentProviders = ['sandbox', 'stripe'] as const;
export const sandboxCardSchema = z.object({
  number: z.string(),
  outcome: z.enum(['succeeds', 'declined', 'insufficient_funds', 'processing_error']),
  description: z.string(),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

/** GET /api/payments/terms: what the marketplace charges, before anyone commits. */
export const paymentTermsSchema = z.object({
  clientFeeBps: z.number().int(),
  expertFeeBps: z.number().int(),
  autoReleaseDays: z.number().int(),
  provider: z.enum(paymentProviders),
  /** The sandbox's test cards; empty with a real processor. */
  testCards: z.array(sandboxCardSchema),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/**
 * POST /api/payments/sandbox/tokens: the sandbox processor's card form. A real processor takes
 * the card in its own page or iframe; ours returns a token, and only the token and the last four
 * digits ever reach a contract.
 */
export const sandboxCardRequestSchema = z.strictObject({
  number: z
    .string({ error: 'Enter the card number.' })
    .max(40, 'That card number is too long.')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a card number of 12 to 19 digits.')),
  expMonth: z
    .number({ error: 'Enter the expiry month.' })
    .int('Enter the expiry month.')
    .min(1, 'The expiry month is 1 to 12.')
    .max(12, 'The expiry month is 1 to 12.'),
  expYear: z
    .number({ error: 'Enter the expiry year.' })
    .int('Enter the expiry year.')
    .min(2000, 'Enter the expiry year as four digits.')
    .max(2100, 'Enter the expiry year as four digits.'),
  cvc: z
    .string({ error: 'Enter the security code.' })
    .regex(/^\d{3,4}$/, 'The security code is 3 or 4 digits.'),
});
export type SandboxCardRequest = z.input<typeof sandboxCardRequestSchema>;
export const cardTokenSchema = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;

// ---------------------------------------------------------------------------------------------
// Changing a contract (each money-moving POST also takes an Idempotency-Key header)
// ---------------------------------------------------------------------------------------------

export const IDEMPOTENCY_KEY_MAX = 255;

const reason = (min: number, tooShort: string) =>
  multiLineText('The reason', 2000).pipe(z.string().min(min, tooShort));
const criterionIndexes = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(MILESTONE_CRITERIA_MAX - 1),
    { error: 'List criteria by number.' },
  )
  .max(MILESTONE_CRITERIA_MAX);

/** Fund with a new card's token (optionally saving it) or with one of the payer's saved cards. */
export const fundMilestoneRequestSchema = z
  .strictObject({
    paymentToken: paymentToken.optional(),
    /** One of the payer's own saved cards (GET /api/me/cards), instead of a new card. */
    savedCardId: uuidSchema.optional(),
    /** With a new card: keep it in Payment Details once the charge has gone through. */
    saveCard: z.boolean({ error: 'saveCard is true or false.' }).default(false),
  })
  .refine((body) => (body.paymentToken === undefined) !== (body.savedCardId === undefined), {
    message: 'Choose one of your saved cards or enter a new card.',
    path: ['paymentToken'],
  })
  .refine((body) => !body.saveCard || body.paymentToken !== undefined, {
    message: 'Only a new card can be saved; this one is saved already.',
    path: ['saveCard'],
  });
export type FundMilestoneRequest = z.input<typeof fundMilestoneRequestSchema>;

export const SUBMISSION_NOTE_MAX = 5000;
export const SUBMISSION_FILES_MAX = 10;
/** The note of a submission (multipart field `note`; files are the `files` parts). */
export const submissionNoteSchema = multiLineText('The note', SUBMISSION_NOTE_MAX).pipe(
  z.string().min(1, 'Write a short note about what you are delivering.'),
);

export const requestChangesRequestSchema = z.strictObject({
  reason: reason(10, 'Tell the expert in a sentence or two what needs to change.'),
  /** Indexes of the acceptance criteria that are not met yet. */
  unmetCriteria: criterionIndexes.default([]),
});
export type RequestChangesRequest = z.input<typeof requestChangesRequestSchema>;

export const approveMilestoneRequestSchema = z
  .strictObject({
    /** Indexes of the criteria the client ticked; every one must be ticked to approve. */
    metCriteria: criterionIndexes.default([]),
    /** An optional bonus on top of the milestone, charged to the card with the marketplace fee. */
    bonusMinor: z
      .number({ error: 'The bonus must be a number (in cents).' })
      .int('The bonus must be a whole number of cents.')
      .min(0, 'The bonus cannot be negative.')
      .max(AMOUNT_MAX_MINOR, 'That bonus is too large.')
      .default(0),
    paymentToken: paymentToken.optional(),
  })
  .refine((body) => body.bonusMinor === 0 || body.paymentToken !== undefined, {
    message: 'Choose a card to pay the bonus with.',
    path: ['paymentToken'],
  });
export type ApproveMilestoneRequest = z.input<typeof approveMilestoneRequestSchema>;

export const refundMilestoneRequestSchema = z.strictObject({
  reason: reason(3, 'Say briefly why the money goes back.'),
});
export type RefundMilestoneRequest = z.infer<typeof refundMilestoneRequestSchema>;

export const disputeMilestoneRequestSchema = z.strictObject({
  reason: reason(20, 'Describe the problem in at least 20 characters, so a mediator can help.'),
});
export type DisputeMilestoneRequest = z.infer<typeof disputeMilestoneRequestSchema>;

export const disputeOutcomes = ['release', 'refund', 'split'] as const;
export const resolveDisputeRequestSchema = z
  .strictObject({
    outcome: z.enum(disputeOutcomes, { error: 'Choose release, refund or split.' }),
    /** For a split: the part of the held amount that goes to the expert; the rest goes back. */
    expertShareMinor: amountMinorSchema('The expert’s share').optional(),
    note: reason(10, 'Explain the decision to both sides in a sentence or two.'),
  })
  .refine((body) => (body.outcome === 'split') === (body.expertShareMinor !== undefined), {
    message: 'A split needs the expert’s share, and only a split has one.',
    path: ['expertShareMinor'],
  });
export type ResolveDisputeRequest = z.infer<typeof resolveDisputeRequestSchema>;

export const proposeMilestoneRequestSchema = z.strictObject({
  title: singleLineText('The title', MILESTONE_TITLE_MAX).pipe(
    z.string().min(1, 'Give the milestone a title.'),
  ),
  amountMinor: amountMinorSchema('The amount'),
  criteria: criteriaSchema.default([]),
});
export type ProposeMilestoneRequest = z.input<typeof proposeMilestoneRequestSchema>;

export const cancelContractRequestSchema = z.strictObject({
  reason: reason(10, 'Tell the other side in a sentence or two why the contract ends.'),
});
export type CancelContractRequest = z.infer<typeof cancelContractRequestSchema>;

/** GET /api/admin/disputes: milestones waiting for a mediator, oldest first. */
export const disputeQueueItemSchema = z.object({
  milestoneId: z.string(),
  milestoneTitle: z.string(),
  amount: moneySchema,
  contract: z.object({ id: z.string(), title: z.string() }),
  client: z.object({ id: z.string(), name: z.string() }),
  expert: z.object({ id: z.string(), name: z.string() }),
  openedBy: z.enum(['client', 'expert']),
  reason: z.string(),
  openedAt: z.string(),
});
export type DisputeQueueItem = z.infer<typeof disputeQueueItemSchema>;
export const disputeQueueResponseSchema = z.object({ disputes: z.array(disputeQueueItemSchema) });
export type DisputeQueueResponse = z.infer<typeof disputeQueueResponseSchema>;

/**
 * GET /api/me/escrow-summary: what escrow holds now on the signed-in person's contracts, per
 * currency, as the client (money they funded and have not released) and as the expert (money
 * funded for them, released to them on approval). Sums over the ledger, like a contract's escrow.
 */
export const escrowSummarySchema = z.object({
  asClient: z.array(moneySchema),
  asExpert: z.array(moneySchema),
});
export type EscrowSummary = z.infer<typeof escrowSummarySchema>;
