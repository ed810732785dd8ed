import type { SQL } from 'drizzle-orm';

/**
 * The rows of a raw SQL statement. Both drivers (pg and PGlite) answer `execute` with { rows },
 * which drizzle's shared type does not say: this is the one place that casts it.
 */
export async function rowsOf<T>(
  db: { execute(statement: SQL): PromiseLike<unknown> },
  statement: SQL,
): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
