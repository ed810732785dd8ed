import { asc, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { subjects } from '../../db/schema/index.ts';

/*
 * Typo tolerance: the subjects a query most likely means ("bioinformatcs" -> Bioinformatics), whose
 * specialists the search then finds through the GIN index on expert_profiles.subjects.
 *
 * Scoring a query against every subject's trigrams is a statement of its own, about 4 ms on the
 * embedded database against 1 ms for a trivial one, and a directory is searched for the same words
 * again and again (the count request beside each first page asks too). So each query's answer is
 * remembered for a minute. The catalogue only grows, when an approved application or profile
 * change brings a subject nobody listed before: once that approval commits, this process forgets
 * every answer, and another server process's new subject is matched here within the minute. Its
 * exact words are found by the full-text search at once.
 */

/** Subjects "close" to the query: similarity of the whole text, or of the subject to part of it. */
const FUZZY_MIN = 0.5;
/** Only near-ties of the best, so "biostatistics" does not also pull in every statistician. */
const FUZZY_SPREAD = 0.1;
const REMEMBER_MS = 60_000;
/** Queries remembered per database; the one searched longest ago is forgotten first. */
const REMEMBER_MAX = 1000;

interface Remembered {
  names: string[];
  at: number;
  catalogue: number;
}

const remembered = new WeakMap<Executor, Map<string, Remembered>>();
/** Which catalogue an answer was scored against: bumped whenever this process adds subjects. */
let catalogue = 0;

/** Called after subjects are added to the catalogue: answers scored before may miss them. */
export function forgetSubjectsMeant(): void {
  catalogue += 1;
}

export async function subjectsMeant(db: Executor, q: string, now = Date.now()): Promise<string[]> {
  if (q.length < 3) return [];
  let byQuery = remembered.get(db);
  if (!byQuery) remembered.set(db, (byQuery = new Map()));
  const known = byQuery.get(q);
  byQuery.delete(q);
  if (known && known.catalogue === catalogue && now - known.at < REMEMBER_MS) {
    byQuery.set(q, known); // now the most recently searched
    return [...known.names];
  }
  const scoredAgainst = catalogue;
  const names = await scoreSubjects(db, q);
  byQuery.set(q, { names, at: now, catalogue: scoredAgainst });
  if (byQuery.size > REMEMBER_MAX) byQuery.delete(byQuery.keys().next().value!);
  return [...names];
}

async function scoreSubjects(db: Executor, q: string): Promise<string[]> {
  const score = sql<number>`greatest(similarity(${subjects.name}, ${q}), word_similarity(${subjects.name}, ${q}))`;
  const rows = await db
    .select({ name: subjects.name, score })
    .from(subjects)
    .where(sql`${score} >= ${FUZZY_MIN}`)
    .orderBy(desc(score), asc(subjects.name))
    .limit(3);
  const best = rows[0]?.score ?? 0;
  return rows.filter((row) => row.score >= best - FUZZY_SPREAD).map((row) => row.name);
}
