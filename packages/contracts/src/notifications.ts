import { z } from 'zod';
import { pageCursorSchema } from './text.ts';

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** A path inside the app to open when the notification is clicked, or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(50).default(20),
  /** The createdAt/id cursor of the last notification seen, for the next page. */
  cursor: pageCursorSchema(200, 'That page link is not valid.').optional(),
});

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
