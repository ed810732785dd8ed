import {
  errorResponseSchema,
  messageResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { idParams } from '../../http/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { listNotifications, markAllRead, markRead } from './service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The signed-in user's in-app notifications. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Newest notifications first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listNotifications(app.db, user.id, request.query);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: idParams,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      if (!(await markRead(app.db, { userId: user.id, notificationId: request.params.id })))
        throw notFound('That notification does not exist.');
      return { message: 'Marked as read.' };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification read',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await markAllRead(app.db, user.id);
      return { message: 'All notifications are marked as read.' };
    },
  );
};
