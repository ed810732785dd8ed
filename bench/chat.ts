// npm run bench:chat — delivery latency and heap per socket of the real chat vs a bare relay.
// Each server runs in its own child process (heap is measured per server, after a full GC).
// N authenticated sockets (BENCH_SOCKETS, default 2,000) in N/2 pairs; after a warm-up message in
// every conversation, senders emit at a steady total rate (BENCH_RATE messages/s, default 200)
// for BENCH_SECONDS (default 15), in 3 s windows that alternate between the two servers; latency
// is send -> newMessage at the receiver, measured in this process with one clock. Each server also
// reports its own event-loop stalls and longest GC pause, to tell its costs from the machine's.
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
  /** Time the server spent in garbage collection during the whole measured run (both windows). */
  serverGcTotalMs: number;
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

interface Target {
  mode: 'bare' | 'app';
  child: ChildProcess;
  ready: ServerReady;
  sockets: Socket[];
  heapPerSocket: number;
  sentAt: Map<string, number>;
  latencies: number[];
  sent: number;
  next: number;
}

async function start(mode: 'bare' | 'app'): Promise<Target> {
  const child = fork(fileURLToPath(new URL('./chat-server.ts', import.meta.url)), [mode], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, BENCH_SOCKETS: String(SOCKETS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ServerReady));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
  return {
    mode,
    child,
    ready,
    sockets: [],
    heapPerSocket: 0,
    sentAt: new Map(),
    latencies: [],
    sent: 0,
    next: 0,
  };
}

async function connectAndWeigh(target: Target): Promise<void> {
  const before = (await request<{ heapUsed: number }>(target.child, 'heap')).heapUsed;
  target.sockets = await connectAll(target.ready.port, target.ready.people, target.mode === 'bare');
  const after = (await request<{ heapUsed: number }>(target.child, 'heap')).heapUsed;
  target.heapPerSocket = Math.round((after - before) / target.sockets.length);
  for (const socket of target.sockets) {
    socket.on('newMessage', (message: { text: string }) => {
      const started = target.sentAt.get(message.text);
      if (started !== undefined) {
        target.latencies.push(performance.now() - started);
        target.sentAt.delete(message.text);
      }
    });
  }
}

function sendOne(target: Target, measure: boolean): void {
  const half = SOCKETS / 2;
  const index = target.next % half;
  target.next += 1;
  const person = target.ready.people[index]!;
  const text = `${target.mode}-${target.next}-${measure ? 'm' : 'w'}`;
  if (measure) {
    target.sentAt.set(text, performance.now());
    target.sent += 1;
  }
  const payload =
    target.mode === 'bare'
      ? { receiverId: target.ready.people[person.partner]!.id, text }
      : { conversationId: person.conversationId, text, clientMessageId: text };
  target.sockets[index]!.emit('sendMessage', payload, () => {});
}

/** Sends at RATE messages per second for the given time, on a fixed 10 ms beat. */
async function pace(target: Target, seconds: number, measure: boolean): Promise<void> {
  const perTick = (RATE * TICK_MS) / 1000;
  let owed = 0;
  const ticks = Math.round((seconds * 1000) / TICK_MS);
  const started = performance.now();
  for (let tick = 0; tick < ticks; tick++) {
    owed += perTick;
    while (owed >= 1) {
      sendOne(target, measure);
      owed -= 1;
    }
    const wait = started + (tick + 1) * TICK_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function drain(target: Target): Promise<void> {
  for (let waited = 0; target.sentAt.size > 0 && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function finish(target: Target): Promise<Figures & { driver: string }> {
  const loop = await request<{ p99Ms: number; maxMs: number; longestGcMs: number; totalGcMs: number }>(
    target.child,
    'loop',
  );
  for (const socket of target.sockets) socket.disconnect();
  target.child.send({ type: 'stop' });
  await new Promise((resolve) => target.child.once('exit', resolve));
  const sorted = target.latencies.sort((a, b) => a - b);
  return {
    driver: target.ready.driver,
    sockets: target.sockets.length,
    messages: target.sent,
    delivered: target.latencies.length,
    p50Ms: +percentile(sorted, 50).toFixed(2),
    p99Ms: +percentile(sorted, 99).toFixed(2),
    maxMs: +(sorted[sorted.length - 1] ?? NaN).toFixed(2),
    heapPerSocketBytes: target.heapPerSocket,
    serverLoopDelayP99Ms: +loop.p99Ms.toFixed(1),
    serverLoopDelayMaxMs: +loop.maxMs.toFixed(1),
    serverLongestGcMs: +loop.longestGcMs.toFixed(1),
    serverGcTotalMs: Math.round(loop.totalGcMs),
  };
}

// Both servers run side by side; their measured windows alternate (3 s each, order flipping every
// round), so a busy moment on a shared machine lands on both rather than on one of them.
const ROUND_SECONDS = 3;
const [bareTarget, appTarget] = await Promise.all([start('bare'), start('app')]);
await connectAndWeigh(bareTarget);
await connectAndWeigh(appTarget);
// Warm-up: one message in every conversation (JIT, caches, and each conversation's first
// message, which also notifies the receiver's bell).
await pace(appTarget, SOCKETS / 2 / RATE, false);
await pace(bareTarget, 2, false);
await new Promise((resolve) => setTimeout(resolve, 1000));
for (const target of [bareTarget, appTarget]) await request(target.child, 'loop-start');
const rounds = Math.max(1, Math.round(SECONDS / ROUND_SECONDS));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [bareTarget, appTarget] : [appTarget, bareTarget];
  for (const target of order) {
    await pace(target, ROUND_SECONDS, true);
    await drain(target);
  }
}
const bare = await finish(bareTarget);
const app = await finish(appTarget);

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
    'server GC ms': bare.serverGcTotalMs,
  },
  'Sciwise chat (auth, DB)': {
    delivered: `${app.delivered}/${app.messages}`,
    'p50 ms': app.p50Ms,
    'p99 ms': app.p99Ms,
    'max ms': app.maxMs,
    'heap/socket B': app.heapPerSocketBytes,
    'server loop max ms': app.serverLoopDelayMaxMs,
    'server GC ms': app.serverGcTotalMs,
  },
});
console.log(
  `p99 ${figures.p99VsBare}x the bare relay's (goal <= 2); heap per socket ${figures.heapPerSocketVsBare}x (goal <= 1.3)`,
);
console.log(JSON.stringify(figures));
