import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed SQL migrations (a test may name another folder); safe to call from several nodes at once. */
export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  await handle.withMigrationLock(async () => {
    if (handle.driver === 'pglite') {
      const before = await appliedMigrations(handle);
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
      // A migration that rewrote rows (a backfill) leaves the old versions, stale statistics and a
      // visibility map that index-only scans cannot trust, until a VACUUM. The embedded database's
      // autovacuum (pglite-autovacuum.ts) gets there only once a fifth of a table has changed, and
      // a minute later: a database that had data before gets one now, before the first request. A
      // new database has nothing to settle.
      if (before > 0 && (await appliedMigrations(handle)) > before)
        await handle.rawQuery('vacuum analyze', []);
    } else {
      await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    }
  });
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  // Two statements: a statement naming a table that does not exist yet fails as it is parsed.
  const [table] = (await handle.rawQuery(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    [],
  )) as { present: boolean }[];
  if (!table?.present) return 0;
  const [row] = (await handle.rawQuery(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
    [],
  )) as {
    n: number;
  }[];
  return row?.n ?? 0;
}
