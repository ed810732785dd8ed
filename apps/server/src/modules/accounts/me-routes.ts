import {
  AVATAR_MAX_BYTES,
  changePasswordRequestSchema,
  currentUserSchema,
  deleteAccountRequestSchema,
  errorResponseSchema,
  messageResponseSchema,
  sessionListResponseSchema,
  uuidSchema,
} from '@sciwise/contracts';
import { updateProfileRequestSchema } from '@sciwise/contracts/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, notFound } from '../../errors.ts';
import { formBody, uploadRoutes } from '../../http/form-body.ts';
import { authLimits } from '../../lib/rate-limit.ts';
import { clearSessionCookie, requireUser } from '../../plugins/auth.ts';
import { avatarImage, readAvatarUpload, removeAvatar, replaceAvatar } from './avatar.ts';
import { currentUserOf } from './dashboard-mode.ts';
import { ALREADY_VERIFIED, sendVerificationEmail, VERIFICATION_SENT } from './email-verification.ts';
import { presentSession } from './presenter.ts';
import { changePassword, deleteAccount, updateProfile } from './service.ts';
import { listLiveSessions, revokeAllSessions, revokeSession } from './sessions.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

/** The signed-in user's own account: profile, avatar, password, sessions, deletion. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, config } = app;
  const tags = ['me'];

  app.get(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { user, hasExpertProfile } = await requireUser(request);
      return currentUserOf(app.db, user, hasExpertProfile);
    },
  );

  app.patch(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'Change name, phone, newsletter choice or the remembered Freelancer / Project Owner mode',
        body: updateProfileRequestSchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return currentUserOf(app.db, await updateProfile(ctx, user.id, request.body));
    },
  );

  app.post(
    '/api/me/email-verification',
    {
      schema: {
        tags,
        summary: 'E-mail a new link that confirms my address (3 an hour)',
        response: {
          200: messageResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      if (user.emailVerifiedAt !== null) throw conflict(ALREADY_VERIFIED);
      await app.rateLimits.consume([authLimits.verificationResendPerUser, user.id]);
      await sendVerificationEmail(ctx, user);
      return { message: VERIFICATION_SENT };
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags,
        summary: 'Change password (ends other sessions unless told not to)',
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(request);
      await changePassword(ctx, auth, request.body);
      return { message: 'Your password has been changed.' };
    },
  );

  app.get(
    '/api/me/sessions',
    {
      schema: {
        tags,
        summary: 'Devices signed in to this account',
        response: { 200: sessionListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(request);
      const rows = await listLiveSessions(app.db, auth.user.id);
      return { sessions: rows.map((row) => presentSession(row, auth.sessionId)) };
    },
  );

  app.delete(
    '/api/me/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'Sign out one device',
        params: z.object({ sessionId: uuidSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = await requireUser(request);
      const ended = await revokeSession(app.db, {
        userId: auth.user.id,
        sessionId: request.params.sessionId,
      });
      if (!ended) throw notFound('That session has already ended.');
      if (request.params.sessionId === auth.sessionId) clearSessionCookie(reply, config);
      return { message: 'That device has been signed out.' };
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Sign out every other device',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const auth = await requireUser(request);
      await revokeAllSessions(app.db, { userId: auth.user.id, exceptSessionId: auth.sessionId });
      return { message: 'Every other device has been signed out.' };
    },
  );

  await app.register(
    uploadRoutes(async (uploads) => {
      uploads.put(
        '/api/me/avatar',
        {
          schema: {
            tags,
            summary: `Upload a profile picture (PNG, JPEG or WebP, up to ${AVATAR_MAX_BYTES / 1024 / 1024} MB)`,
            consumes: ['multipart/form-data'],
            response: { 200: currentUserSchema, ...errors },
          },
        },
        async (request) => {
          const { user } = await requireUser(request);
          const image = await readAvatarUpload(ctx, formBody(request));
          return currentUserOf(app.db, await replaceAvatar(ctx, user, image));
        },
      );
    }),
  );

  app.delete(
    '/api/me/avatar',
    {
      schema: {
        tags,
        summary: 'Remove the profile picture',
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return currentUserOf(app.db, await removeAvatar(ctx, user));
    },
  );

  app.get(
    '/api/users/:userId/avatar',
    { schema: { tags, summary: "A user's profile picture", params: z.object({ userId: uuidSchema }) } },
    async (request, reply) => {
      const { stored, contentType } = await avatarImage(ctx, request.params.userId);
      return reply
        .header('content-type', contentType)
        .header('content-length', stored.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stored.body);
    },
  );

  app.delete(
    '/api/me',
    {
      schema: {
        tags,
        summary: 'Delete the account (anonymised; needs the password)',
        body: deleteAccountRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await deleteAccount(ctx, user, request.body);
      clearSessionCookie(reply, config);
      return { message: 'Your account has been deleted.' };
    },
  );
};
