// @ts-check
// Named statements for the embedded database, on its worker thread (pglite-thread-worker.js).
//
// PGlite's query() sends every statement unnamed: Parse, Describe, Bind, Describe, Execute and
// Sync, each a call into the WebAssembly build, and PostgreSQL parses and plans the text again each
// time. Planning in WebAssembly is most of a query's cost: the session lookup GET /api/me makes
// took about 0.5 ms that way and 0.05 ms as a named statement (decision 073). A node-postgres pool
// keeps a named statement per connection the same way for the app's prepared queries.
//
// PostgreSQL decides, as it does for any named statement, whether a generic plan serves as well as
// one planned for the values (plan_cache_mode auto: custom plans for the first five runs, then the
// generic plan only where its estimated cost is no worse).
/**
 * @import { PGlite, QueryOptions, Results } from '@electric-sql/pglite'
 * @typedef {{ rowMode?: QueryOptions['rowMode'], parsers: PGlite['parsers'] }} StatementOptions
 *   parsers: the whole table, every type's (not only a query's own, as PGlite's query() takes)
 * @typedef {Awaited<ReturnType<PGlite['execProtocolStream']>>[number]} BackendMessage
 * @typedef {{ name: string, paramTypes: number[], rowDescription: BackendMessage | undefined }} Statement
 */
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Enough for every query text the app repeats; the least recently used is closed beyond it. */
export const STATEMENT_LIMIT = 256;

/** Commands (the first word of their tag) that may change what a kept statement reads or returns. */
const SCHEMA_CHANGES = new Set(['ALTER', 'CREATE', 'DROP', 'DO']);

/** PostgreSQL's error when a kept statement's tables changed the columns it returns (after DDL). */
const STALE_RESULT_TYPE = 'cached plan must not change result type';

export class NamedStatements {
  /** @type {PGlite} */
  #client;
  /** Least recently used first (a Map keeps insertion order). @type {Map<string, Statement>} */
  #bySql = new Map();
  /** Statements evicted, closed with the next message sent. @type {string[]} */
  #toClose = [];
  #nextName = 1;

  /** @param {PGlite} client */
  constructor(client) {
    this.#client = client;
  }

  /**
   * Runs sql with params through its named statement, parsing it first if it is new. The caller
   * holds PGlite's query lock (runExclusive), as PGlite's own query() does.
   * @param {string} sql
   * @param {unknown[]} params
   * @param {StatementOptions} options
   * @returns {Promise<Results>}
   */
  async run(sql, params, options) {
    const statement = await this.#statementFor(sql);
    let result;
    try {
      result = await this.#execute(statement, params, options);
    } catch (error) {
      // Parsed again next time: whatever failed, a statement parsed before a change to its tables
      // (a column's type, say) would fail the same way for as long as it is kept.
      this.#forget(sql);
      // A failed statement aborts an open transaction, where parsing it again would fail too.
      const stale = error instanceof Error && error.message === STALE_RESULT_TYPE;
      if (!stale || this.#client.isInTransaction()) throw error;
      return this.#execute(await this.#statementFor(sql), params, options);
    }
    // After DDL every kept statement is parsed again, so none can fail as stale, in a transaction
    // or out of one. DDL is migrations' work: this happens at start-up, not per request.
    if (result.command && SCHEMA_CHANGES.has(result.command)) {
      for (const kept of [...this.#bySql.keys()]) this.#forget(kept);
    }
    return result;
  }

  /** @param {string} sql */
  async #statementFor(sql) {
    const known = this.#bySql.get(sql);
    if (known) {
      this.#bySql.delete(sql);
      this.#bySql.set(sql, known);
      return known;
    }
    const name = `s${this.#nextName++}`;
    const messages = await this.#send([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
    ]);
    /** @type {Statement} */
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    this.#bySql.set(sql, statement);
    if (this.#bySql.size > STATEMENT_LIMIT) {
      const [oldest] = this.#bySql.keys();
      if (oldest !== undefined) this.#forget(oldest);
    }
    return statement;
  }

  /** @param {string} sql */
  #forget(sql) {
    const statement = this.#bySql.get(sql);
    if (!statement) return;
    this.#bySql.delete(sql);
    this.#toClose.push(statement.name);
  }

  /**
   * @param {Statement} statement
   * @param {unknown[]} params
   * @param {StatementOptions} options
   */
  async #execute(statement, params, options) {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#client.serializers[statement.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.#send([
      serialize.bind({ statement: statement.name, values }),
      serialize.execute({}),
    ]);
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const [result] = parse.parseResults(described, options.parsers, { rowMode: options.rowMode });
    return /** @type {Results} */ (result);
  }

  /**
   * Sends messages and a Sync in one call: PostgreSQL skips to the Sync after an error, so one
   * call always ends in a ready state. Statements waiting to be closed go first.
   * @param {Uint8Array[]} messages
   */
  #send(messages) {
    const closes = this.#toClose.map((name) => serialize.close({ type: 'S', name }));
    this.#toClose = [];
    const parts = [...closes, ...messages, serialize.sync()];
    const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      buffer.set(part, offset);
      offset += part.length;
    }
    return this.#client.execProtocolStream(buffer, { syncToFs: false });
  }
}
