import { z } from 'zod';

/** GET /api/admin/summary: what waits for an administrator, counted from the live data. */
export const adminSummarySchema = z.object({
  /** Expert applications submitted and not yet approved or rejected. */
  vettingQueue: z.number().int().nonnegative(),
  /** Conversations with Sciwise Concierge whose newest message is from the member, not the concierge. */
  conciergeAwaitingReply: z.number().int().nonnegative(),
  /** Milestones in dispute, waiting for a mediator. */
  openDisputes: z.number().int().nonnegative(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;
