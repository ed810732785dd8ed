import type {
  ChatMessage,
  ClientToServerEvents,
  MarkReadAck,
  SendMessageAck,
  SendMessagePayload,
  ServerToClientEvents,
} from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts listening on a free port (socket tests need a real server) and returns its address. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected socket for the token, or the connect_error it got. */
export async function connect(
  url: string,
  token: string | undefined,
  extra: { query?: Record<string, string> } = {},
) {
  const socket: ChatSocket = connectSocket(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
    ...extra,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

export function send(socket: ChatSocket, payload: SendMessagePayload): Promise<SendMessageAck> {
  return socket.timeout(10_000).emitWithAck('sendMessage', payload);
}

export function markRead(socket: ChatSocket, conversationId: string, seq: number): Promise<MarkReadAck> {
  return socket.timeout(10_000).emitWithAck('markRead', { conversationId, seq });
}

/** The next `event` on the socket whose payload passes `match`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ChatSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/**
 * Resolves with the disconnect reason once the server ends the socket; rejects if it is still
 * connected after `timeoutMs` (the deadline is functional: nothing here measures speed).
 */
export function disconnection(socket: ChatSocket, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('disconnect', listener);
      reject(new Error(`socket still connected after ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (reason: string) => {
      clearTimeout(timer);
      resolve(reason);
    };
    socket.once('disconnect', listener);
  });
}

/** Collects every payload of an event, to check later that nothing else arrived. */
export function collect<E extends keyof ServerToClientEvents>(socket: ChatSocket, event: E) {
  const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload)) as never);
  return seen;
}

export const isMessage = (text: string) => (message: ChatMessage) => message.text === text;
