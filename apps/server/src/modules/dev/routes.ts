import { errorResponseSchema, outboxQuerySchema, outboxResponseSchema } from '@sciwise/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devOutbox } from '../../db/schema/index.ts';
import { requireAdmin } from '../../plugins/auth.ts';

/**
 * The development outbox: e-mail the app would have sent, readable without an SMTP server.
 * Registered only when no SMTP server is configured and not in production. It holds live
 * password-reset links for every account, so only a signed-in admin may read it.
 */
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
          text: row.text,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
