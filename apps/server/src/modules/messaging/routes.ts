import {
  conversationListQuerySchema,
  conversationListResponseSchema,
  conversationSchema,
  errorResponseSchema,
  markReadRequestSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  openConversationRequestSchema,
  sendMessageRequestSchema,
  chatMessageSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { chatBroadcasts, type ChatSender } from './chat-sender.ts';
import { getConversation, listConversations } from './conversation-list.ts';
import { chatLimits } from './socket-events.ts';
import {
  conversationSide,
  expertUserId,
  listMessages,
  markConversationRead,
  openConversation,
  type Actor,
} from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

async function actorOf(request: Parameters<typeof requireUser>[0]): Promise<Actor> {
  const { user } = await requireUser(request);
  return { userId: user.id, isAdmin: user.role === 'admin' };
}

/** Conversation history over HTTP: what a client reads on open and after every reconnect. */
export const messagingRoutes: FastifyPluginAsyncZod<{ send: ChatSender }> = async (app, { send }) => {
  const tags = ['messaging'];
  const broadcast = chatBroadcasts(app.io);

  app.get(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: 'Your conversations, newest activity first, with unread counts, in cursor pages',
        description:
          "view=awaiting_reply (administrators only): Sciwise Concierge's conversations whose last message came from the member, longest waiting first. Pass the previous page's nextCursor as cursor; a conversation that gets a message meanwhile moves above the cursor and is not repeated on later pages.",
        querystring: conversationListQuerySchema,
        response: { 200: conversationListResponseSchema, ...errors },
      },
    },
    async (request) => listConversations(app.db, await actorOf(request), request.query),
  );

  app.post(
    '/api/conversations',
    {
      schema: {
        tags,
        summary: 'Open (or create, where allowed) the conversation with a person',
        body: openConversationRequestSchema,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const body = request.body;
      const userId = 'userId' in body ? body.userId : await expertUserId(app.db, body.expertSlug);
      const side = await openConversation(app.db, actor, { otherUserId: userId });
      return getConversation(app.db, actor, side.conversationId);
    },
  );

  app.get(
    '/api/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One conversation',
        params: idParams,
        response: { 200: conversationSchema, ...errors },
      },
    },
    async (request) => getConversation(app.db, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'A page of messages, oldest first; pass nextBefore as before for older ones',
        params: idParams,
        querystring: messageListQuerySchema,
        response: { 200: messageListResponseSchema, ...errors },
      },
    },
    async (request) => listMessages(app.db, await actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a message without a socket (the socket event sendMessage does the same)',
        params: idParams,
        body: sendMessageRequestSchema,
        response: { 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      await app.rateLimits.consume([chatLimits.sendPerUser, actor.userId]);
      const side = await conversationSide(app.db, actor, request.params.id);
      const message = await send(actor, side, request.body);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark messages read up to a seq (read receipts)',
        params: idParams,
        body: markReadRequestSchema,
        response: { 200: z.object({ lastReadSeq: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const result = await markConversationRead(
        app.db,
        await actorOf(request),
        request.params.id,
        request.body.seq,
      );
      broadcast.conversationRead(result, result.lastReadSeq);
      return { lastReadSeq: result.lastReadSeq };
    },
  );
};
