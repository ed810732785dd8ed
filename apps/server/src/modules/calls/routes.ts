import {
  errorResponseSchema,
  callCancelRequestSchema,
  callConfirmRequestSchema,
  callListQuerySchema,
  callListSchema,
  callNotesRequestSchema,
  callProposalRequestSchema,
  callSchema,
  callTimesRequestSchema,
} from '@sciwise/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import type { LimitRule } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import { assertEmailVerified } from '../accounts/email-verification.ts';
import { calendarFileOf } from './call-notices.ts';
import { callOf, listCalls } from './call-read.ts';
import { cancelCall, confirmCall, offerTimes, proposeCall, readCall, saveCallNotes } from './call-service.ts';

/**
 * Scheduled calls (decision 065): only the two people on a call see it or change it; anyone
 * else's call is a 404, as if it did not exist.
 */
/**
 * Every proposal and change e-mails the other person (call e-mail cannot be switched off), so each
 * is limited per person: generous for real scheduling, useless for flooding an expert's inbox.
 */
const proposalsPerUser: LimitRule = { name: 'call-proposals-user', points: 20, durationSeconds: 60 * 60 };
const changesPerUser: LimitRule = { name: 'call-changes-user', points: 60, durationSeconds: 60 * 60 };

export const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calls'];
  const ctx = app.ctx;
  const oneCall = { 200: callSchema, ...signedInErrors, 429: errorResponseSchema };

  /** The person changing a call: signed in, address confirmed, within the hour's allowance. */
  async function caller(request: FastifyRequest, limit: LimitRule): Promise<string> {
    const { user } = await requireUser(request);
    assertEmailVerified(user, 'call');
    await app.rateLimits.consume([limit, user.id]);
    return user.id;
  }

  app.get(
    '/api/calls',
    {
      schema: {
        tags,
        summary: 'My calls in one view (upcoming, past or cancelled), optionally of one contract',
        querystring: callListQuerySchema,
        response: { 200: callListSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listCalls(app.db, user.id, request.query, ctx.clock.now());
    },
  );

  app.post(
    '/api/calls',
    {
      schema: {
        tags,
        summary: 'Propose a call: two or three times in my time zone, for the other person to pick from',
        body: callProposalRequestSchema,
        response: { 201: callSchema, ...signedInErrors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await caller(request, proposalsPerUser);
      return reply.code(201).send(await proposeCall(ctx, userId, request.body));
    },
  );

  app.get(
    '/api/calls/:id',
    { schema: { tags, summary: 'One of my calls', params: idParams, response: oneCall } },
    async (request) => {
      const { user } = await requireUser(request);
      return readCall(ctx, user.id, request.params.id);
    },
  );

  app.post(
    '/api/calls/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Pick one of the times the other person offered; both get the calendar invitation',
        params: idParams,
        body: callConfirmRequestSchema,
        response: oneCall,
      },
    },
    async (request) =>
      confirmCall(ctx, await caller(request, changesPerUser), request.params.id, request.body),
  );

  app.post(
    '/api/calls/:id/times',
    {
      schema: {
        tags,
        summary: 'Offer other times, or ask to move a confirmed call (with a reason)',
        params: idParams,
        body: callTimesRequestSchema,
        response: oneCall,
      },
    },
    async (request) =>
      offerTimes(ctx, await caller(request, changesPerUser), request.params.id, request.body),
  );

  app.post(
    '/api/calls/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Decline a proposed call or cancel a confirmed one, with a reason',
        params: idParams,
        body: callCancelRequestSchema,
        response: oneCall,
      },
    },
    async (request) =>
      cancelCall(ctx, await caller(request, changesPerUser), request.params.id, request.body),
  );

  app.put(
    '/api/calls/:id/notes',
    {
      schema: {
        tags,
        summary: 'Save the notes both people keep once the call has started',
        params: idParams,
        body: callNotesRequestSchema,
        response: oneCall,
      },
    },
    async (request) =>
      saveCallNotes(ctx, await caller(request, changesPerUser), request.params.id, request.body),
  );

  app.get(
    '/api/calls/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: 'The calendar invitation of a confirmed call, as an .ics file',
        params: idParams,
        response: { 200: z.string().describe('text/calendar'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const call = await callOf(app.db, request.params.id, user.id);
      const file = await calendarFileOf(app.db, ctx, call, user.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8; method=REQUEST')
        .header('content-disposition', 'attachment; filename="sciwise-call.ics"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
