import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messagingRoutes } from './routes.ts';
import { registerChatEvents } from './socket-events.ts';
import { startUnreadEmailSweep } from './unread-email.ts';

/** Chat: HTTP history, the socket protocol and the unread-message e-mail sweep. */
export const messagingPlugin = fp(async (app: FastifyInstance) => {
  await app.register(messagingRoutes);
  registerChatEvents(app);
  const stopSweep = startUnreadEmailSweep(app);
  app.addHook('onClose', async () => stopSweep());
});
