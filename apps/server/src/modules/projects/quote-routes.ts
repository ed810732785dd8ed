import {
  acceptQuoteRequestSchema,
  acceptQuoteResponseSchema,
  declineQuoteRequestSchema,
  quoteListResponseSchema,
  quoteRequestSchema,
  quoteSchema,
  quoteUpdateSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  acceptQuote,
  declineQuote,
  listMyQuotes,
  listProjectQuotes,
  listReceivedQuotes,
  sendQuote,
  updateQuote,
  withdrawQuote,
} from './quote-service.ts';

/** Quotes (proposals); accepting one makes the contract (modules/contracts). */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['quotes'];

  app.post(
    '/api/projects/:id/quotes',
    {
      schema: {
        tags,
        summary: 'Send a quote (approved experts; milestones must add up to the price)',
        params: idParams,
        body: quoteRequestSchema,
        response: { 201: quoteSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply
        .status(201)
        .send(await sendQuote(db, user, request.params.id, request.body, app.ctx.clock));
    },
  );

  app.get(
    '/api/projects/:id/quotes',
    {
      schema: {
        tags,
        summary: "A project's quotes, for its owner to compare",
        params: idParams,
        response: { 200: quoteListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { quotes: await listProjectQuotes(db, user, request.params.id) };
    },
  );

  app.get(
    '/api/quotes/mine',
    {
      schema: {
        tags,
        summary: 'Quotes I sent',
        response: { 200: quoteListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { quotes: await listMyQuotes(db, user) };
    },
  );

  app.get(
    '/api/quotes/received',
    {
      schema: {
        tags,
        summary: 'Quotes on my projects',
        response: { 200: quoteListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { quotes: await listReceivedQuotes(db, user) };
    },
  );

  app.patch(
    '/api/quotes/:id',
    {
      schema: {
        tags,
        summary: 'Edit my quote while it waits for a decision',
        params: idParams,
        body: quoteUpdateSchema,
        response: { 200: quoteSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return updateQuote(db, user, request.params.id, request.body);
    },
  );

  app.post(
    '/api/quotes/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw my quote',
        params: idParams,
        response: { 200: quoteSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return withdrawQuote(db, user, request.params.id);
    },
  );

  app.post(
    '/api/quotes/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline a quote on my project, with a reason',
        params: idParams,
        body: declineQuoteRequestSchema,
        response: { 200: quoteSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return declineQuote(db, user, request.params.id, request.body.reason, app.ctx.clock);
    },
  );

  app.post(
    '/api/quotes/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept a quote: makes the contract, closes the other quotes, starts the project',
        params: idParams,
        body: acceptQuoteRequestSchema.nullish(),
        response: { 200: acceptQuoteResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return acceptQuote(db, user, request.params.id, app.config, app.ctx.clock, request.body ?? {});
    },
  );
};
