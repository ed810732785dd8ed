import {
  confidentialityLogSchema,
  downloadLinkSchema,
  errorResponseSchema,
  ndaAcceptRequestSchema,
  ndaDocumentSchema,
  projectDetailsSchema,
  uuidSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download.ts';
import { formBody, uploadRoutes } from '../../http/form-body.ts';
import { idParams, signedInErrors, uploadErrors } from '../../http/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { findProject, relationTo } from './access.ts';
import { assertCanAttach, readAttachmentUpload } from './attachments.ts';
import {
  acceptNda,
  confidentialityLog,
  downloadLink,
  ndaDocument,
  ndaFile,
  openDownload,
  useCustomNda,
} from './confidentiality.ts';
import { projectDetails } from './project-service.ts';

/**
 * Confidential projects (decision 064): the agreement, its acceptance, one-time links to the
 * project's files and the owner's log of both. The editor's standard-or-none choice is a field of
 * the project draft (PATCH /api/projects/:id).
 */
export const confidentialityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, db } = app;
  const tags = ['projects'];

  app.get(
    '/api/projects/:id/nda',
    {
      schema: {
        tags,
        summary: "The project's confidentiality agreement, and whether I accepted it",
        params: idParams,
        response: { 200: ndaDocumentSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return ndaDocument(ctx, user, request.params.id);
    },
  );

  app.get(
    '/api/projects/:id/nda/file',
    {
      schema: {
        tags,
        summary: "The client's own agreement (PDF), to read before accepting",
        params: idParams,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return sendDownload(reply, await ndaFile(ctx, user, request.params.id));
    },
  );

  await app.register(
    uploadRoutes(async (uploads) => {
      uploads.post(
        '/api/projects/:id/nda',
        {
          schema: {
            tags,
            summary: 'Use my own agreement (multipart field "file", a PDF) instead of the standard one',
            consumes: ['multipart/form-data'],
            params: idParams,
            response: { 200: projectDetailsSchema, ...signedInErrors, ...uploadErrors },
          },
        },
        async (request) => {
          const { user } = await requireUser(request);
          // Checked before the upload is read, so nobody else can make the server take in a file.
          await assertCanAttach(ctx, user, request.params.id);
          const upload = await readAttachmentUpload(ctx, formBody(request));
          const project = await useCustomNda(ctx, user, request.params.id, upload);
          return projectDetails(db, project, await relationTo(db, project, user));
        },
      );
    }),
  );

  app.post(
    '/api/projects/:id/nda/accept',
    {
      schema: {
        tags,
        summary: 'Accept the agreement I read: my typed name, the time, my address and its SHA-256 are kept',
        params: idParams,
        body: ndaAcceptRequestSchema,
        response: { 200: projectDetailsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await acceptNda(ctx, user, request.params.id, request.body, request.meta());
      const project = await findProject(db, request.params.id);
      return projectDetails(db, project, await relationTo(db, project, user));
    },
  );

  app.post(
    '/api/projects/:id/attachments/:attachmentId/link',
    {
      schema: {
        tags,
        summary: 'A one-time link to one file of a confidential project, valid for a few minutes',
        params: z.object({ id: uuidSchema, attachmentId: uuidSchema }),
        response: { 200: downloadLinkSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { id: projectId, attachmentId } = request.params;
      return downloadLink(ctx, user, { projectId, attachmentId });
    },
  );

  app.get(
    '/api/downloads/:token',
    {
      schema: {
        tags,
        summary: 'Open a one-time link: once, by the member it was made for, before it expires',
        params: z.object({ token: z.string().max(100) }),
        response: { 404: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const opened = await openDownload(ctx, user, request.params.token);
      // A browser followed this link: a spent one goes back to the project page, which says why.
      if ('spent' in opened) return reply.redirect(`/projects/${opened.projectId}?file=${opened.spent}`, 303);
      return sendDownload(reply, opened);
    },
  );

  app.get(
    '/api/projects/:id/confidentiality-log',
    {
      schema: {
        tags,
        summary: 'Who accepted the agreement and who opened which file (the owner and administrators)',
        params: idParams,
        response: { 200: confidentialityLogSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return confidentialityLog(ctx, user, request.params.id);
    },
  );
};
