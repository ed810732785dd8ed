import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { applyMigrations, migrationsFolder } from '../../src/db/migrate.ts';
import { queryRows } from '../support/ledger.ts';

// After a migration rewrote rows, index-only scans (the search's rank walk) trust only pages a
// VACUUM marked all-visible: applyMigrations settles the database itself, before the first request
// (the embedded database's own autovacuum is off here, so only that can pass this test). This test
// opens a PGlite database whatever driver the other tests use: PGlite is where it matters.
const dir = mkdtempSync(path.join(tmpdir(), 'sciwise-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The committed migrations without the newest: a database one release behind. */
function migrationsButTheLast(): string {
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
  return folder;
}

it('a PGlite database that had data is vacuumed after a new migration', async () => {
  const handle = await openDatabase({ pgliteDir: path.join(dir, 'db'), autovacuum: false });
  try {
    await applyMigrations(handle, migrationsButTheLast());
    // In SQL: the app's schema is a release ahead of this database.
    await handle.db.execute(sql`
      with person as (
        insert into users (email, first_name, last_name)
        values ('ada@example.test', 'Ada', 'Lovelace') returning id
      )
      insert into expert_profiles (user_id, slug, display_name, status)
      select id, 'ada-lovelace', 'Ada Lovelace', 'approved' from person`);
    const allVisiblePages = async () =>
      (
        await queryRows<{ pages: number }>(
          handle.db,
          sql`select relallvisible as pages from pg_class where relname = 'expert_profiles'`,
        )
      )[0]!.pages;
    await handle.db.execute(sql`analyze expert_profiles`);
    expect(await allVisiblePages()).toBe(0);

    await applyMigrations(handle);
    expect(await allVisiblePages()).toBeGreaterThan(0);
  } finally {
    await handle.close();
  }
}, 120_000);
