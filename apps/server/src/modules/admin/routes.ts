import { adminSummarySchema, errorResponseSchema } from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/auth.ts';
import { adminSummary } from './summary.ts';

/** The admin home's figures; the queues themselves have their own routes. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/summary',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What waits for administrators: vetting queue, concierge chats awaiting a reply, open disputes',
        response: { 200: adminSummarySchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return adminSummary(app.db);
    },
  );
};
