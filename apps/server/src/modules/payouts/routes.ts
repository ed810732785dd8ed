import {
  errorResponseSchema,
  payoutListQuerySchema,
  payoutListResponseSchema,
  payoutMethodRequestSchema,
  payoutMethodResponseSchema,
  payoutRequestSchema,
  payoutSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../http/route-schemas.ts';
import type { LimitRule } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getPayoutMethod, savePayoutMethod } from './payout-method.ts';
import { getPayout, listPayouts } from './payout-read.ts';
import { requestPayout } from './payout-service.ts';

/** Trying account number after account number is probing, sandbox or not. */
const bankAccountsPerUser: LimitRule = { name: 'bank-accounts-user', points: 20, durationSeconds: 60 * 60 };

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['payouts'];

/** An expert's bank account and payouts: always the signed-in person's own. */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, db } = app;

  app.get(
    '/api/me/payout-method',
    {
      schema: {
        tags,
        summary: 'Your bank account for payouts (experts): bank, last four digits, holder and currency',
        response: { 200: payoutMethodResponseSchema, ...errors },
      },
    },
    async (request) => getPayoutMethod(ctx, (await requireUser(request)).user.id),
  );

  app.put(
    '/api/me/payout-method',
    {
      schema: {
        tags,
        summary:
          'Add or replace your bank account for payouts: the processor keeps the details and returns a token (experts)',
        body: payoutMethodRequestSchema,
        response: {
          200: payoutMethodResponseSchema,
          ...errors,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await app.rateLimits.consume([bankAccountsPerUser, user.id]);
      return savePayoutMethod(ctx, user.id, request.body);
    },
  );

  app.get(
    '/api/me/payouts',
    {
      schema: {
        tags,
        summary: 'Your balances (available, in transit, paid out) and payouts, newest first (experts)',
        querystring: payoutListQuerySchema,
        response: { 200: payoutListResponseSchema, ...errors },
      },
    },
    async (request) => listPayouts(db, (await requireUser(request)).user.id, request.query.cursor),
  );

  app.post(
    '/api/me/payouts',
    {
      config: { idempotency: 'required' },
      schema: {
        tags,
        summary: 'Request a payout of part or all of your available balance to your bank account (experts)',
        description:
          'Money moves: send an Idempotency-Key header. A replay with the same key returns the first answer; the same key with another body is a 422.',
        body: payoutRequestSchema,
        response: {
          201: payoutSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const payoutId = await requestPayout(ctx, user.id, request.body);
      return reply.status(201).send(await getPayout(db, { userId: user.id, payoutId }));
    },
  );

  app.get(
    '/api/me/payouts/:id',
    {
      schema: {
        tags,
        summary: 'One of your payouts',
        params: idParams,
        response: { 200: payoutSchema, ...errors },
      },
    },
    async (request) =>
      getPayout(db, {
        userId: (await requireUser(request)).user.id,
        payoutId: request.params.id,
      }),
  );
};
