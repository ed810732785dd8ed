import { errorResponseSchema, outboxQuerySchema, outboxResponseSchema } from '@sciwise/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutbox } from '../../db/schema/index.ts';
import { requireAdmin } from '../../plugins/auth.ts';

/**
 * The development outbox: e-mail the app would have sent, readable without an SMTP server.
 * Registered only when no SMTP server is configured and not in production. It holds live
 * password-reset links for every account, so only a signed-in admin may read it, and the links'
 * tokens are shown only to a browser on this machine (the developer's): read from anywhere else,
 * even by an admin, a link is no use for taking over someone's account.
 */
/** The secret part of a link in an e-mail (a password reset's `token=`). */
const LINK_TOKEN = /([?&]token=)[^\s&]+/g;
const HIDDEN_TOKEN = '[hidden: open the outbox on the machine that runs the server]';

const isLoopbackAddress = (ip: string) => /^(127\.|::1$|::ffff:127\.)/.test(ip);

export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'E-mail held by the development outbox, newest first (admins)',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const onThisMachine = isLoopbackAddress(request.ip);
      const to = request.query.to?.trim().toLowerCase();
      const rows = await app.db
        .select()
        .from(devOutbox)
        .where(to ? eq(devOutbox.to, to) : undefined)
        .orderBy(desc(devOutbox.createdAt))
        .limit(50);
      return {
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: onThisMachine ? row.text : row.text.replace(LINK_TOKEN, `$1${HIDDEN_TOKEN}`),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
