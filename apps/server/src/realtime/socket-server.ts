import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, ServerToClientEvents } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { authenticateHandshake, isAllowedOrigin } from './handshake.ts';
import { endSocketsWithTheirSession } from './session-revocation.ts';

/** What the handshake establishes about a socket; small, because thousands of sockets hold one. */
export interface SocketData {
  userId: string;
  isAdmin: boolean;
  /** The session the socket signed in with: when it ends, the socket is disconnected. */
  sessionId: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

/** Every socket of a person joins this room; emits to a person go through it. */
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * Frames above this are dropped by Engine.IO together with the connection; below it, a text
 * over 5,000 characters still reaches validation and gets a readable refusal.
 */
const MAX_FRAME_BYTES = 100_000;

/** Socket.IO on Fastify's HTTP server: websocket only, signed-in sockets only, fan-out over Redis when set. */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const io: RealtimeServer = new Server(app.server, {
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: MAX_FRAME_BYTES,
    allowRequest: (request, callback) => callback(null, isAllowedOrigin(request, app.config)),
  });
  let adapterClients: Array<{ disconnect(): void }> = [];
  if (app.redis) {
    const pub = app.redis.duplicate();
    const sub = app.redis.duplicate();
    adapterClients = [pub, sub];
    // The rate-limit prefix already separates deployments (and test apps) sharing one Redis.
    io.adapter(createAdapter(pub, sub, { key: `${app.config.rateLimitPrefix}:socket.io` }));
  }
  const handshake = authenticateHandshake(app);
  // It answers every outcome through next(); Socket.IO ignores the promise.
  io.use((socket, next) => void handshake(socket, next));
  app.decorate('io', io);
  const stopEndingSockets = await endSocketsWithTheirSession(app);

  // Close connections before Fastify closes the HTTP server, which would otherwise wait for them.
  // Closing the transports (not disconnecting the sockets) makes clients reconnect on their own,
  // to this node once it is back or to another one behind the load balancer.
  app.addHook('preClose', async () => {
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await stopEndingSockets().catch(() => {});
    for (const client of adapterClients) client.disconnect();
  });
});
