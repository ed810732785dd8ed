import {
  SEARCH_COUNT_EXACT_UP_TO,
  type ExpertSearchResponse,
  type SearchTotal,
  type Subject,
  type expertSearchQuerySchema,
  type subjectSuggestQuerySchema,
} from '@sciwise/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { restrictToWeights } from '../../lib/tsquery.ts';
import { rowsOf } from '../../db/rows.ts';
import { expertProfiles as p, subjects } from '../../db/schema/index.ts';
import { decodeCursor, INT4_KEYS, pageOf } from '../../lib/cursor.ts';
import { escapeLike } from '../../db/like.ts';
import { presentCard, type CardRow } from './presenter.ts';
import { subjectsMeant } from './subjects-meant.ts';

export type SearchInput = z.output<typeof expertSearchQuerySchema>;

/**
 * The query text as searched: runs of spaces made one. Control and bidi characters are already
 * spaces here (the contract's searchText), so none of them reaches a statement.
 */
export function normaliseQuery(q: string | undefined): string {
  return (q ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Relevance is a tier, then the rank inside it. The tiers follow the weights of the search
 * vector: people who list a subject the query means (typos included), then people whose name or
 * subjects hold every word of it (weight A), then whose skills do (B), then whose headline does
 * (C), then the rest (their bio mentions it, D). Each tier is its own statement ordered by
 * rank_score (taking work first, then the Bayesian rating), so the rank index can stop after one
 * page even when a common word matches thousands of people, and the next tier only runs when a
 * page is not yet full. (Scoring every match with ts_rank_cd cost ~4 µs a row.)
 */
const TIER_SPAN = 2000; // above the best rank_score (1500): tier and rank share one cursor key

const COUNT_EXACT_UP_TO = SEARCH_COUNT_EXACT_UP_TO;

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

interface SortPlan {
  /** Stored in the cursor, so a page link only continues the ordering it came from. */
  name: string;
  /** The value a row is ordered by; the cursor keeps the last row's. */
  key: SQL<number>;
  descending: boolean;
}

/** One statement of a search: the cards of its conditions in the sort's order, at most `limit`. */
export type SearchStep = (limit: number) => SQL;

export interface SearchPlan {
  /** Run in order until a page is full; empty when the filters can match nobody (an unknown subject). */
  steps: SearchStep[];
  sortName: string;
  matchedSubjects: string[];
  /** Every condition a result meets, for counting them. */
  matches: SQL[];
}

/**
 * How a query is matched. `text`: the weighted full-text vector, plus the subjects the query
 * most likely means (typos). `names`: the fallback when that finds nobody, trigram similarity
 * on names ("Nwachukwo"); kept out of the first pass because a trigram probe over every name
 * costs more than the whole full-text search.
 */
export type MatchMode = 'text' | 'names';

/** Turns the request into its SQL statements; exported so tests can EXPLAIN exactly what runs. */
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
    if (!subject) return { steps: [], sortName: input.sort, matchedSubjects: [], matches: [] };
    conditions.push(sql`${p.subjects} @> ${textArray([subject.name])}`);
  }

  if (q && mode === 'names') {
    // word_similarity in millionths, from the trigram index on display_name.
    conditions.push(sql`${p.displayName} %> ${q}`);
    const similarity = sql<number>`(word_similarity(${q}, ${p.displayName}) * 1000000)::int`;
    const base = sortPlan(input.sort, similarity);
    // The cursor remembers the match mode, so every page of a names-fallback search stays one.
    return singleStep(db, conditions, { ...base, name: `${base.name}:names` }, input.cursor, []);
  }
  if (!q) return singleStep(db, conditions, sortPlan(input.sort, null), input.cursor, []);

  const matchedSubjects = await subjectsMeant(db, q);
  // An immutable call on a constant: folded once at planning, not evaluated per row.
  const tsq = sql`websearch_to_tsquery('english', ${q})`;
  const inText = sql`${p.searchVector} @@ ${tsq}`;
  // Every word within the given weights (A: name and subjects, B: skills, C: headline). Class A
  // has its own vector: the planner's statistics see its words, not the weights of the whole
  // text, so a name tier is planned from how many people really hold the name.
  const within = (weights: 'A' | 'AB' | 'ABC') =>
    weights === 'A'
      ? sql`${p.nameSubjectsVector} @@ ${tsq}`
      : sql`${p.searchVector} @@ ${restrictToWeights(tsq, weights)}`;
  const specialist = matchedSubjects.length > 0 ? sql`${p.subjects} && ${textArray(matchedSubjects)}` : null;
  const match = specialist ? sql`(${inText} or ${specialist})` : inText;
  if (input.sort !== 'relevance') {
    conditions.push(match);
    return singleStep(db, conditions, sortPlan(input.sort, null), input.cursor, matchedSubjects);
  }

  const notSpecialist = specialist ? sql` and not (${specialist})` : sql``;
  // A tier's words within its weights are in the text too, unless the query excludes a word
  // ("-surveys"), which must stay out of the bio as well: only then is inText repeated. Repeated
  // always, the planner multiplied the two conditions' selectivities (9 rows expected for 1,542
  // people named Okafor) and read every match instead of walking the rank index.
  const inTextToo = q.includes('-') ? sql`${inText} and ` : sql``;
  const tiers = [
    ...(specialist ? [{ rank: 4, where: specialist }] : []),
    { rank: 3, where: sql`${inTextToo}${within('A')}${notSpecialist}` },
    { rank: 2, where: sql`${inTextToo}${within('AB')} and not (${within('A')})${notSpecialist}` },
    { rank: 1, where: sql`${inTextToo}${within('ABC')} and not (${within('AB')})${notSpecialist}` },
    { rank: 0, where: sql`${inText} and not (${within('ABC')})${notSpecialist}` },
  ];
  const cursor = input.cursor ? decodeCursor(input.cursor, 'relevance', INT4_KEYS) : null;
  const cursorRank = cursor ? Math.floor(cursor.key / TIER_SPAN) : Infinity;
  const byRank: SortPlan = { name: 'relevance', key: sql<number>`${p.rankScore}`, descending: true };
  const steps = tiers
    .filter((tier) => tier.rank <= cursorRank)
    .map((tier): SearchStep => {
      const where = [...conditions, tier.where];
      if (cursor && tier.rank === cursorRank)
        where.push(sql`(${p.rankScore}, ${p.id}) < (${cursor.key % TIER_SPAN}, ${cursor.id}::uuid)`);
      return (limit) => buildQuery(db, where, byRank, limit, tier.rank * TIER_SPAN);
    });
  return { steps, sortName: 'relevance', matchedSubjects, matches: [...conditions, match] };
}

function singleStep(
  db: Executor,
  conditions: SQL[],
  sort: SortPlan,
  cursorText: string | undefined,
  matchedSubjects: string[],
): SearchPlan {
  const where = [...conditions];
  const matches = [...conditions];
  if (cursorText) {
    // Every sort key of the search is an integer column or an ::int score.
    const cursor = decodeCursor(cursorText, sort.name, INT4_KEYS);
    const comparison = sort.descending ? sql`<` : sql`>`;
    where.push(sql`(${sort.key}, ${p.id}) ${comparison} (${cursor.key}, ${cursor.id}::uuid)`);
  }
  return {
    steps: [(limit) => buildQuery(db, where, sort, limit)],
    sortName: sort.name,
    matchedSubjects,
    matches,
  };
}

function sortPlan(sort: SearchInput['sort'], score: SQL<number> | null): SortPlan {
  if (sort === 'relevance' && score) return { name: 'relevance', key: score, descending: true };
  if (sort === 'rating') return { name: 'rating', key: sql<number>`${p.ratingScore}`, descending: true };
  if (sort === 'rate_asc')
    return { name: 'rate_asc', key: sql<number>`${p.rateUsdMinor}`, descending: false };
  if (sort === 'rate_desc')
    return { name: 'rate_desc', key: sql<number>`${p.rateUsdMinor}`, descending: true };
  // Without a query there is nothing to be relevant to: taking work first, then best rated.
  return { name: 'relevance', key: sql<number>`${p.rankScore}`, descending: true };
}

/**
 * `keyOffset` lifts a relevance tier's keys above the tiers after it (see TIER_SPAN). Rank and cut
 * first, reading nothing but the id and the sort key, then fetch the cards of the one page: so a
 * walk of the rank index that filters on what the index carries (the name tier's vector) never
 * visits the table for the rows it passes over. The ranking is planned for its values; the cards
 * come from expert_cards (migration 0037), whose join keeps its plan from one search to the next.
 */
function buildQuery(db: Executor, conditions: SQL[], sort: SortPlan, limit: number, keyOffset = 0): SQL {
  const direction = sort.descending ? desc : asc;
  const ranked = db
    .select({
      hitId: sql<string>`${p.id}`.as('hit_id'),
      sortKey: sql<number>`${sql.raw(String(keyOffset))} + ${sort.key}`.as('sort_key'),
    })
    .from(p)
    .where(and(...conditions))
    .orderBy(direction(sort.key), direction(p.id))
    .limit(limit);
  // The page's ids and keys in its order (NULLs of a rate sort where the ranking put them).
  const order = sort.descending ? sql`desc` : sql`asc`;
  return sql`select c.* from (
      select array_agg(h.hit_id order by h.sort_key ${order}, h.hit_id ${order}) as ids,
             array_agg(h.sort_key order by h.sort_key ${order}, h.hit_id ${order}) as keys
      from (${ranked}) h
    ) page cross join lateral expert_cards(page.ids, page.keys) c
    order by c.position`;
}

/** A step's cards, each with the key the page was ranked by (expert_cards names them as CardRow does). */
async function cardsOf(db: Executor, step: SQL) {
  return rowsOf<CardRow & { sortKey: number }>(db, step);
}

/** One page plus one row (to know whether another page follows), tier by tier. */
async function runPlan(db: Executor, plan: SearchPlan, limit: number) {
  const rows: Awaited<ReturnType<typeof cardsOf>> = [];
  for (const step of plan.steps) {
    if (rows.length > limit) break;
    rows.push(...(await cardsOf(db, step(limit + 1 - rows.length))));
  }
  return rows;
}

/** The match mode a cursor was made in: a names-fallback search stays one on every page. */
function cursorMode(cursor: string | undefined): MatchMode {
  return cursor && Buffer.from(cursor, 'base64url').toString('utf8').includes(':names"') ? 'names' : 'text';
}

/**
 * How many experts match. The planner's estimate comes first (planning only, no rows read): when
 * it reaches COUNT_EXACT_UP_TO the answer is "about" that, rounded to two figures, and nothing
 * is counted; counting a common word's thousands of matches cost more than finding the page.
 * Otherwise the rows are counted, stopping one past COUNT_EXACT_UP_TO ("more than" beyond it).
 */
export async function countMatches(db: Executor, matches: SQL[]): Promise<SearchTotal> {
  if (matches.length === 0) return { count: 0, relation: 'exactly' };
  const query = db
    .select({ one: sql`1` })
    .from(p)
    .where(and(...matches))
    .toSQL();
  // EXPLAIN takes no bind parameters: the statement is planned with its values inlined.
  const plan = await db.execute(sql.raw(`explain (format json) ${inlineParams(query.sql, query.params)}`));
  const estimate = Number(planRows(plan).toPrecision(2));
  if (estimate >= COUNT_EXACT_UP_TO * ESTIMATE_TRUSTED_FROM) return { count: estimate, relation: 'about' };
  const [row] = await countStatement(db, matches);
  const counted = row?.n ?? 0;
  if (counted <= COUNT_EXACT_UP_TO) return { count: counted, relation: 'exactly' };
  return { count: COUNT_EXACT_UP_TO, relation: 'more_than' };
}

/** An estimate this many times COUNT_EXACT_UP_TO or more is shown instead of counting. */
const ESTIMATE_TRUSTED_FROM = 1;

/** The exact part of the count (stops one row past COUNT_EXACT_UP_TO); exported for plan tests. */
export function countStatement(db: Executor, matches: SQL[]) {
  return db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(p)
      .where(and(...matches))
      .limit(COUNT_EXACT_UP_TO + 1)
      .as('m'),
  );
}

/** $1, $2... replaced by literals (strings quoted, quotes doubled), for EXPLAIN only. */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

function planRows(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]);
  const first = rows[0] ? Object.values(rows[0])[0] : undefined;
  const parsed: unknown = typeof first === 'string' ? JSON.parse(first) : first;
  const top = (parsed as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof top === 'number' && Number.isFinite(top) ? top : 0;
}

export async function searchExperts(db: Executor, input: SearchInput): Promise<ExpertSearchResponse> {
  let mode = cursorMode(input.cursor);
  let plan = await planSearch(db, input, mode);
  let rows = await runPlan(db, plan, input.limit);
  const q = normaliseQuery(input.q);
  if (rows.length === 0 && mode === 'text' && !input.cursor && q.length >= 4) {
    mode = 'names';
    plan = await planSearch(db, input, mode);
    rows = await runPlan(db, plan, input.limit);
  }
  const sortName = plan.sortName;
  const { shown: page, nextCursor } = pageOf(rows, input.limit, (last) => ({
    sort: sortName,
    key: Number(last.sortKey),
    id: last.id,
  }));
  // A first page with no page after it is the whole result: its length is the count. Otherwise
  // the count is its own request (GET /api/experts/count), so finding the page never waits on it.
  const total = !input.cursor && !nextCursor ? ({ count: page.length, relation: 'exactly' } as const) : null;
  return {
    experts: page.map(presentCard),
    nextCursor,
    matchedSubjects: plan.matchedSubjects,
    total,
  };
}

/**
 * GET /api/experts/count: how many experts the same search finds (sort, cursor and limit play no
 * part). Matches as the search does, the names fallback included when the text finds nobody.
 */
export async function countExperts(db: Executor, input: SearchInput): Promise<SearchTotal> {
  const first = { ...input, cursor: undefined };
  const total = await countMatches(db, (await planSearch(db, first, 'text')).matches);
  if (total.count > 0 || normaliseQuery(input.q).length < 4) return total;
  return countMatches(db, (await planSearch(db, first, 'names')).matches);
}

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
