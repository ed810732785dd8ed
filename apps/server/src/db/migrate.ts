import { fileURLToPath } from 'node:url';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed SQL migrations; safe to call from several nodes at once. */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  await handle.withMigrationLock(async () => {
    if (handle.driver === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
