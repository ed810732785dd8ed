import { z } from 'zod';
import { billingMovementSchema } from './billing.ts';
import { rateCurrencies, userRoles } from './constants.ts';
import { contractStatuses } from './escrow.ts';
import { vettingStatuses } from './experts.ts';
import { listPageShape, nextCursorSchema } from './paging.ts';
import { projectStatuses } from './projects.ts';
import { multiLineText, searchText } from './text.ts';

/** GET /api/admin/summary: what waits for an administrator, counted from the live data. */
export const adminSummarySchema = z.object({
  /** Expert applications submitted and not yet approved or rejected. */
  vettingQueue: z.number().int().nonnegative(),
  /** Conversations with Sciwise Concierge whose newest message is from the member, not the concierge. */
  conciergeAwaitingReply: z.number().int().nonnegative(),
  /** Milestones in dispute, waiting for a mediator. */
  openDisputes: z.number().int().nonnegative(),
  /** Projects and messages with at least one open report. */
  reportedContent: z.number().int().nonnegative(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/** What an administrator did; every action is written to the audit log as it happens. */
export const adminActions = [
  'member_suspended',
  'member_restored',
  'application_approved',
  'application_rejected',
  'profile_change_approved',
  'profile_change_declined',
  'dispute_resolved',
  'content_removed',
  'report_dismissed',
] as const;
export type AdminAction = (typeof adminActions)[number];

export const ADMIN_PEOPLE_QUERY_MAX = 200;
export const SUSPENSION_REASON_MIN = 10;
export const SUSPENSION_REASON_MAX = 1000;

/** GET /api/admin/people: members by name or e-mail, newest first, a page at a time. */
export const adminPeopleQuerySchema = z.strictObject({
  q: searchText('The search', ADMIN_PEOPLE_QUERY_MAX).optional(),
  ...listPageShape,
});
export type AdminPeopleQuery = z.input<typeof adminPeopleQuerySchema>;

export const adminPersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  /** The expert application's state; null for someone who never started one. */
  expertStatus: z.enum(vettingStatuses).nullable(),
  joinedAt: z.string(),
  /** Set while the person is suspended. */
  suspension: z.object({ at: z.string(), reason: z.string() }).nullable(),
  deleted: z.boolean(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminPeopleResponseSchema = z.object({
  people: z.array(adminPersonSchema),
  nextCursor: nextCursorSchema,
});
export type AdminPeopleResponse = z.infer<typeof adminPeopleResponseSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(adminActions),
  actor: z.object({ id: z.string(), name: z.string() }),
  /** The member it was about; null for an action about a contract (a dispute's decision). */
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The contract it was about, for a dispute's decision. */
  contract: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The administrator's reason or note; null where the action needs none (an approval). */
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/people/:id: the person, their work and the money that moved for them. */
export const adminPersonDetailSchema = z.object({
  person: adminPersonSchema,
  projects: z.array(
    z.object({ id: z.string(), title: z.string(), status: z.enum(projectStatuses), createdAt: z.string() }),
  ),
  contracts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Which side of the contract this person is on. */
      side: z.enum(['client', 'expert']),
      status: z.enum(contractStatuses),
      createdAt: z.string(),
    }),
  ),
  /** The person's latest money movements, as their own billing page shows them, newest first. */
  money: z.array(billingMovementSchema),
  /** This person's entries in the audit log, newest first. */
  audit: z.array(auditEntrySchema),
});
export type AdminPersonDetail = z.infer<typeof adminPersonDetailSchema>;

const adminReason = (tooShort: string) =>
  z.strictObject({
    reason: multiLineText('The reason', SUSPENSION_REASON_MAX).pipe(
      z.string().min(SUSPENSION_REASON_MIN, tooShort),
    ),
  });

/** POST /api/admin/people/:id/suspend: the member reads the reason (e-mail, sign-in); the log keeps it. */
export const suspensionRequestSchema = adminReason('Give the reason in a sentence: the member will read it.');
export type SuspensionRequest = z.input<typeof suspensionRequestSchema>;

/** POST /api/admin/people/:id/restore: the reason is for the audit log only. */
export const restoreRequestSchema = adminReason('Say in a sentence what changed: the audit log keeps it.');
export type RestoreRequest = z.input<typeof restoreRequestSchema>;

export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextCursor: nextCursorSchema,
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** GET /api/admin/figures: the platform in numbers, from the live tables and the ledger. */
export const platformFiguresSchema = z.object({
  /** The start of the calendar month (UTC) that "this month" counts from. */
  monthStart: z.string(),
  members: z.number().int().nonnegative(),
  suspendedMembers: z.number().int().nonnegative(),
  expertsByState: z.record(z.enum(vettingStatuses), z.number().int().nonnegative()),
  projectsByState: z.record(z.enum(projectStatuses), z.number().int().nonnegative()),
  contractsByState: z.record(z.enum(contractStatuses), z.number().int().nonnegative()),
  /** One row per currency that has moved on the platform. */
  money: z.array(
    z.object({
      currency: z.enum(rateCurrencies),
      inEscrowMinor: z.number().int().nonnegative(),
      releasedThisMonthMinor: z.number().int().nonnegative(),
      refundedThisMonthMinor: z.number().int().nonnegative(),
    }),
  ),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;
