import {
  adminApplicationSchema,
  applicationQueueQuerySchema,
  applicationQueueResponseSchema,
  expertApplicationDraftSchema,
  expertApplicationSchema,
  rejectApplicationRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import {
  getApplication,
  getApplicationForAdmin,
  listApplications,
  reviewApplication,
  saveDraft,
  submitApplication,
  withdrawApplication,
} from './application-service.ts';
import { presentAdminApplication, presentApplication } from './presenter.ts';

/** Joining as an expert (the applicant's side) and vetting (admins only). */
export const expertApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['expert applications'];

  app.get(
    '/api/expert-application',
    {
      schema: {
        tags,
        summary: 'My expert application',
        response: { 200: expertApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentApplication(await getApplication(ctx, user.id));
    },
  );

  app.patch(
    '/api/expert-application',
    {
      schema: {
        tags,
        summary: 'Start or save my application as a draft (any fields)',
        body: expertApplicationDraftSchema,
        response: { 200: expertApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentApplication(await saveDraft(ctx, user, request.body));
    },
  );

  app.post(
    '/api/expert-application/submit',
    {
      schema: {
        tags,
        summary: 'Submit my application for vetting',
        response: { 200: expertApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentApplication(await submitApplication(ctx, user.id));
    },
  );

  app.post(
    '/api/expert-application/withdraw',
    {
      schema: {
        tags,
        summary: 'Take my submitted application back to draft',
        response: { 200: expertApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentApplication(await withdrawApplication(ctx, user.id));
    },
  );

  app.get(
    '/api/admin/expert-applications',
    {
      schema: {
        tags,
        summary: 'Vetting queue (admins), oldest first',
        querystring: applicationQueueQuerySchema,
        response: { 200: applicationQueueResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { rows, nextCursor } = await listApplications(ctx, request.query);
      return {
        applications: rows.map((row) => presentAdminApplication(row.profile, row.applicant)),
        nextCursor,
      };
    },
  );

  app.get(
    '/api/admin/expert-applications/:id',
    {
      schema: {
        tags,
        summary: 'One application (admins)',
        params: idParams,
        response: { 200: adminApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const row = await getApplicationForAdmin(ctx, request.params.id);
      return presentAdminApplication(row.profile, row.applicant);
    },
  );

  app.post(
    '/api/admin/expert-applications/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve an application (admins): the profile goes public',
        params: idParams,
        response: { 200: adminApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      const row = await reviewApplication(ctx, user, request.params.id, { approve: true });
      return presentAdminApplication(row.profile, row.applicant);
    },
  );

  app.post(
    '/api/admin/expert-applications/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject an application with a reason (admins)',
        params: idParams,
        body: rejectApplicationRequestSchema,
        response: { 200: adminApplicationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      const row = await reviewApplication(ctx, user, request.params.id, {
        approve: false,
        reason: request.body.reason,
      });
      return presentAdminApplication(row.profile, row.applicant);
    },
  );
};
