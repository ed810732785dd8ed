import { mkdirSync } from 'node:fs';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { startAutovacuum, type AutovacuumLog } from './pglite-autovacuum.ts';
import { keepPlan, PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The one database type the services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what a service function that may join a caller's transaction takes. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Runs fn while holding a cluster-wide lock (so several nodes never migrate at once). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Plain SQL straight to the driver, bypassing the ORM: for the session lookup every signed-in
   * request makes (modules/accounts/sessions.ts), and for benchmarks' baselines. Values come as
   * the driver parses them (timestamps as Dates). A `name` makes it a prepared statement, as the
   * app's own prepared queries are: named per connection on PostgreSQL; on PGlite the name is not
   * used, the text is kept (keepPlan, for the whole process). `rowMode: 'array'` gives each row
   * as an array, for a select whose columns share names.
   */
  rawQuery(text: string, params: unknown[], options?: RawQueryOptions): Promise<unknown[]>;
  /**
   * LISTENs on a channel: NOTIFY is delivered after the sending transaction commits, to every
   * node on the database. Returns a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface RawQueryOptions {
  name?: string;
  rowMode?: 'array';
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data directory; null keeps it in memory. */
  pgliteDir?: string | null;
  /**
   * A PGlite dump to start from. Tests start each database from one migrated dump: creating an
   * empty cluster and migrating it takes seconds, loading the dump half a second.
   */
  pgliteStartFrom?: string | undefined;
  /**
   * PGlite only: its autovacuum (pglite-autovacuum.ts), on unless false, logging to `log` (warnings
   * to the console without one). Test files' short-lived databases turn it off, so a round can
   * never change a plan a test asserts.
   */
  autovacuum?: false | { log?: AutovacuumLog | undefined; napMs?: number };
  poolSize?: number;
}

/** Where the embedded database's maintenance reports when the opener gives no logger. */
const consoleLog: AutovacuumLog = {
  debug: () => {},
  warn: (details, message) => console.warn(message, details),
};

const MIGRATION_LOCK_KEY = 7_262_024;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not take the process down.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      rawQuery: async (text, params, options) =>
        (
          await pool.query({
            text,
            values: params,
            ...(options?.name && { name: options.name }),
            ...(options?.rowMode && { rowMode: options.rowMode }),
          })
        ).rows,
      listen: (channel, onPayload) => listenOnPostgres(options.url!, channel, onPayload),
      async withMigrationLock(fn) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PgliteThread({
    dataDir: options.pgliteDir ?? null,
    startFrom: options.pgliteStartFrom,
  });
  await client.waitReady;
  // drizzle-orm uses query and transaction only, which the thread's client provides.
  const db = drizzlePglite(client as never, { schema }) as unknown as Database;
  const autovacuum =
    options.autovacuum === false
      ? undefined
      : startAutovacuum(async (text) => (await client.query(text, [])).rows, {
          log: options.autovacuum?.log ?? consoleLog,
          napMs: options.autovacuum?.napMs,
        });
  return {
    db,
    driver: 'pglite',
    rawQuery: async (text, params, options) => {
      if (options?.name) keepPlan(text);
      return (await client.query(text, params, options?.rowMode && { rowMode: options.rowMode })).rows;
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    // PGlite is one connection inside this process: nothing else can migrate it concurrently.
    withMigrationLock: (fn) => fn(),
    async close() {
      await autovacuum?.stop();
      await client.close();
    },
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * One dedicated connection (a pooled one would be handed to queries) that LISTENs and comes
 * back after a dropped connection; notifications sent while it was away are lost, which is why
 * clients resync over HTTP when their socket reconnects.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reconnectLater = (): void => {
    if (!stopped) retry = setTimeout(() => void connect().catch(reconnectLater), LISTEN_RETRY_MS);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      next.end().catch(() => {});
      reconnectLater();
    });
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
