import {
  dismissReportRequestSchema,
  errorResponseSchema,
  moderationQuerySchema,
  moderationQueueSchema,
  moderationReportSchema,
  removeContentRequestSchema,
  reportReceiptSchema,
  reportRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { userRoom } from '../../realtime/socket-server.ts';
import { dismissReport, removeReportedContent } from './decisions.ts';
import { findReport, listReports } from './queue.ts';
import { reportMessage, reportProject } from './reports.ts';

/**
 * Reported content (decision 063): members report projects and messages; administrators read the
 * queue and remove or dismiss. Every decision is written to the audit log in its transaction.
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const receipt = { 200: reportReceiptSchema, 201: reportReceiptSchema, ...signedInErrors };

  app.post(
    '/api/projects/:id/report',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Report a project to the moderators; reporting it again returns the first report',
        params: idParams,
        body: reportRequestSchema,
        response: receipt,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const report = await reportProject(app.db, user, request.params.id, request.body);
      return reply.code(report.created ? 201 : 200).send(report);
    },
  );

  app.post(
    '/api/messages/:id/report',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Report a message the other person sent; reporting it again returns the first report',
        params: idParams,
        body: reportRequestSchema,
        response: receipt,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const report = await reportMessage(app.db, user, request.params.id, request.body);
      return reply.code(report.created ? 201 : 200).send(report);
    },
  );

  app.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'The moderation queue: reports in one state (open by default), newest first',
        querystring: moderationQuerySchema,
        response: {
          200: moderationQueueSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listReports(app.db, request.query);
    },
  );

  const decided = async (id: string) => {
    const report = await findReport(app.db, id);
    if (!report) throw notFound('We could not find that report.');
    return report;
  };

  app.post(
    '/api/admin/reports/:id/remove',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove the reported project or message; its author reads the reason',
        params: idParams,
        body: removeContentRequestSchema,
        response: { 200: moderationReportSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      const { message } = await removeReportedContent(app.ctx, {
        adminId: user.id,
        reportId: request.params.id,
        reason: request.body.reason,
      });
      if (message)
        app.io
          .to(message.members.map(userRoom))
          .emit('messageRemoved', { conversationId: message.conversationId, messageId: message.id });
      return decided(request.params.id);
    },
  );

  app.post(
    '/api/admin/reports/:id/dismiss',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dismiss a report: the content stays, every open report of it is closed',
        params: idParams,
        body: dismissReportRequestSchema,
        response: { 200: moderationReportSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      await dismissReport(app.ctx, {
        adminId: user.id,
        reportId: request.params.id,
        note: request.body.note || null,
      });
      return decided(request.params.id);
    },
  );
};
