import {
  adminProfileChangeSchema,
  declineProfileChangeRequestSchema,
  expertProfileEditSchema,
  myExpertProfileSchema,
  profileChangeQueueQuerySchema,
  profileChangeQueueResponseSchema,
  profileChangeRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { presentAdminProfileChange, presentOwnProfile } from './presenter.ts';
import {
  getOwnProfile,
  listPendingChanges,
  proposeChange,
  reviewChange,
  updateOwnProfile,
  withdrawChange,
} from './profile-edit-service.ts';

/**
 * An approved expert editing their public profile (always their own: the session says whose),
 * and the vetting team's light re-review of changes to vetted fields (admins only).
 */
export const expertProfileEditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const tags = ['expert profile'];

  app.get(
    '/api/expert-profile',
    {
      schema: {
        tags,
        summary: 'My approved expert profile, for editing, with any changes awaiting review',
        response: { 200: myExpertProfileSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentOwnProfile(await getOwnProfile(ctx, user.id));
    },
  );

  app.patch(
    '/api/expert-profile',
    {
      schema: {
        tags,
        summary: 'Change headline, bio, rate, country, languages or availability: public at once',
        body: expertProfileEditSchema,
        response: { 200: myExpertProfileSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentOwnProfile(await updateOwnProfile(ctx, user.id, request.body));
    },
  );

  app.post(
    '/api/expert-profile/changes',
    {
      schema: {
        tags,
        summary: 'Ask to change category, subjects or credentials: public once an admin approves',
        body: profileChangeRequestSchema,
        response: { 201: myExpertProfileSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      reply.code(201);
      return presentOwnProfile(await proposeChange(ctx, user, request.body));
    },
  );

  app.post(
    '/api/expert-profile/changes/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Take back my changes awaiting review',
        params: idParams,
        response: { 200: myExpertProfileSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return presentOwnProfile(await withdrawChange(ctx, user.id, request.params.id));
    },
  );

  app.get(
    '/api/admin/expert-profile-changes',
    {
      schema: {
        tags,
        summary: 'Profile changes to review (admins), newest first',
        querystring: profileChangeQueueQuerySchema,
        response: { 200: profileChangeQueueResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { rows, nextCursor } = await listPendingChanges(ctx, request.query);
      return { changes: rows.map(presentAdminProfileChange), nextCursor };
    },
  );

  app.post(
    '/api/admin/expert-profile-changes/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a profile change (admins): the new values go public',
        params: idParams,
        response: { 200: adminProfileChangeSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return presentAdminProfileChange(await reviewChange(ctx, user, request.params.id, { approve: true }));
    },
  );

  app.post(
    '/api/admin/expert-profile-changes/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a profile change with a reason (admins): the profile keeps its values',
        params: idParams,
        body: declineProfileChangeRequestSchema,
        response: { 200: adminProfileChangeSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      return presentAdminProfileChange(
        await reviewChange(ctx, user, request.params.id, { approve: false, reason: request.body.reason }),
      );
    },
  );
};
