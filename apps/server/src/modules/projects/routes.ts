import {
  attachmentSchema,
  errorResponseSchema,
  invitationListResponseSchema,
  listPageQuerySchema,
  invitationSchema,
  inviteRequestSchema,
  matchesResponseSchema,
  myProjectsResponseSchema,
  projectDetailsSchema,
  projectDraftSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  projectViewSchema,
  declineInvitationRequestSchema,
  uuidSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { relationTo, type ProjectRow } from './access.ts';
import { sendDownload } from '../../http/download.ts';
import { formBody, uploadRoutes } from '../../http/form-body.ts';
import { idParams, signedInErrors, uploadErrors } from '../../http/route-schemas.ts';
import {
  addAttachment,
  assertCanAttach,
  attachmentDownload,
  readAttachmentUpload,
  removeAttachment,
} from './attachments.ts';
import {
  inviteExpert,
  listMyInvitations,
  listProjectInvitations,
  respondToInvitation,
} from './invitation-service.ts';
import { browseProjects, listOpenProjects } from './listing.ts';
import { matchExperts } from './matching.ts';
import { presentAttachment } from './presenter.ts';
import {
  cancelProject,
  createProject,
  getProjectView,
  listMyProjects,
  ownedProject,
  projectDetails,
  publishProject,
  updateProject,
} from './project-service.ts';

const attachmentParams = z.object({ id: uuidSchema, attachmentId: uuidSchema });

async function detailsFor(db: Executor, project: ProjectRow, user: SessionUser) {
  return projectDetails(db, project, await relationTo(db, project, user));
}

/** Projects: posting, the public list, browse, details, attachments, matching and invitations. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, db } = app;
  const tags = ['projects'];

  app.get(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Open public projects, newest first (summary fields only when signed out)',
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listOpenProjects(db, request.query, (await request.auth()) !== null),
  );

  app.get(
    '/api/projects/mine',
    {
      schema: {
        tags,
        summary: 'My projects with quote counts, newest activity first, in cursor pages',
        querystring: listPageQuerySchema,
        response: { 200: myProjectsResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listMyProjects(db, user.id, request.query);
    },
  );

  app.get(
    '/api/projects/browse',
    {
      schema: {
        tags,
        summary: "Browse open projects, those in the expert's subjects first",
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return browseProjects(db, user.id, request.query);
    },
  );

  app.post(
    '/api/projects',
    {
      schema: {
        tags,
        summary: 'Start a project as a draft (any fields; publish when complete)',
        body: projectDraftSchema,
        response: { 201: projectDetailsSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const project = await createProject(db, user, request.body);
      return reply.status(201).send(await detailsFor(db, project, user));
    },
  );

  app.get(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'A project: the summary for anyone, details for signed-in people allowed to see them',
        params: idParams,
        response: { 200: projectViewSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const auth = await request.auth();
      return getProjectView(db, request.params.id, auth?.user ?? null);
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      schema: {
        tags,
        summary: 'Save changes to my draft or open project',
        params: idParams,
        body: projectDraftSchema,
        response: { 200: projectDetailsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return detailsFor(db, await updateProject(ctx, user, request.params.id, request.body), user);
    },
  );

  app.post(
    '/api/projects/:id/publish',
    {
      schema: {
        tags,
        summary: 'Publish my draft',
        params: idParams,
        response: { 200: projectDetailsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return detailsFor(db, await publishProject(db, user, request.params.id), user);
    },
  );

  app.post(
    '/api/projects/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a draft or open project (owner or admin); waiting quotes are closed',
        params: idParams,
        response: { 200: projectDetailsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return detailsFor(db, await cancelProject(db, user, request.params.id), user);
    },
  );

  await app.register(
    uploadRoutes(async (uploads) => {
      uploads.post(
        '/api/projects/:id/attachments',
        {
          schema: {
            tags,
            summary:
              'Attach a file (multipart field "file"; PDF, Office, CSV, text or images; at most 20 MB)',
            consumes: ['multipart/form-data'],
            params: idParams,
            response: { 201: attachmentSchema, ...signedInErrors, ...uploadErrors },
          },
        },
        async (request, reply) => {
          const { user } = await requireUser(request);
          await assertCanAttach(ctx, user, request.params.id);
          const upload = await readAttachmentUpload(ctx, formBody(request));
          const row = await addAttachment(ctx, user, request.params.id, upload);
          return reply.status(201).send(presentAttachment(row));
        },
      );
    }),
  );

  app.get(
    '/api/projects/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Download an attachment (only for people who may see the project)',
        params: attachmentParams,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { id: projectId, attachmentId } = request.params;
      return sendDownload(reply, await attachmentDownload(ctx, user, { projectId, attachmentId }));
    },
  );

  app.delete(
    '/api/projects/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Remove an attachment from my project',
        params: attachmentParams,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { id: projectId, attachmentId } = request.params;
      await removeAttachment(ctx, user, { projectId, attachmentId });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/projects/:id/matches',
    {
      schema: {
        tags,
        summary: 'Approved experts who fit my project, best first, each with a one-line reason',
        params: idParams,
        response: { 200: matchesResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const project = await ownedProject(db, request.params.id, user);
      return { matches: await matchExperts(db, project) };
    },
  );

  app.post(
    '/api/projects/:id/invitations',
    {
      schema: {
        tags,
        summary: 'Invite an approved expert to quote on my open project',
        params: idParams,
        body: inviteRequestSchema,
        response: { 201: invitationSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply
        .status(201)
        .send(await inviteExpert(db, user, request.params.id, request.body, app.ctx.clock));
    },
  );

  app.get(
    '/api/projects/:id/invitations',
    {
      schema: {
        tags,
        summary: 'The experts I invited to my project, newest first, in cursor pages',
        params: idParams,
        querystring: listPageQuerySchema,
        response: { 200: invitationListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listProjectInvitations(db, user, request.params.id, request.query);
    },
  );

  app.get(
    '/api/invitations',
    {
      schema: {
        tags,
        summary: 'Invitations I received as an expert, newest first, in cursor pages',
        querystring: listPageQuerySchema,
        response: { 200: invitationListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listMyInvitations(db, user.id, request.query);
    },
  );

  app.post(
    '/api/invitations/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation (then send a quote)',
        params: idParams,
        response: { 200: invitationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return respondToInvitation(db, user, request.params.id, 'accept');
    },
  );

  app.post(
    '/api/invitations/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline an invitation',
        params: idParams,
        body: declineInvitationRequestSchema,
        response: { 200: invitationSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return respondToInvitation(db, user, request.params.id, 'decline', request.body.reason);
    },
  );
};
