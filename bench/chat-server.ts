// Child process of bench/chat.ts: one of three chat servers, each in its own process so each one's
// heap is its own. All three answer `{ type: 'heap' }` with the heap in use after a full collection.
// - `bare`: a Socket.IO relay that stores nothing and checks no one (the floor of Socket.IO itself).
// - `durable`: the bare relay plus the least any durable, authenticated chat must do: the
//   handshake looks the session up with the app's own SQL (refusing the socket without a row), and
//   each message is INSERTed into the app's messages table before anyone hears of it.
// - `app`: the real Sciwise server (auth, database, rate limits, notifications).
// `durable` and `app` each get a fresh database with N people, their sessions and N/2
// conversations, all inserted directly by the same seeding.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import { Server, type Socket } from 'socket.io';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { conversationMembers, conversations, sessions, users } from '../apps/server/src/db/schema/index.ts';
import { hashToken, newToken } from '../apps/server/src/lib/tokens.ts';
import { SESSION_LOOKUP_SQL } from '../apps/server/src/modules/accounts/sessions.ts';
import { benchConfig } from './bench-config.ts';

export interface BenchPerson {
  id: string;
  token: string;
  /** Index of the person they talk to. */
  partner: number;
  conversationId: string;
}

export type ServerReady = { type: 'ready'; port: number; people: BenchPerson[]; driver: string };

export const serverModes = ['bare', 'durable', 'app'] as const;
export type ServerMode = (typeof serverModes)[number];

const mode: ServerMode = serverModes.find((name) => name === process.argv[2]) ?? 'app';
const count = Number(process.env.BENCH_SOCKETS ?? 2000);

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function startBare() {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  io.on('connection', (socket) => {
    const userId = String(socket.handshake.query.userId);
    void socket.join(userId);
    socket.on(
      'sendMessage',
      (payload: { receiverId: string; text: string }, ack?: (result: unknown) => void) => {
        const message = { senderId: userId, receiverId: payload.receiverId, text: payload.text };
        io.to(payload.receiverId).emit('newMessage', message);
        io.to(userId).emit('messageSent', message);
        ack?.({ ok: true, message });
      },
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const people = Array.from({ length: count }, (_, i) => ({
    id: `u${i}`,
    token: '',
    partner: i < count / 2 ? i + count / 2 : i - count / 2,
    conversationId: '',
  }));
  return {
    port: (http.address() as { port: number }).port,
    people,
    driver: 'none',
    // Nothing stored, nothing to settle.
    settle: async () => {},
    close: async () => {
      void io.close();
    },
  };
}

/**
 * A fresh database (its own PGlite folder, or the DATABASE_URL one), migrated, holding N people,
 * their sessions and N/2 conversations: `app` and `durable` start from this same state.
 */
async function freshDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-bench-chat-'));
  const config = benchConfig(dataDir, {
    PORT: '0',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '10000',
    RATE_LIMIT_PREFIX: `bench-chat-${process.pid}`,
  });
  // BENCH_PGLITE_MEMORY=1 keeps the embedded database in memory, to tell disk stalls from the rest.
  const pgliteDir = process.env.BENCH_PGLITE_MEMORY === '1' ? null : config.pgliteDir;
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir });
  await applyMigrations(database);
  const people = await seedPeople(database);
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  return { config, database, people, removeData };
}

/** Person i talks with person i + N/2; everyone has a live session and a confirmed address. */
async function seedPeople(database: DatabaseHandle): Promise<BenchPerson[]> {
  const db = database.db;
  // The pid too: on PostgreSQL, the app and durable servers seed one database at the same moment.
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${stamp}-${i}@example.test`,
        firstName: 'Bench',
        lastName: `Person ${i}`,
        // The app refuses messages from unconfirmed addresses (except to the concierge).
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  // Sessions the way sessions.ts stores them: only the token's hash.
  const tokens = userRows.map(() => newToken());
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await db
    .insert(sessions)
    .values(userRows.map((row, i) => ({ userId: row.id, tokenHash: hashToken(tokens[i]!), expiresAt })));
  const half = count / 2;
  const pairs = Array.from({ length: half }, (_, i) => {
    const a = userRows[i]!.id;
    const b = userRows[i + half]!.id;
    return a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a };
  });
  const conversationRows = await db
    .insert(conversations)
    .values(pairs)
    .returning({ id: conversations.id, low: conversations.userLowId, high: conversations.userHighId });
  await db.insert(conversationMembers).values(
    conversationRows.flatMap((row) => [
      { conversationId: row.id, userId: row.low },
      { conversationId: row.id, userId: row.high },
    ]),
  );
  const byPair = new Map(conversationRows.map((row) => [`${row.low}|${row.high}`, row.id]));
  return userRows.map((row, i) => {
    const partner = i < half ? i + half : i - half;
    const other = userRows[partner]!.id;
    const key = row.id < other ? `${row.id}|${other}` : `${other}|${row.id}`;
    return { id: row.id, token: tokens[i]!, partner, conversationId: byPair.get(key)! };
  });
}

/**
 * What autovacuum would have done by the time a server has run a while: the warm-up's messages
 * counted by the planner, the bulk load's pages marked visible. Sent after the warm-up, so the
 * measured windows see a settled database instead of the first minute after a bulk load (when the
 * statistics still say the messages table is empty) and the first round of maintenance over it.
 * The embedded database's own autovacuum, and PostgreSQL's, go on running during the windows.
 */
async function settleDatabase(database: DatabaseHandle): Promise<void> {
  await database.rawQuery('vacuum analyze', []);
}

async function startApp() {
  const { config, database, people, removeData } = await freshDatabase();
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as { port: number }).port,
    people,
    driver: database.driver,
    settle: () => settleDatabase(database),
    close: async () => {
      await app.close();
      await database.close();
      removeData();
    },
  };
}

/** What a durable client sends: the bare relay's receiver, plus the conversation the row belongs to. */
export interface DurablePayload {
  conversationId: string;
  receiverId: string;
  text: string;
  clientMessageId: string;
}

const INSERT_MESSAGE_SQL = `insert into messages (conversation_id, seq, sender_id, body, client_message_id)
  values ($1, $2, $3, $4, $5)`;

/**
 * The session lookup's row holds two columns named id, the session's and then the user's; both
 * drivers keep the later one. Checked once at start, so a change to the lookup's columns fails
 * here instead of sending every message to the wrong room.
 */
async function userIdOfSession(database: DatabaseHandle, token: string) {
  // Named, as the app's session lookup is prepared.
  const rows = await database.rawQuery(SESSION_LOOKUP_SQL, [hashToken(token), 1], {
    name: 'relay_find_session',
  });
  return (rows[0] as { id?: string } | undefined)?.id;
}

async function startDurable() {
  const { database, people, removeData } = await freshDatabase();
  const first = people[0]!;
  if ((await userIdOfSession(database, first.token)) !== first.id) {
    throw new Error("the session lookup's row no longer gives the user's id as its last id column");
  }
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  // The socket is whoever the session says it is; no row, no connection (as the app's handshake).
  const authenticate = async (socket: Socket, next: (error?: Error) => void) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      const userId = typeof token === 'string' ? await userIdOfSession(database, token) : undefined;
      if (!userId) return next(new Error('unauthenticated'));
      socket.data = { userId };
      next();
    } catch (error) {
      next(error as Error);
    }
  };
  io.use((socket, next) => void authenticate(socket, next));
  // Each conversation's next seq, in memory: one process owns every conversation here. The app
  // instead bumps conversations.last_seq under the row lock, which numbers across nodes too.
  const lastSeq = new Map<string, number>();
  const relay = async (senderId: string, payload: DurablePayload, ack?: (result: unknown) => void) => {
    const seq = (lastSeq.get(payload.conversationId) ?? 0) + 1;
    lastSeq.set(payload.conversationId, seq);
    try {
      // Stored before anyone hears of it: an acknowledged message survives a crash.
      // Named, as the app's store_message call is kept prepared.
      await database.rawQuery(
        INSERT_MESSAGE_SQL,
        [payload.conversationId, seq, senderId, payload.text, payload.clientMessageId],
        { name: 'relay_insert_message' },
      );
    } catch (error) {
      ack?.({ ok: false, error: { code: 'internal', message: String(error) } });
      return;
    }
    const { conversationId, receiverId, text, clientMessageId } = payload;
    const message = { conversationId, seq, senderId, receiverId, text, clientMessageId };
    io.to(payload.receiverId).emit('newMessage', message);
    io.to(senderId).emit('messageSent', message);
    ack?.({ ok: true, message });
  };
  io.on('connection', (socket) => {
    const { userId } = socket.data as { userId: string };
    void socket.join(userId);
    socket.on('sendMessage', (payload: DurablePayload, ack?: (result: unknown) => void) => {
      void relay(userId, payload, ack);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as { port: number }).port,
    people,
    driver: database.driver,
    settle: () => settleDatabase(database),
    close: async () => {
      await io.close();
      await database.close();
      removeData();
    },
  };
}

const starters = { bare: startBare, durable: startDurable, app: startApp };
const server = await starters[mode]();
process.send?.({
  type: 'ready',
  port: server.port,
  people: server.people,
  driver: server.driver,
} satisfies ServerReady);
// How long this server's event loop was blocked: separates its own stalls from the machine's.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let longestGcMs = 0;
let totalGcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    longestGcMs = Math.max(longestGcMs, entry.duration);
    totalGcMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
process.on('message', (message: { type: string }) => {
  if (message.type === 'heap') process.send?.({ type: 'heap', heapUsed: heapAfterGc() });
  if (message.type === 'settle') void server.settle().then(() => process.send?.({ type: 'settle' }));
  if (message.type === 'loop-start') {
    longestGcMs = 0;
    totalGcMs = 0;
    loopDelay.reset();
    loopDelay.enable();
  }
  if (message.type === 'loop') {
    loopDelay.disable();
    process.send?.({
      type: 'loop',
      p99Ms: loopDelay.percentile(99) / 1e6,
      maxMs: loopDelay.max / 1e6,
      longestGcMs,
      totalGcMs,
    });
  }
  if (message.type === 'stop') void server.close().finally(() => process.exit(0));
});
