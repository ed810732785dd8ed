import { sql, type SQL } from 'drizzle-orm';

// A quoted lexeme in a tsquery's text, e.g. 'analysi' (quotes inside doubled), as SQL literals.
const LEXEME_PATTERN = sql.raw(`'''((?:[^'']|'''')*)'''`);

/**
 * The query restricted to the given weights of a search vector: every lexeme of the parsed
 * tsquery gets ":<weights>" (e.g. 'data':AB). Immutable calls on a constant, so PostgreSQL folds
 * it once per statement, and a GIN index on the vector still answers it.
 */
export function restrictToWeights(tsquery: SQL, weights: 'A' | 'AB' | 'ABC'): SQL {
  return sql`regexp_replace((${tsquery})::text, ${LEXEME_PATTERN}, ${sql.raw(`'''\\1'':${weights}'`)}, 'g')::tsquery`;
}
