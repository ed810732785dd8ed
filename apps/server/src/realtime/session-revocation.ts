import type { FastifyInstance } from 'fastify';
import { liveSessionIds, SESSION_ENDED_CHANNEL } from '../modules/accounts/sessions.ts';
import type { RealtimeSocket } from './socket-server.ts';

/** Every socket joins the room of the session it signed in with; ending the session empties it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * How long a node remembers that a session ended, for a handshake that found the session live
 * just before: far longer than a handshake takes between its lookup and the socket joining rooms.
 */
const REMEMBER_ENDED_MS = 5 * 60_000;
/**
 * How often each node re-checks the sessions of its sockets. Sessions that expire send no signal,
 * and a node misses the ones sent while its LISTEN connection was down: this bounds both.
 */
const SWEEP_INTERVAL_MS = 60_000;
/**
 * Session ids per lookup of the sweep. On the embedded database a lookup holds its only
 * connection, so every chat message and request waits behind it: a hundred ids take about a
 * millisecond there (a thousand took 5 ms, and 11 ms as an IN list, long enough to show in chat
 * delivery's p99).
 */
const SWEEP_BATCH = 100;

/** Disconnects this node's sockets whose session is no longer live (revoked, expired, account deleted). */
export async function disconnectEndedSessions(app: FastifyInstance): Promise<void> {
  const sessionIds = new Set<string>();
  for (const socket of app.io.of('/').sockets.values()) sessionIds.add(socket.data.sessionId);
  const ids = [...sessionIds];
  for (let start = 0; start < ids.length; start += SWEEP_BATCH) {
    const batch = ids.slice(start, start + SWEEP_BATCH);
    const live = await liveSessionIds(app.db, batch);
    for (const id of batch) if (!live.has(id)) app.io.local.in(sessionRoom(id)).disconnectSockets(true);
  }
}

/**
 * Ends the sockets of a session as soon as the session ends, on every node. The database
 * announces each session that ends (SESSION_ENDED_CHANNEL) when the ending transaction commits;
 * every node hears it and disconnects its own sockets in that session's room.
 *
 * A handshake may find the session live just before it ends and join the room just after the
 * announcement was handled. Each node therefore remembers the sessions it heard end, and a new
 * socket is checked against that memory in the same synchronous step as it joins the room:
 * an announcement handled before the join is remembered, one handled after it finds the socket
 * in the room.
 */
export async function endSocketsWithTheirSession(app: FastifyInstance): Promise<() => Promise<void>> {
  const recentlyEnded = new Map<string, number>();
  const forgetOld = (now: number) => {
    // Insertion order is time order: the oldest entries come first.
    for (const [id, endedAt] of recentlyEnded) {
      if (now - endedAt < REMEMBER_ENDED_MS) break;
      recentlyEnded.delete(id);
    }
  };

  const stopListening = await app.database.listen(SESSION_ENDED_CHANNEL, (sessionId) => {
    const now = Date.now();
    forgetOld(now);
    recentlyEnded.delete(sessionId);
    recentlyEnded.set(sessionId, now);
    app.io.local.in(sessionRoom(sessionId)).disconnectSockets(true);
  });

  // Registered before the other connection handlers, so they see an ended socket as disconnected.
  app.io.on('connection', (socket: RealtimeSocket) => {
    void socket.join(sessionRoom(socket.data.sessionId));
    if (recentlyEnded.has(socket.data.sessionId)) socket.disconnect(true);
  });

  const sweep = setInterval(() => {
    disconnectEndedSessions(app).catch((error: unknown) =>
      app.log.warn({ err: error }, 'session sweep failed'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  return async () => {
    clearInterval(sweep);
    await stopListening();
  };
}
