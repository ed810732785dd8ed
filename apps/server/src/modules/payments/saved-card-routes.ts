import {
  errorResponseSchema,
  saveCardRequestSchema,
  savedCardIdSchema,
  savedCardsResponseSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import { listSavedCards, removeCard, saveCard, setDefaultCard } from './saved-cards.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const cardParams = z.object({ cardId: savedCardIdSchema });
const tags = ['me'];

/** The signed-in person's saved cards (Payment Details); each answer is the whole list. */
export const savedCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const answer = async (userId: string, message: string | null) => ({
    cards: await listSavedCards(ctx, userId),
    message,
  });

  app.get(
    '/api/me/cards',
    {
      schema: {
        tags,
        summary: 'My saved cards: the default first, expired ones marked',
        response: { 200: savedCardsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return answer(user.id, null);
    },
  );

  app.post(
    '/api/me/cards',
    {
      schema: {
        tags,
        summary: "Save the card behind a token from the processor's card form",
        body: saveCardRequestSchema,
        response: { 201: savedCardsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { message } = await saveCard(ctx, user.id, request.body);
      return reply.status(201).send(await answer(user.id, message));
    },
  );

  app.post(
    '/api/me/cards/:cardId/default',
    {
      schema: {
        tags,
        summary: 'Make one of my saved cards the default (exactly one is)',
        params: cardParams,
        response: { 200: savedCardsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return answer(user.id, await setDefaultCard(ctx, { userId: user.id, cardId: request.params.cardId }));
    },
  );

  app.delete(
    '/api/me/cards/:cardId',
    {
      schema: {
        tags,
        summary: 'Remove a saved card; it can never be charged again (removing the default promotes none)',
        params: cardParams,
        response: { 200: savedCardsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return answer(user.id, await removeCard(ctx, { userId: user.id, cardId: request.params.cardId }));
    },
  );
};
