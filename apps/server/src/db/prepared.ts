import { is } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';
import { PgliteThread } from './pglite-thread.ts';

/**
 * Builds a statement (or a set of them) once per database and hands the same one back after:
 * for queries that run on every request, whose SQL would otherwise be rebuilt on each call.
 * Queries prepared here under a name are planned once by either database: node-postgres keeps
 * a named statement per connection, and PGlite's thread is told to keep one (keepPlans).
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      keepPlans(db, prepared);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}

/** The prepared queries in `prepared` (one, or an object of them), kept as named statements on PGlite. */
function keepPlans(db: Database, prepared: unknown): void {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PgliteThread)) return;
  const queries = is(prepared, PgPreparedQuery) ? [prepared] : Object.values(prepared ?? {});
  for (const query of queries) {
    if (is(query, PgPreparedQuery)) client.keepPlan(query.getQuery().sql);
  }
}
