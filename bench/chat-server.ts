// Child process of bench/chat.ts. `app`: the real Sciwise server (auth, database, rate limits,
// notifications) on a fresh database with N people, their sessions and N/2 conversations, all
// inserted directly. `bare`: a Socket.IO relay with no auth and no database. Both answer
// `{ type: 'heap' }` with the heap in use after a full collection, so each is measured alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import { Server } from 'socket.io';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { applyMigrations } from '../apps/server/src/db/migrate.ts';
import { conversationMembers, conversations, sessions, users } from '../apps/server/src/db/schema/index.ts';
import { hashToken, newToken } from '../apps/server/src/lib/tokens.ts';

export interface BenchPerson {
  id: string;
  token: string;
  /** Index of the person they talk to. */
  partner: number;
  conversationId: string;
}

export type ServerReady = { type: 'ready'; port: number; people: BenchPerson[]; driver: string };

const mode = process.argv[2] === 'bare' ? 'bare' : 'app';
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
    close: async () => {
      void io.close();
    },
  };
}

async function startApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sciwise-bench-chat-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '10000',
    RATE_LIMIT_PREFIX: `bench-chat-${process.pid}`,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  // BENCH_PGLITE_MEMORY=1 keeps the embedded database in memory, to tell disk stalls from the rest.
  const pgliteDir = process.env.BENCH_PGLITE_MEMORY === '1' ? null : config.pgliteDir;
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir });
  await applyMigrations(database);
  const db = database.db;
  const stamp = Date.now().toString(36);
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `bench-${stamp}-${i}@example.test`,
        firstName: 'Bench',
        lastName: `Person ${i}`,
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
  const people = userRows.map((row, i) => {
    const partner = i < half ? i + half : i - half;
    const other = userRows[partner]!.id;
    const key = row.id < other ? `${row.id}|${other}` : `${other}|${row.id}`;
    return { id: row.id, token: tokens[i]!, partner, conversationId: byPair.get(key)! };
  });
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as { port: number }).port,
    people,
    driver: database.driver,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = mode === 'bare' ? await startBare() : await startApp();
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
