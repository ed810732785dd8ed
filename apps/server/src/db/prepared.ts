import type { Database } from './client.ts';

/**
 * Builds a statement (or a set of them) once per database and hands the same one back after:
 * for queries that run on every request, whose SQL would otherwise be rebuilt on each call.
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
