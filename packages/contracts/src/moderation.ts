import { z } from 'zod';
import { listPageShape, nextCursorSchema } from './paging.ts';
import { projectStatuses } from './projects.ts';
import { multiLineText } from './text.ts';

/**
 * Reported content (decision 063): a member reports a project or a message; administrators remove
 * it with a reason the author reads, or dismiss the report. One report per person and thing.
 */
export const reportSubjects = ['project', 'message'] as const;
export type ReportSubject = (typeof reportSubjects)[number];

export const reportReasons = [
  'spam',
  'harassment',
  'off_platform',
  'confidential',
  'misleading',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];

/** What a member picks from, and what the moderation queue shows: one wording for both. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment, abuse or hate',
  off_platform: 'Asks to pay or work outside Sciwise',
  confidential: 'Shares confidential or personal information',
  misleading: 'Misleading, fraudulent or unethical research',
  other: 'Something else',
};

export const reportStatuses = ['open', 'removed', 'dismissed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MIN = 10;
export const MODERATION_REASON_MAX = 1000;

/** POST /api/projects/:id/report and POST /api/messages/:id/report. */
export const reportRequestSchema = z.strictObject({
  reason: z.enum(reportReasons, { error: 'Choose why you are reporting this.' }),
  details: multiLineText('The details', REPORT_DETAILS_MAX).optional(),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

export const reportReceiptSchema = z.object({
  id: z.string(),
  status: z.enum(reportStatuses),
  createdAt: z.string(),
  /** False when this person had already reported the same thing: the first report stands. */
  created: z.boolean(),
});
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/** What a member is told once they have reported something; the author never learns who. */
export const REPORT_RECEIVED =
  'Thank you. Our moderators will review it; the author is not told who reported it.';

const person = z.object({ id: z.string(), name: z.string() });

/** One report in the moderation queue, with the reported thing as administrators see it. */
export const moderationReportSchema = z.object({
  id: z.string(),
  subject: z.enum(reportSubjects),
  status: z.enum(reportStatuses),
  reason: z.enum(reportReasons),
  details: z.string().nullable(),
  createdAt: z.string(),
  reporter: person,
  /** Reports of the same thing still open, this one included (0 once decided). */
  openReportsOfSubject: z.number().int().nonnegative(),
  /** The author: the project's owner or the message's sender. */
  author: person,
  project: z
    .object({ id: z.string(), title: z.string(), status: z.enum(projectStatuses), excerpt: z.string() })
    .nullable(),
  /** The message as it was written: administrators read it even after it is removed. */
  message: z
    .object({ id: z.string(), conversationId: z.string(), text: z.string(), sentAt: z.string() })
    .nullable(),
  decision: z.object({ by: person, at: z.string(), reason: z.string().nullable() }).nullable(),
});
export type ModerationReport = z.infer<typeof moderationReportSchema>;

/** GET /api/admin/reports: newest first, a page at a time, by state (open by default). */
export const moderationQuerySchema = z.strictObject({
  status: z.enum(reportStatuses, { error: 'status must be open, removed or dismissed.' }).default('open'),
  ...listPageShape,
});
export type ModerationQuery = z.input<typeof moderationQuerySchema>;

export const moderationQueueSchema = z.object({
  reports: z.array(moderationReportSchema),
  nextCursor: nextCursorSchema,
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** POST /api/admin/reports/:id/remove: the author reads the reason; the audit log keeps it. */
export const removeContentRequestSchema = z.strictObject({
  reason: multiLineText('The reason', MODERATION_REASON_MAX).pipe(
    z.string().min(MODERATION_REASON_MIN, 'Give the reason in a sentence: the author will read it.'),
  ),
});
export type RemoveContentRequest = z.input<typeof removeContentRequestSchema>;

/** POST /api/admin/reports/:id/dismiss: a note for the audit log, if there is one to make. */
export const dismissReportRequestSchema = z.strictObject({
  note: multiLineText('The note', MODERATION_REASON_MAX).optional(),
});
export type DismissReportRequest = z.input<typeof dismissReportRequestSchema>;

/** Where a removed message stood, as both people in the conversation see it. */
export const REMOVED_MESSAGE_TEXT = 'This message was removed by Sciwise moderation.';

/** The socket's messageRemoved event: the chat replaces the message in place. */
export interface MessageRemoved {
  conversationId: string;
  messageId: string;
}
