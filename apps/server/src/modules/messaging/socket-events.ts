import {
  markReadPayloadSchema,
  sendMessagePayloadSchema,
  typingPayloadSchema,
  type SocketError,
} from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, rateLimited } from '../../errors.ts';
import type { LimitRule } from '../../lib/rate-limit.ts';
import { userRoom, type RealtimeSocket } from '../../realtime/socket-server.ts';
import { chatBroadcasts, type ChatSender } from './chat-sender.ts';
import { identitiesOf } from './permissions.ts';
import {
  conversationSide,
  markConversationRead,
  resolveTarget,
  type Actor,
  type ConversationSide,
} from './service.ts';

export const chatLimits = {
  /** Sends per person over every socket and node (Redis-backed when REDIS_URL is set). */
  sendPerUser: { name: 'chat-send', points: 20, durationSeconds: 10 },
} satisfies Record<string, LimitRule>;

/** Any events per socket, counted in memory before anything else runs, so floods cost nothing. */
const SOCKET_EVENT_BUDGET = { events: 60, windowMs: 10_000 };
/** Conversations a socket remembers having resolved, so a chat's sends skip the lookups. */
const SIDE_CACHE_SIZE = 100;

type Handler = (payload: unknown) => Promise<Record<string, unknown>>;

function toSocketError(error: unknown, app: FastifyInstance): SocketError {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof ZodError) {
    return { code: 'invalid_input', message: error.issues[0]?.message ?? 'That message is not valid.' };
  }
  app.log.error({ err: error }, 'socket event failed');
  return { code: 'internal', message: 'Something went wrong. Please try again.' };
}

/** Wires the chat protocol onto every connection; every event is validated and authorised here. */
export function registerChatEvents(app: FastifyInstance, send: ChatSender): void {
  const io = app.io;
  const broadcast = chatBroadcasts(io);

  io.on('connection', (socket: RealtimeSocket) => {
    // Its session ended during the handshake (realtime/session-revocation.ts).
    if (socket.disconnected) return;
    const actor: Actor = { userId: socket.data.userId, isAdmin: socket.data.isAdmin };
    void socket.join(identitiesOf(actor).map(userRoom));
    const sides = new Map<string, ConversationSide>();
    let previousSend: Promise<unknown> | undefined;
    let windowStart = Date.now();
    let eventsInWindow = 0;

    const cachedSide = async (key: string, resolve: () => Promise<ConversationSide>) => {
      const known = sides.get(key);
      if (known) return known;
      const side = await resolve();
      if (sides.size >= SIDE_CACHE_SIZE) sides.clear();
      sides.set(key, side);
      return side;
    };

    const handlers: Record<string, Handler> = {
      async sendMessage(raw) {
        const payload = sendMessagePayloadSchema.parse(raw);
        // A socket's sends are stored one after the other, so its messages keep the order it
        // sent them in, whatever each one's checks and write cost (a pool would race them).
        const stored = (previousSend ?? Promise.resolve()).then(async () => {
          await app.rateLimits.consume([chatLimits.sendPerUser, actor.userId]);
          const key = `${payload.conversationId ?? ''}|${payload.receiverId ?? ''}|${payload.senderId ?? ''}`;
          const side = await cachedSide(key, () => resolveTarget(app.db, actor, payload));
          return send(actor, side, payload);
        });
        previousSend = stored.catch(() => {});
        return { message: await stored };
      },
      async typing(raw) {
        const { conversationId } = typingPayloadSchema.parse(raw);
        const side = await cachedSide(`${conversationId}||`, () =>
          conversationSide(app.db, actor, conversationId),
        );
        io.volatile.to(userRoom(side.otherId)).emit('typing', { conversationId, userId: side.selfId });
        return {};
      },
      async markRead(raw) {
        const { conversationId, seq } = markReadPayloadSchema.parse(raw);
        const result = await markConversationRead(app.db, actor, conversationId, seq);
        broadcast.conversationRead(result, result.lastReadSeq);
        return { lastReadSeq: result.lastReadSeq };
      },
    };

    const spendBudget = () => {
      const now = Date.now();
      if (now - windowStart >= SOCKET_EVENT_BUDGET.windowMs) {
        windowStart = now;
        eventsInWindow = 0;
      }
      eventsInWindow += 1;
      if (eventsInWindow > SOCKET_EVENT_BUDGET.events) {
        throw rateLimited(Math.ceil((windowStart + SOCKET_EVENT_BUDGET.windowMs - now) / 1000));
      }
    };

    const dispatch = async (event: string, args: unknown[]) => {
      const ack =
        typeof args[args.length - 1] === 'function' ? (args.pop() as (result: unknown) => void) : undefined;
      try {
        spendBudget();
        const handler = Object.hasOwn(handlers, event) ? handlers[event] : undefined;
        if (!handler) throw new AppError('invalid_input', `Unknown event "${event.slice(0, 50)}".`);
        const result = await handler(args[0]);
        ack?.({ ok: true, ...result });
      } catch (error) {
        if (!socket.connected) return;
        const refusal = toSocketError(error, app);
        if (ack) ack({ ok: false, error: refusal });
        else socket.emit('chatError', { event: String(event).slice(0, 50), ...refusal });
      }
    };
    // Socket.IO ignores a listener's promise; dispatch answers every failure itself.
    socket.onAny((event: string, ...args: unknown[]) => void dispatch(event, args));
  });
}
