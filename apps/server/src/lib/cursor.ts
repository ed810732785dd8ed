import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { invalid } from '../errors.ts';

/** A page position: the sort it belongs to, the sort key of the last row and its id. */
export interface Cursor {
  sort: string;
  key: number;
  id: string;
}

/** The range of a key; the database refuses a parameter beyond its column's type (a 500, not a 400). */
export interface KeyRange {
  min: number;
  max: number;
}
const SAFE_INTEGERS: KeyRange = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
/** PostgreSQL's integer (int4): the expert search's sort keys. */
export const INT4_KEYS: KeyRange = { min: -(2 ** 31), max: 2 ** 31 - 1 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BAD_CURSOR = 'That page link is not valid; start again from the first page.';

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/**
 * One page of a keyset query that fetched limit + 1 rows: the rows to show, and the cursor after the
 * last of them when the extra row says another page exists (null on the last page).
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  cursorAfter: (last: T) => Cursor,
): { shown: T[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    shown,
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(cursorAfter(last)) : null,
  };
}

/** Opaque to clients; anything we did not make, or made for another sort, is a 400. */
export function decodeCursor(value: string, sort: string, keys: KeyRange = SAFE_INTEGERS): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid(BAD_CURSOR, [{ field: 'cursor', message: BAD_CURSOR }]);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== sort ||
    !Number.isSafeInteger(parsed[1]) ||
    (parsed[1] as number) < keys.min ||
    (parsed[1] as number) > keys.max ||
    typeof parsed[2] !== 'string' ||
    !UUID.test(parsed[2])
  ) {
    throw invalid(BAD_CURSOR, [{ field: 'cursor', message: BAD_CURSOR }]);
  }
  return { sort, key: parsed[1] as number, id: parsed[2] };
}

/**
 * A timestamp as whole microseconds since the epoch: the key of a time-ordered keyset. Read it
 * from the database (a JS Date keeps milliseconds only, and rows a microsecond apart would fall
 * between pages), and turn it back with `atMicros`, which is exact where a float division is not.
 */
export function epochMicros(timestamp: SQL | AnyColumn) {
  return sql<string>`(extract(epoch from ${timestamp}) * 1000000)::bigint::text`;
}
export function atMicros(key: number): SQL {
  return sql`(to_timestamp(0) + ${key}::bigint * interval '1 microsecond')`;
}
