// @ts-check
// How the embedded database's worker thread (pglite-thread-worker.js) sends statements to PGlite.
//
// PGlite's query() makes six calls into the WebAssembly build per statement (Parse, Describe,
// Bind, Describe, Execute, Sync), and PostgreSQL parses and plans the text each time. Here:
// - A statement the app prepared under a name (drizzle's .prepare(), registered through
//   db/prepared.ts) is kept as a named statement, as node-postgres keeps it on PostgreSQL: parsed
//   once, then Bind, Execute and Sync in one call. PostgreSQL may then reuse a generic plan
//   (plan_cache_mode auto), which for the session lookup GET /api/me makes turned 0.5 ms into
//   0.05 ms: planning in WebAssembly is most of a small query's cost (decision 073).
// - Any other statement is sent unnamed in one call (Parse, Bind, Describe, Execute, Sync), so it
//   is planned for its values each time, as on PostgreSQL. Its parameters' types are learnt once.
// - The answer is read by pglite-wire.js, not by PGlite's own reader (execProtocolRawStream), so
//   errors and notifications are this class's to raise and hand on.
/**
 * @import { PGlite, QueryOptions, Results } from '@electric-sql/pglite'
 * @typedef {{ rowMode?: QueryOptions['rowMode'], parsers: PGlite['parsers'] }} StatementOptions
 *   parsers: the whole table, every type's (not only a query's own, as PGlite's query() takes)
 * @typedef {import('./pglite-wire.js').WireMessage} BackendMessage
 * @typedef {{ name: string, paramTypes: number[], rowDescription: BackendMessage | undefined, runs: number }} Statement
 */
import { parse, protocol } from '@electric-sql/pglite';
import { AnswerBytes, readAnswer } from './pglite-wire.js';

const { serialize } = protocol;

/** Named statements kept at most; the least recently used is closed beyond it. */
export const STATEMENT_LIMIT = 256;
/** Statement texts whose parameter types are remembered at most (nothing is held in PGlite). */
const PARAM_TYPES_LIMIT = 1024;

/**
 * A kept statement is parsed again after this many runs. PostgreSQL replans a kept statement when
 * its tables' statistics change, which an ANALYZE does: here pglite-autovacuum.ts runs them, by
 * autovacuum's thresholds. This count is the backstop for a table under those thresholds, whose
 * generic plan (a sequential scan of a fresh database's sessions) would otherwise stay as it grows.
 * Counted per statement, so they are not all replanned at once (doing that every minute for all
 * of them raised the chat's p99 by a third).
 */
const REPLAN_AFTER_RUNS = 10_000;

/** Commands (the first word of their tag) that may change what a kept statement reads or returns. */
const SCHEMA_CHANGES = new Set(['ALTER', 'CREATE', 'DROP', 'DO']);

/** PostgreSQL's error when a kept statement's tables changed the columns it returns (after DDL). */
const STALE_RESULT_TYPE = 'cached plan must not change result type';

export class Statements {
  /** @type {PGlite} */
  #client;
  /** Least recently used first (a Map keeps insertion order). @type {Map<string, Statement>} */
  #named = new Map();
  /** Statements evicted, closed with the next message sent. @type {string[]} */
  #toClose = [];
  #nextName = 1;
  /** Parameter types of unnamed statements, least recently used first. @type {Map<string, number[]>} */
  #paramTypes = new Map();

  /** @type {(channel: string, payload: string) => void} */
  #onNotification;

  /**
   * @param {PGlite} client
   * @param {(channel: string, payload: string) => void} onNotification  a NOTIFY a statement's
   *   commit sent (PGlite's own listeners hear only those of the queries it reads itself)
   */
  constructor(client, onNotification) {
    this.#client = client;
    this.#onNotification = onNotification;
  }

  /**
   * Runs sql with params; `keepPlan` for a statement the app prepared under a name. The caller
   * holds PGlite's query lock (runExclusive), as PGlite's own query() does.
   * @param {string} sql
   * @param {unknown[]} params
   * @param {StatementOptions} options
   * @param {boolean} keepPlan
   * @returns {Promise<Results>}
   */
  async run(sql, params, options, keepPlan) {
    const result = keepPlan
      ? await this.#runNamed(sql, params, options)
      : await this.#runUnnamed(sql, params, options);
    // After DDL every kept statement is parsed again, so none can fail as stale, in a transaction
    // or out of one, and parameter types are learnt again. DDL is migrations' work, at start-up.
    if (result.command && SCHEMA_CHANGES.has(result.command)) this.#forgetAll();
    return result;
  }

  #forgetAll() {
    for (const sql of [...this.#named.keys()]) this.#forget(sql);
    this.#paramTypes.clear();
  }

  /**
   * @param {string} sql
   * @param {unknown[]} params
   * @param {StatementOptions} options
   */
  async #runUnnamed(sql, params, options) {
    let paramTypes = recentlyUsed(this.#paramTypes, sql);
    // Once its parameters' types are known, a statement is parsed in the call that runs it.
    const parsing = paramTypes ? [serialize.parse({ text: sql })] : [];
    if (!paramTypes) {
      const described = await this.#send([serialize.parse({ text: sql }), serialize.describe({ type: 'S' })]);
      paramTypes = parameterTypes(described);
      keep(this.#paramTypes, sql, paramTypes, PARAM_TYPES_LIMIT);
    }
    // Bound to the unnamed statement parsed last: it stays until the next Parse.
    const messages = await this.#send([
      ...parsing,
      serialize.bind({ values: this.#values(paramTypes, params) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
    ]).catch((error) => {
      // Learnt again next time, in case they changed (DDL inside a function is not seen above).
      this.#paramTypes.delete(sql);
      throw error;
    });
    return this.#results(messages, options);
  }

  /**
   * @param {string} sql
   * @param {unknown[]} params
   * @param {StatementOptions} options
   */
  async #runNamed(sql, params, options) {
    let statement = await this.#statementFor(sql);
    if (++statement.runs > REPLAN_AFTER_RUNS) {
      this.#forget(sql);
      statement = await this.#statementFor(sql);
    }
    try {
      return await this.#execute(statement, params, options);
    } catch (error) {
      // Parsed again next time: whatever failed, a statement parsed before a change to its tables
      // (a column's type, say) would fail the same way for as long as it is kept.
      this.#forget(sql);
      // DDL inside a function is not seen above. Outside a transaction, parse it again and run it;
      // inside one the error has aborted the transaction, where parsing it again would fail too.
      const stale = error instanceof Error && error.message === STALE_RESULT_TYPE;
      if (!stale || this.#client.isInTransaction()) throw error;
      return this.#execute(await this.#statementFor(sql), params, options);
    }
  }

  /** @param {string} sql */
  async #statementFor(sql) {
    const known = recentlyUsed(this.#named, sql);
    if (known) return known;
    const name = `s${this.#nextName++}`;
    const messages = await this.#send([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
    ]);
    /** @type {Statement} */
    const statement = {
      name,
      paramTypes: parameterTypes(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
      runs: 0,
    };
    const evicted = keep(this.#named, sql, statement, STATEMENT_LIMIT);
    if (evicted) this.#toClose.push(evicted.name);
    return statement;
  }

  /** @param {string} sql */
  #forget(sql) {
    const statement = this.#named.get(sql);
    if (!statement) return;
    this.#named.delete(sql);
    this.#toClose.push(statement.name);
  }

  /**
   * @param {Statement} statement
   * @param {unknown[]} params
   * @param {StatementOptions} options
   */
  async #execute(statement, params, options) {
    const messages = await this.#send([
      serialize.bind({ statement: statement.name, values: this.#values(statement.paramTypes, params) }),
      serialize.execute({}),
    ]);
    return this.#results(
      statement.rowDescription ? [statement.rowDescription, ...messages] : messages,
      options,
    );
  }

  /**
   * Each value as text by its parameter's type, as PGlite's query() serialises it.
   * @param {number[]} paramTypes
   * @param {unknown[]} params
   */
  #values(paramTypes, params) {
    return params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#client.serializers[paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
  }

  /**
   * @param {BackendMessage[]} messages
   * @param {StatementOptions} options
   */
  #results(messages, options) {
    const [result] = parse.parseResults(
      /** @type {Parameters<typeof parse.parseResults>[0]} */ (/** @type {unknown} */ (messages)),
      options.parsers,
      { rowMode: options.rowMode },
    );
    return /** @type {Results} */ (result);
  }

  /**
   * Sends messages and a Sync in one call: PostgreSQL skips to the Sync after an error, so one
   * call always ends in a ready state. Statements waiting to be closed go first.
   * @param {Uint8Array[]} messages
   * @returns {Promise<BackendMessage[]>}
   */
  async #send(messages) {
    const closes = this.#toClose.map((name) => serialize.close({ type: 'S', name }));
    this.#toClose = [];
    const parts = [...closes, ...messages, serialize.sync()];
    const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      buffer.set(part, offset);
      offset += part.length;
    }
    const answer = new AnswerBytes();
    await this.#client.execProtocolRawStream(buffer, {
      syncToFs: false,
      onRawData: (chunk) => answer.add(chunk),
    });
    const { messages: read, error, notifications } = readAnswer(answer.all());
    // After the statement, as PGlite hands them on: a listener never runs inside a query.
    for (const { channel, payload } of notifications)
      queueMicrotask(() => this.#onNotification(channel, payload));
    if (error) throw error;
    return read;
  }
}

/**
 * The parameters' type ids a Describe of a statement answered.
 * @param {BackendMessage[]} messages
 * @returns {number[]}
 */
function parameterTypes(messages) {
  for (const message of messages) if (message.name === 'parameterDescription') return message.dataTypeIDs;
  return [];
}

/**
 * The entry for key, moved to the most recently used end of the map.
 * @template T
 * @param {Map<string, T>} map
 * @param {string} key
 */
function recentlyUsed(map, key) {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

/**
 * Adds an entry; beyond limit, removes the least recently used and returns it.
 * @template T
 * @param {Map<string, T>} map
 * @param {string} key
 * @param {T} value
 * @param {number} limit
 */
function keep(map, key, value, limit) {
  map.set(key, value);
  if (map.size <= limit) return undefined;
  const [oldest] = map.keys();
  if (oldest === undefined) return undefined;
  const evicted = map.get(oldest);
  map.delete(oldest);
  return evicted;
}
