import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
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

/**
 * Marks a raw statement on a hot path to be kept prepared on PGlite, as a prepared query is:
 * planning in WebAssembly is most of a small statement's cost. Only for a statement whose text
 * is always the same (no lists that vary in length) and whose best plan does not depend on its
 * values. PostgreSQL, planning natively, plans it each time. The text is rendered as drizzle's
 * PGlite driver renders it (a default PgDialect, as db/client.ts creates it, without casing).
 */
export function keepPrepared(statement: SQL): SQL {
  keepPlan(dialect.sqlToQuery(statement).sql);
  return statement;
}
