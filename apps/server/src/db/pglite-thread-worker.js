// @ts-check
// The worker thread that owns the embedded database (see pglite-thread.ts for why it is not on
// the main thread). PGlite's own lock orders the requests, and a transaction holds that lock until
// the main thread says how it ends.
//
// JavaScript (type-checked through JSDoc) rather than TypeScript: a worker's entry module gets no
// loader on Node 20, so this way the same file runs from source (tsx, Vitest) and from the build.
/**
 * @import { Transaction } from '@electric-sql/pglite'
 * @import { ThreadReply, ThreadRequest, WireError, WireQueryOptions, WorkerSettings } from './pglite-thread.ts'
 * @typedef {{ outcome: 'commit' | 'rollback', replyTo: number }} TransactionEnd
 * @typedef {{ tx: Transaction, finish: (end: TransactionEnd) => void }} OpenTransaction
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread-worker.js runs as a worker thread only.');
const port = parentPort;
const settings = /** @type {WorkerSettings} */ (workerData);

/** Thrown inside PGlite's transaction callback to make it roll back instead of commit. */
class RollbackRequested extends Error {}

/** @type {Map<number, OpenTransaction>} */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();
/** @param {string} value */
const keepAsText = (value) => value;

/** @param {WireQueryOptions | undefined} wire */
function queryOptions(wire) {
  if (!wire) return undefined;
  return {
    rowMode: wire.rowMode,
    parsers: Object.fromEntries(wire.textTypes.map((oid) => [oid, keepAsText])),
  };
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
    .transaction(async (tx) => {
      transactions.set(txId, { tx, finish: /** @type {OpenTransaction['finish']} */ (finish) });
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
      const target = request.txId === undefined ? client : transactions.get(request.txId)?.tx;
      if (!target) throw new Error('That transaction has already ended.');
      return target.query(request.sql, request.params, queryOptions(request.options));
    }
    case 'listen': {
      const unlisten = await client.listen(request.channel, (payload) =>
        reply({ notification: request.id, payload }),
      );
      listeners.set(request.id, unlisten);
      return null;
    }
    case 'unlisten': {
      await listeners.get(request.listenerId)?.();
      listeners.delete(request.listenerId);
      return null;
    }
    case 'close':
      await client.close();
      return null;
  }
}

port.on('message', (/** @type {ThreadRequest} */ request) => {
  if (request.kind === 'begin') return openTransaction(request.id);
  if (request.kind === 'end') {
    const open = transactions.get(request.txId);
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
