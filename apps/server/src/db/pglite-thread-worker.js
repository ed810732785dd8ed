// @ts-check
// The worker thread that owns the embedded database (see pglite-thread.ts for why it is not on
// the main thread). PGlite's own lock orders the requests, and a transaction holds that lock until
// the main thread says how it ends.
//
// JavaScript (type-checked through JSDoc) rather than TypeScript: a worker's entry module gets no
// loader on Node 20, so this way the same file runs from source (tsx, Vitest) and from the build.
/**
 * @import { ThreadReply, ThreadRequest, WireError, WireQueryOptions, WorkerSettings } from './pglite-thread.ts'
 * @typedef {{ outcome: 'commit' | 'rollback', replyTo: number }} TransactionEnd
 * @typedef {{ finish: (end: TransactionEnd) => void }} OpenTransaction
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Statements } from './pglite-statements.js';

if (!parentPort) throw new Error('pglite-thread-worker.js runs as a worker thread only.');
const port = parentPort;
const settings = /** @type {WorkerSettings} */ (workerData);

/** Thrown inside PGlite's transaction callback to make it roll back instead of commit. */
class RollbackRequested extends Error {}

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();
/**
 * Who listens on each channel (by PostgreSQL's name for it), for the notifications that arrive in
 * the answers pglite-statements.js reads; PGlite hands on those of the queries it reads itself.
 * @type {Map<string, Set<(payload: string) => void>>}
 */
const channelListeners = new Map();
/**
 * A channel's name as PostgreSQL knows it: folded to lower case unless quoted, as PGlite's
 * listen() names it.
 * @param {string} channel
 */
const postgresName = (channel) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
/** Set by the close request: PGlite's own query() refuses work once it is closing. */
let closing = false;
/** @param {string} value */
const keepAsText = (value) => value;

/**
 * Parsers for each set of types a query keeps as text, built once. Given a query's own parsers,
 * PGlite copies every default parser into a new object for each query; under load that copy took a
 * quarter of this thread's time. (PGlite's table changes only in refreshArrayTypes(), not called.)
 * @type {Map<string, Record<number, (value: string) => unknown>>}
 */
const parserTables = new Map();

/**
 * @param {WireQueryOptions | undefined} wire
 * @returns {import('./pglite-statements.js').StatementOptions}
 */
function queryOptions(wire) {
  if (!wire) return { parsers: client.parsers };
  const key = wire.textTypes.join(',');
  let parsers = parserTables.get(key);
  if (!parsers) {
    parsers = { ...client.parsers, ...Object.fromEntries(wire.textTypes.map((oid) => [oid, keepAsText])) };
    parserTables.set(key, parsers);
  }
  return { rowMode: wire.rowMode, parsers };
}

/**
 * Errors cross the thread as plain objects. PostgreSQL's fields (code, constraint, detail…) are
 * all strings and numbers; anything else (the query, its options with their parser functions)
 * stays here, as a function cannot be cloned across threads.
 */
/**
 * @param {unknown} error
 * @returns {WireError}
 */
function toWireError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {WireError} */
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      if (key !== 'query') fields[key] = value;
    }
  }
  return fields;
}

/** @param {ThreadReply} message */
function reply(message) {
  port.postMessage(message);
}

const client = new PGlite({
  dataDir: settings.dataDir ?? undefined,
  extensions: { pg_trgm },
  loadDataDir: settings.startFrom ? new Blob([readFileSync(settings.startFrom)]) : undefined,
});
const statements = new Statements(client, (channel, payload) => {
  for (const hear of channelListeners.get(channel) ?? []) hear(payload);
});

/**
 * Holds PGlite's transaction open until the main thread ends it. The begin request is answered
 * once BEGIN has run; the end request once COMMIT or ROLLBACK has.
 */
/** @param {number} txId */
function openTransaction(txId) {
  /** @type {OpenTransaction['finish'] | undefined} */
  let finish;
  /** @type {Promise<TransactionEnd>} */
  const ending = new Promise((resolve) => (finish = resolve));
  /** @type {number | undefined} */
  let replyTo;
  client
    .transaction(async () => {
      transactions.set(txId, { finish: /** @type {OpenTransaction['finish']} */ (finish) });
      reply({ id: txId, ok: true, result: null });
      const end = await ending;
      replyTo = end.replyTo;
      if (end.outcome === 'rollback') throw new RollbackRequested();
    })
    .then(
      () => reply({ id: /** @type {number} */ (replyTo), ok: true, result: null }),
      (error) => {
        if (replyTo === undefined) reply({ id: txId, ok: false, error: toWireError(error) });
        else if (error instanceof RollbackRequested) reply({ id: replyTo, ok: true, result: null });
        else reply({ id: replyTo, ok: false, error: toWireError(error) });
      },
    )
    .finally(() => transactions.delete(txId));
}

/**
 * @param {Exclude<ThreadRequest, { kind: 'begin' | 'end' }>} request
 * @returns {Promise<unknown>}
 */
async function handle(request) {
  switch (request.kind) {
    case 'query': {
      if (closing) throw new Error('The embedded database is closed.');
      const run = () =>
        statements.run(request.sql, request.params, queryOptions(request.options), request.keepPlan === true);
      // The locks PGlite's own query() and a transaction's query() take: outside a transaction a
      // query waits for any open one to end, and is written through to the data folder after.
      if (request.txId === undefined) {
        return client._runExclusiveTransaction(() =>
          client.runExclusive(async () => {
            const result = await run();
            await client.syncToFs();
            return result;
          }),
        );
      }
      if (!transactions.has(request.txId)) throw new Error('That transaction has already ended.');
      return client.runExclusive(run);
    }
    case 'listen': {
      /** @param {string} payload */
      const hear = (payload) => reply({ notification: request.id, payload });
      const unlisten = await client.listen(request.channel, hear);
      const channel = postgresName(request.channel);
      const hearing = channelListeners.get(channel) ?? new Set();
      hearing.add(hear);
      channelListeners.set(channel, hearing);
      listeners.set(request.id, async () => {
        hearing.delete(hear);
        if (hearing.size === 0 && channelListeners.get(channel) === hearing) channelListeners.delete(channel);
        await unlisten();
      });
      return null;
    }
    case 'unlisten': {
      await listeners.get(request.listenerId)?.();
      listeners.delete(request.listenerId);
      return null;
    }
    case 'close':
      closing = true;
      await client.close();
      return null;
  }
}

port.on('message', (/** @type {ThreadRequest} */ request) => {
  if (request.kind === 'begin') return openTransaction(request.id);
  if (request.kind === 'end') {
    const open = transactions.get(request.txId);
    // Gone at once, so that a query sent after the end is refused rather than run on its own.
    transactions.delete(request.txId);
    if (open) return open.finish({ outcome: request.outcome, replyTo: request.id });
    return reply({ id: request.id, ok: false, error: { message: 'That transaction has already ended.' } });
  }
  handle(request).then(
    (result) => reply({ id: request.id, ok: true, result }),
    (error) => reply({ id: request.id, ok: false, error: toWireError(error) }),
  );
});

client.waitReady.then(
  () => reply({ ready: true }),
  (error) => reply({ ready: false, error: toWireError(error) }),
);
