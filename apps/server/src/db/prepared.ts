import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Database, Executor } from './client.ts';
import { keepPlan } from './pglite-thread.ts';

/**
 * Builds a statement (or a set of them) once per database and hands the same one back after:
 * for queries that run on every request, whose SQL would otherwise be rebuilt on each call.
 * Queries prepared here under a name are kept as named statements by either database:
 * node-postgres keeps one per connection, and PGlite's thread is told to keep one. Each is
 * parsed once; PostgreSQL then reuses a generic plan where it finds one as good as planning
 * for the values.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      const queries = is(prepared, PgPreparedQuery) ? [prepared] : Object.values(prepared ?? {});
      for (const query of queries) {
        if (is(query, PgPreparedQuery)) keepPlan(query.getQuery().sql);
      }
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}

const dialect = new PgDialect();

/** Names given to kept statements' texts, in this process: node-postgres keeps one per name per connection. */
const keptNames = new Map<string, string>();
/** A statement built with varying structure would name a new text on every call: past this, none is named. */
const MAX_KEPT_NAMES = 64;

/**
 * Runs a raw statement that a hot path runs again and again, kept prepared by both databases: on
 * PGlite the text is kept (keepPlan), as a prepared query's is, since planning in WebAssembly is
 * most of a small statement's cost; on PostgreSQL each pooled connection prepares it once under a
 * name given to its text. Only for a statement whose text takes few forms (no lists that vary in
 * length) and whose best plan does not depend on its values. The text is rendered as drizzle's
 * drivers render it (a default PgDialect, as db/client.ts creates it, without casing).
 */
export async function rowsOfKept<T>(db: Executor, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  let name = keptNames.get(query.sql);
  if (name === undefined && keptNames.size < MAX_KEPT_NAMES) {
    name = `kept_${keptNames.size + 1}`;
    keptNames.set(query.sql, name);
    keepPlan(query.sql);
  }
  // What db.execute does, with a name: the same driver call, the rows as the driver gives them.
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * A raw statement whose varying values are sql.placeholder()s (constants may stay values),
 * rendered once and prepared under `name`, which must be unique in the process: for the hottest
 * statements, which rowsOfKept would render again on every call. Build it through
 * preparedPerDatabase, which keeps it on either database, and run it with rowsOfPrepared. It runs
 * on the database's own connections, never inside a caller's transaction.
 */
export function preparedRaw(db: Database, name: string, statement: SQL) {
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
}

/** The rows of a preparedRaw statement, run with these values for its placeholders. */
export async function rowsOfPrepared<T>(
  query: ReturnType<typeof preparedRaw>,
  values: Record<string, unknown>,
): Promise<T[]> {
  return ((await query.execute(values)) as unknown as { rows: T[] }).rows;
}
