import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

// JavaScript, so it loads the same from source and from the build (see the file for why).
const WORKER_FILE = new URL('./pglite-thread-worker.js', import.meta.url);

/** Statement texts whose plan is kept (keepPlan); the same text is the same statement anywhere. */
const keptPlans = new Set<string>();

/**
 * Keeps this statement parsed on the database thread, with its plan where PostgreSQL finds a
 * generic one as good (pglite-statements.js), as node-postgres does on PostgreSQL for a query
 * prepared under a name. Any other statement is planned for its values each time.
 */
export function keepPlan(sql: string): void {
  keptPlans.add(sql);
}

/**
 * The embedded database on its own thread.
 *
 * PGlite is PostgreSQL compiled to WebAssembly: a query runs synchronously wherever PGlite lives,
 * and a durable write takes about a millisecond, with longer stalls when it flushes to disk. On
 * the main thread every one of those milliseconds blocks every socket and request in the process
 * (chat delivery p99 was 15x a bare relay's). On a worker thread the main thread only waits.
 *
 * This class is the part of PGlite's interface that drizzle-orm and the app use (query,
 * transaction, listen, close); requests and replies are structured-cloned across the thread.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #failure: Error | undefined;
  readonly waitReady: Promise<void>;

  constructor(settings: WorkerSettings) {
    this.#worker = new Worker(WORKER_FILE, { workerData: settings });
    this.waitReady = new Promise((resolve, reject) => {
      const onReady = (message: ThreadReply) => {
        if (!('ready' in message)) return;
        this.#worker.off('message', onReady);
        if (this.#pending.size === 0) this.#worker.unref();
        if (message.ready) resolve();
        else reject(fromWireError(message.error ?? { message: 'The embedded database did not start.' }));
      };
      this.#worker.on('message', onReady);
      this.#worker.once('error', reject);
    });
    this.#worker.on('message', (message: ThreadReply) => this.#receive(message));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) =>
      this.#fail(new Error(`The embedded database stopped (exit code ${code}).`)),
    );
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  /**
   * Runs fn in one transaction, committed when fn resolves and rolled back when it throws. Other
   * queries wait meanwhile, as they do in PGlite itself: one connection, one transaction.
   */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.#newId();
    await this.#call({ kind: 'begin' }, txId);
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.#query(txId, sql, params, options),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.#call({ kind: 'end', txId, outcome: 'rollback' }).catch(() => {});
      throw error;
    }
    await this.#call({ kind: 'end', txId, outcome: 'commit' });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listenerId = this.#newId();
    this.#listeners.set(listenerId, onPayload);
    await this.#call({ kind: 'listen', channel }, listenerId);
    return async () => {
      this.#listeners.delete(listenerId);
      await this.#call({ kind: 'unlisten', listenerId });
    };
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#call({ kind: 'close' });
    this.#fail(new Error('The embedded database is closed.'));
    await this.#worker.terminate();
  }

  async #query<T>(
    txId: number | undefined,
    sql: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const wireOptions = toWireOptions(options);
    const keepPlan = keptPlans.has(sql);
    return (await this.#call({
      kind: 'query',
      sql,
      params,
      options: wireOptions,
      txId,
      keepPlan,
    })) as Results<T>;
  }

  #newId(): number {
    return this.#nextId++;
  }

  /** Sends one request; its id is the transaction's or the listener's where it opens one. */
  #call(request: DistributiveOmit<ThreadRequest, 'id'>, id = this.#newId()): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      // Like PGlite in process, the thread keeps the process alive only while a query is pending.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(message: ThreadReply): void {
    if ('notification' in message) {
      this.#listeners.get(message.notification)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.#pending.get(message.id);
    if (!waiting) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) waiting.resolve(message.result);
    else waiting.reject(fromWireError(message.error));
  }

  #fail(error: unknown): void {
    this.#failure ??=
      error instanceof Error ? error : new Error(`The embedded database stopped: ${String(error)}`);
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
    this.#pending.clear();
    this.#worker.unref();
  }
}

export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface WorkerSettings {
  dataDir: string | null;
  /** A PGlite dump (dumpDataDir's tar) to start from instead of an empty cluster. */
  startFrom?: string | undefined;
}

/** Query options as they cross the thread: parsers are functions, so only their type ids go. */
export interface WireQueryOptions {
  rowMode: QueryOptions['rowMode'];
  /** Types to leave as the text PostgreSQL sent (what every parser drizzle-orm passes does). */
  textTypes: number[];
}

export type ThreadRequest =
  | {
      id: number;
      kind: 'query';
      sql: string;
      params: unknown[];
      options?: WireQueryOptions | undefined;
      txId?: number | undefined;
      /** A statement prepared under a name (keepPlan). */
      keepPlan?: boolean;
    }
  | { id: number; kind: 'begin' }
  | { id: number; kind: 'end'; txId: number; outcome: 'commit' | 'rollback' }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'unlisten'; listenerId: number }
  | { id: number; kind: 'close' };

export type ThreadReply =
  | { ready: true }
  | { ready: false; error?: WireError }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: WireError }
  | { notification: number; payload: string };

export type WireError = Record<string, unknown>;

const TEXT_PROBE = '\u0000probe';
const checkedParsers = new WeakMap<object, number[]>();

function toWireOptions(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  if (options.serializers || options.blob || options.onNotice || options.paramTypes) {
    throw new Error('The embedded database thread takes only rowMode and text-keeping parsers.');
  }
  const parsers = options.parsers ?? {};
  let textTypes = checkedParsers.get(parsers);
  if (!textTypes) {
    // A parser that does more than keep the text would silently be dropped here: refuse it.
    textTypes = Object.entries(parsers).map(([oid, parse]) => {
      if (parse(TEXT_PROBE, Number(oid)) !== TEXT_PROBE) {
        throw new Error(`The parser for type ${oid} does more than keep the text; it cannot cross threads.`);
      }
      return Number(oid);
    });
    checkedParsers.set(parsers, textTypes);
  }
  return { rowMode: options.rowMode, textTypes };
}

function fromWireError(wire: WireError): Error {
  const error = new Error(String(wire.message ?? 'The embedded database failed.'));
  Object.assign(error, wire);
  return error;
}
