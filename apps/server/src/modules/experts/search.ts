import type {
  ExpertSearchResponse,
  Subject,
  expertSearchQuerySchema,
  subjectSuggestQuerySchema,
} from '@sciwise/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { expertProfiles as p, subjects, users } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { cardColumns, presentCard } from './presenter.ts';

export type SearchInput = z.output<typeof expertSearchQuerySchema>;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The query text as searched: control characters and runs of spaces removed. */
export function normaliseQuery(q: string | undefined): string {
  return (q ?? '').replace(CONTROL_CHARS, ' ').replace(/\s+/g, ' ').trim();
}

/** Subjects "close" to the query: similarity of the whole text, or of the subject to part of it. */
const FUZZY_MIN = 0.5;
const FUZZY_SPREAD = 0.1;

/**
 * Typo tolerance: the subjects the query most likely means (e.g. "bioinformatcs" ->
 * Bioinformatics). The subjects table is small, so this is cheap; its specialists are then
 * found through the GIN index on expert_profiles.subjects.
 */
export async function fuzzySubjects(db: Executor, q: string): Promise<string[]> {
  if (q.length < 3) return [];
  const score = sql<number>`greatest(similarity(${subjects.name}, ${q}), word_similarity(${subjects.name}, ${q}))`;
  const rows = await db
    .select({ name: subjects.name, score })
    .from(subjects)
    .where(sql`${score} >= ${FUZZY_MIN}`)
    .orderBy(desc(score), asc(subjects.name))
    .limit(3);
  const best = rows[0]?.score ?? 0;
  // Keep only near-ties of the best, so "biostatistics" does not also pull in every statistician.
  return rows.filter((row) => row.score >= best - FUZZY_SPREAD).map((row) => row.name);
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

interface SortPlan {
  name: string;
  key: SQL<number>;
  descending: boolean;
}

export interface SearchPlan {
  /** null when the filters can match nobody (e.g. an unknown subject). */
  query: ReturnType<typeof buildQuery> | null;
  sort: SortPlan | null;
  matchedSubjects: string[];
}

/**
 * How a query is matched. `text`: the weighted full-text vector, plus the subjects the query
 * most likely means (typos). `names`: the fallback when that finds nobody, trigram similarity
 * on names ("Nwachukwo"); kept out of the first pass because a trigram probe over every name
 * costs more than the whole full-text search.
 */
export type MatchMode = 'text' | 'names';

/** Turns the request into one SQL statement; exported so tests can EXPLAIN exactly what runs. */
export async function planSearch(
  db: Executor,
  input: SearchInput,
  mode: MatchMode = 'text',
): Promise<SearchPlan> {
  const q = normaliseQuery(input.q);
  const conditions: SQL[] = [sql`${p.status} = 'approved'`];
  if (input.category) conditions.push(sql`${p.category} = ${input.category}`);
  if (input.country) conditions.push(sql`${p.country} = ${input.country}`);
  if (input.availability) conditions.push(sql`${p.availability} = ${input.availability}`);
  if (input.minRate !== undefined) conditions.push(sql`${p.rateUsdMinor} >= ${input.minRate * 100}`);
  if (input.maxRate !== undefined) conditions.push(sql`${p.rateUsdMinor} <= ${input.maxRate * 100}`);
  if (input.minRating !== undefined)
    conditions.push(sql`${p.ratingCenti} >= ${Math.round(input.minRating * 100)}`);
  if (input.subject) {
    const [subject] = await db
      .select({ name: subjects.name })
      .from(subjects)
      .where(eq(subjects.slug, input.subject));
    if (!subject) return { query: null, sort: null, matchedSubjects: [] };
    conditions.push(sql`${p.subjects} @> ${textArray([subject.name])}`);
  }

  let matchedSubjects: string[] = [];
  let score: SQL<number> | null = null;
  if (q) {
    if (mode === 'names') {
      // word_similarity in millionths, from the trigram index on display_name.
      conditions.push(sql`${p.displayName} %> ${q}`);
      score = sql<number>`(word_similarity(${q}, ${p.displayName}) * 1000000)::int`;
    } else {
      matchedSubjects = await fuzzySubjects(db, q);
      // An immutable call on a constant: folded once at planning, not evaluated per row.
      const tsq = sql`websearch_to_tsquery('english', ${q})`;
      let match = sql`${p.searchVector} @@ ${tsq}`;
      let bonus = sql``;
      if (matchedSubjects.length > 0) {
        const wanted = textArray(matchedSubjects);
        match = sql`(${match} or ${p.subjects} && ${wanted})`;
        bonus = sql` + case when ${p.subjects} && ${wanted} then 500000 else 0 end`;
      }
      conditions.push(match);
      // ts_rank_cd normalised to 0..1 (flag 32), in millionths so the keyset compares integers exactly.
      score = sql<number>`((ts_rank_cd(${p.searchVector}, ${tsq}, 32) * 1000000)::int${bonus})`;
    }
  }

  const base = sortPlan(input.sort, score);
  // The cursor remembers the match mode, so every page of a names-fallback search stays one.
  const sort = mode === 'names' ? { ...base, name: `${base.name}:names` } : base;
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, sort.name);
    const comparison = sort.descending ? sql`<` : sql`>`;
    conditions.push(sql`(${sort.key}, ${p.id}) ${comparison} (${cursor.key}, ${cursor.id}::uuid)`);
  }
  return { query: buildQuery(db, conditions, sort, input.limit), sort, matchedSubjects };
}

function sortPlan(sort: SearchInput['sort'], score: SQL<number> | null): SortPlan {
  if (sort === 'relevance' && score) return { name: 'relevance', key: score, descending: true };
  if (sort === 'rate_asc')
    return { name: 'rate_asc', key: sql<number>`${p.rateUsdMinor}`, descending: false };
  if (sort === 'rate_desc')
    return { name: 'rate_desc', key: sql<number>`${p.rateUsdMinor}`, descending: true };
  // Without a query there is nothing to be relevant to: best rated first.
  return { name: 'rating', key: sql<number>`${p.ratingCenti}`, descending: true };
}

function buildQuery(db: Executor, conditions: SQL[], sort: SortPlan, limit: number) {
  const direction = sort.descending ? desc : asc;
  // Rank and cut first, then fetch the people behind the one page.
  const hits = db
    .select({
      ...cardColumns,
      sortKey: sql<number>`${sort.key}`.as('sort_key'),
    })
    .from(p)
    .where(and(...conditions))
    .orderBy(direction(sort.key), direction(p.id))
    .limit(limit + 1)
    .as('hits');
  return db
    .select({
      id: hits.id,
      userId: hits.userId,
      slug: hits.slug,
      displayName: hits.displayName,
      headline: hits.headline,
      category: hits.category,
      subjects: hits.subjects,
      hourlyRateMinor: hits.hourlyRateMinor,
      currency: hits.currency,
      country: hits.country,
      availability: hits.availability,
      ratingCenti: hits.ratingCenti,
      ratingCount: hits.ratingCount,
      sortKey: hits.sortKey,
      avatarKey: users.avatarKey,
    })
    .from(hits)
    .innerJoin(users, eq(users.id, hits.userId))
    .orderBy(direction(hits.sortKey), direction(hits.id));
}

/** The match mode a cursor was made in: a names-fallback search stays one on every page. */
function cursorMode(cursor: string | undefined): MatchMode {
  return cursor && Buffer.from(cursor, 'base64url').toString('utf8').includes(':names"') ? 'names' : 'text';
}

export async function searchExperts(db: Executor, input: SearchInput): Promise<ExpertSearchResponse> {
  let mode = cursorMode(input.cursor);
  let plan = await planSearch(db, input, mode);
  if (!plan.query || !plan.sort) return { experts: [], nextCursor: null, matchedSubjects: [] };
  let rows = await plan.query;
  const q = normaliseQuery(input.q);
  if (rows.length === 0 && mode === 'text' && !input.cursor && q.length >= 4) {
    mode = 'names';
    plan = await planSearch(db, input, mode);
    rows = plan.query ? await plan.query : [];
  }
  if (!plan.sort) return { experts: [], nextCursor: null, matchedSubjects: [] };
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > input.limit && last
      ? encodeCursor({ sort: plan.sort.name, key: Number(last.sortKey), id: last.id })
      : null;
  return {
    experts: page.map(presentCard),
    nextCursor,
    matchedSubjects: plan.matchedSubjects,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Suggestions as you type: prefix matches first, then close spellings, then the busiest subjects. */
export async function suggestSubjects(
  db: Executor,
  input: z.output<typeof subjectSuggestQuerySchema>,
): Promise<Subject[]> {
  const prefix = normaliseQuery(input.prefix);
  const columns = {
    slug: subjects.slug,
    name: subjects.name,
    category: subjects.category,
    expertCount: subjects.expertCount,
  };
  if (!prefix) {
    return db
      .select(columns)
      .from(subjects)
      .orderBy(desc(subjects.expertCount), asc(subjects.name))
      .limit(input.limit);
  }
  const startsWith = sql<boolean>`${subjects.name} ilike ${`${escapeLike(prefix)}%`}`;
  const closeness = sql<number>`word_similarity(${prefix}, ${subjects.name})`;
  return db
    .select(columns)
    .from(subjects)
    .where(sql`${startsWith} or ${subjects.name} ilike ${`% ${escapeLike(prefix)}%`} or ${closeness} >= 0.5`)
    .orderBy(desc(startsWith), desc(closeness), desc(subjects.expertCount), asc(subjects.name))
    .limit(input.limit);
}
