import {
  errorResponseSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.ts';
import { getNotificationSettings, saveNotificationSettings } from './settings.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The signed-in person's notification choices. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/api/me/notification-settings',
    {
      schema: {
        tags,
        summary: 'Your notification settings',
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => getNotificationSettings(app.db, (await requireUser(request)).user.id),
  );

  app.put(
    '/api/me/notification-settings',
    {
      schema: {
        tags,
        summary: 'Change your notification settings',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => saveNotificationSettings(app.db, (await requireUser(request)).user.id, request.body),
  );
};
