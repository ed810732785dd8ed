import { outboxResponseSchema } from '@sciwise/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devOutbox } from '../../db/schema/index.ts';

/**
 * The development outbox: e-mail the app would have sent, readable without an SMTP server.
 * Registered only when no SMTP server is configured and not in production.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'E-mail held by the development outbox, newest first',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => {
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
