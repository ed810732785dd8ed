import {
  cardTokenSchema,
  errorResponseSchema,
  paymentTermsSchema,
  sandboxCardRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LimitRule } from '../../lib/rate-limit.ts';
import { requireUser } from '../../plugins/auth.ts';
import { tokenizeSandboxCard } from './sandbox-provider.ts';

/** A person trying card after card is testing stolen numbers, sandbox or not. */
const cardTokensPerUser: LimitRule = { name: 'card-tokens-user', points: 20, durationSeconds: 60 * 60 };

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, config } = app;

  app.get(
    '/api/payments/terms',
    {
      schema: {
        tags: ['payments'],
        summary: 'What the marketplace charges and when escrow releases, before anyone commits',
        response: { 200: paymentTermsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await requireUser(request);
      return {
        ...config.fees,
        autoReleaseDays: config.autoReleaseDays,
        provider: ctx.payments.name,
        testCards: ctx.payments.testCards(),
      };
    },
  );

  if (ctx.payments.name !== 'sandbox') return;
  app.post(
    '/api/payments/sandbox/tokens',
    {
      schema: {
        tags: ['payments'],
        summary: "The sandbox processor's card form: a token for a test card (no real card is accepted)",
        body: sandboxCardRequestSchema,
        response: {
          201: cardTokenSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await app.rateLimits.consume([cardTokensPerUser, user.id]);
      return reply.status(201).send(await tokenizeSandboxCard(app.db, request.body, ctx.clock.now()));
    },
  );
};
