import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { keepPlan } from './pglite-thread.ts';

/**
 * Builds a statement (or a set of them) once per database and hands the same one back after:
 * for queries that run on every request, whose SQL would otherwise be rebuilt on each call.
 * Queries prepared here under a name are planned once by either database: node-postgres keeps
 * a named statement per connection, and PGlite's thread is told to keep one.
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
 * Marks a raw statement that runs on a hot path and whose best plan does not depend on its
 * values (writes by key, say) to be planned once on PGlite, as a prepared query is. Planning
 * there is most of a small statement's cost; PostgreSQL, planning natively, plans it each time.
 */
export function plannedOnce(statement: SQL): SQL {
  keepPlan(dialect.sqlToQuery(statement).sql);
  return statement;
}
