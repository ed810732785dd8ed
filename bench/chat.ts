// npm run bench:chat — delivery latency and heap per socket of the real chat vs a bare relay.
// Each server runs in its own child process (heap is measured per server, after a full GC).
// N authenticated sockets (BENCH_SOCKETS, default 2,000) in N/2 pairs; after a warm-up message in
// every conversation, senders emit at a steady total rate (BENCH_RATE messages/s, default 200)
// for BENCH_SECONDS (default 15); latency is send -> newMessage at the receiver, measured in this
// process with one clock.
// Uses the embedded PGlite database, or PostgreSQL when DATABASE_URL is set (and REDIS_URL, if set).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { BenchPerson, ServerReady } from './chat-server.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TICK_MS = 10;

interface Figures {
  sockets: number;
  messages: number;
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  heapPerSocketBytes: number;
  /** The server's own event-loop blocking during the measured run. */
  serverLoopDelayP99Ms: number;
  serverLoopDelayMaxMs: number;
  serverLongestGcMs: number;
}

function request<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    if (type === 'loop-start') {
      child.send({ type });
      resolve(undefined as T);
      return;
    }
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function connectAll(port: number, people: BenchPerson[], bare: boolean): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const BATCH = 100;
  for (let start = 0; start < people.length; start += BATCH) {
    const batch = people.slice(start, start + BATCH).map(
      (person) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connectSocket(`http://127.0.0.1:${port}`, {
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
            ...(bare ? { query: { userId: person.id } } : { auth: { token: person.token } }),
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function run(mode: 'bare' | 'app'): Promise<Figures & { driver: string }> {
  const child = fork(fileURLToPath(new URL('./chat-server.ts', import.meta.url)), [mode], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, BENCH_SOCKETS: String(SOCKETS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ServerReady));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  const before = (await request<{ heapUsed: number }>(child, 'heap')).heapUsed;
  const sockets = await connectAll(ready.port, ready.people, mode === 'bare');
  const after = (await request<{ heapUsed: number }>(child, 'heap')).heapUsed;

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  sockets.forEach((socket) =>
    socket.on('newMessage', (message: { text: string }) => {
      const started = sentAt.get(message.text);
      if (started !== undefined) {
        latencies.push(performance.now() - started);
        sentAt.delete(message.text);
      }
    }),
  );

  // Warm-up: one message in every conversation (JIT, caches, and each conversation's first
  // message, which also notifies the receiver's bell), then the measured run at a steady rate.
  const half = SOCKETS / 2;
  let next = 0;
  let sent = 0;
  const sendOne = (measure: boolean) => {
    const index = next % half;
    next += 1;
    const person = ready.people[index]!;
    const text = `${mode}-${next}-${measure ? 'm' : 'w'}`;
    if (measure) sentAt.set(text, performance.now());
    const payload =
      mode === 'bare'
        ? { receiverId: ready.people[person.partner]!.id, text }
        : { conversationId: person.conversationId, text, clientMessageId: text };
    sockets[index]!.emit('sendMessage', payload, () => {});
    if (measure) sent += 1;
  };
  const pace = async (seconds: number, measure: boolean) => {
    const perTick = (RATE * TICK_MS) / 1000;
    let owed = 0;
    const ticks = (seconds * 1000) / TICK_MS;
    const started = performance.now();
    for (let tick = 0; tick < ticks; tick++) {
      owed += perTick;
      while (owed >= 1) {
        sendOne(measure);
        owed -= 1;
      }
      const wait = started + (tick + 1) * TICK_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await pace(half / RATE, false);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await request(child, 'loop-start');
  await pace(SECONDS, true);
  // Let the last messages land.
  for (let waited = 0; sentAt.size > 0 && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const loop = await request<{ p99Ms: number; maxMs: number; longestGcMs: number }>(child, 'loop');
  for (const socket of sockets) socket.disconnect();
  child.send({ type: 'stop' });
  await new Promise((resolve) => child.once('exit', resolve));

  const sorted = latencies.sort((a, b) => a - b);
  return {
    driver: ready.driver,
    sockets: sockets.length,
    messages: sent,
    delivered: latencies.length,
    p50Ms: +percentile(sorted, 50).toFixed(2),
    p99Ms: +percentile(sorted, 99).toFixed(2),
    maxMs: +(sorted[sorted.length - 1] ?? NaN).toFixed(2),
    heapPerSocketBytes: Math.round((after - before) / sockets.length),
    serverLoopDelayP99Ms: +loop.p99Ms.toFixed(1),
    serverLoopDelayMaxMs: +loop.maxMs.toFixed(1),
    serverLongestGcMs: +loop.longestGcMs.toFixed(1),
  };
}

const bare = await run('bare');
const app = await run('app');

const figures = {
  driver: app.driver,
  sockets: SOCKETS,
  ratePerSecond: RATE,
  seconds: SECONDS,
  bare,
  app,
  p99VsBare: +(app.p99Ms / bare.p99Ms).toFixed(2),
  heapPerSocketVsBare: +(app.heapPerSocketBytes / bare.heapPerSocketBytes).toFixed(2),
  goals: { p99VsBare: 2, heapPerSocketVsBare: 1.3 },
};

console.log(`\nChat bench (${app.driver}, ${SOCKETS} sockets, ${RATE} messages/s for ${SECONDS}s)\n`);
console.table({
  'bare Socket.IO relay': {
    delivered: `${bare.delivered}/${bare.messages}`,
    'p50 ms': bare.p50Ms,
    'p99 ms': bare.p99Ms,
    'max ms': bare.maxMs,
    'heap/socket B': bare.heapPerSocketBytes,
    'server loop max ms': bare.serverLoopDelayMaxMs,
  },
  'Sciwise chat (auth, DB)': {
    delivered: `${app.delivered}/${app.messages}`,
    'p50 ms': app.p50Ms,
    'p99 ms': app.p99Ms,
    'max ms': app.maxMs,
    'heap/socket B': app.heapPerSocketBytes,
    'server loop max ms': app.serverLoopDelayMaxMs,
  },
});
console.log(
  `p99 ${figures.p99VsBare}x the bare relay's (goal <= 2); heap per socket ${figures.heapPerSocketVsBare}x (goal <= 1.3)`,
);
console.log(JSON.stringify(figures));
