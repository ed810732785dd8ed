import type { FastifyInstance } from 'fastify';
import { notificationSchema } from '@sciwise/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { notifications } from '../../db/schema/index.ts';
import { userRoom } from '../../realtime/socket-server.ts';
import { NOTIFICATION_CHANNEL } from './service.ts';

const payloadSchema = z.object({
  userId: z.uuid(),
  notification: notificationSchema.extend({
    createdAt: z.string().transform((value) => new Date(value).toISOString()),
  }),
});

/**
 * Pushes every notification to its person's open sockets, whoever created it. notify() sends a
 * pg_notify in the creator's transaction; Postgres delivers it on commit to every node, and
 * each node tells only the sockets connected to it (io.local), so nobody hears it twice.
 */
export async function startNotificationPush(app: FastifyInstance): Promise<() => Promise<void>> {
  const deliver = async (raw: string) => {
    const parsed = payloadSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return;
    const { userId, notification } = parsed.data;
    const room = userRoom(userId);
    // The adapter's room map only holds this node's sockets: no one here, nothing to read.
    if (!app.io.of('/').adapter.rooms.has(room)) return;
    const [unread] = await app.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    app.io.local.to(room).emit('notification', { notification, unreadCount: unread?.n ?? 0 });
  };
  return app.database.listen(NOTIFICATION_CHANNEL, (payload) => {
    deliver(payload).catch((error: unknown) => app.log.warn({ err: error }, 'notification push failed'));
  });
}

/** Starts the push when the app starts and stops it when the app closes. */
export const notificationPushPlugin = fp(async (app: FastifyInstance) => {
  const stop = await startNotificationPush(app);
  app.addHook('onClose', async () => {
    await stop().catch(() => {});
  });
});
