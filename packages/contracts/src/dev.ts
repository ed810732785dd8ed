import { z } from 'zod';
import { singleLineText } from './text.ts';

/** GET /api/dev/outbox: only the messages sent to one address, when `to` is given. */
export const outboxQuerySchema = z.object({ to: singleLineText('to', 254).optional() });

/** A message held by the development outbox (no SMTP configured). */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.object({ messages: z.array(outboxMessageSchema) });
