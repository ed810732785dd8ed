import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChatSender } from './chat-sender.ts';
import { messagingRoutes } from './routes.ts';
import { registerChatEvents } from './socket-events.ts';
import { startUnreadEmailSweep } from './unread-email.ts';

/** Chat: HTTP history, the socket protocol and the unread-message e-mail sweep. */
export const messagingPlugin = fp(async (app: FastifyInstance) => {
  const send = createChatSender(app.db, app.io);
  await app.register(messagingRoutes, { send });
  registerChatEvents(app, send);
  const stopSweep = startUnreadEmailSweep(app);
  app.addHook('onClose', async () => stopSweep());
});
