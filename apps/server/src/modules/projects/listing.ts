import type { ProjectListResponse, projectListQuerySchema } from '@sciwise/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { restrictToWeights } from '../../lib/tsquery.ts';
import { expertProfiles, openProjectSubjects as s, projects as p, subjects } from '../../db/schema/index.ts';
import { atMicros, decodeCursor, encodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';
import { rowsOf } from '../../db/rows.ts';
import { normaliseQuery } from '../experts/search.ts';
import { presentListItem } from './presenter.ts';

type ListInput = z.output<typeof projectListQuerySchema>;

const listColumns = {
  id: p.id,
  title: p.title,
  category: p.category,
  subjects: p.subjects,
  description: p.description,
  ndaMode: p.ndaMode,
  budgetType: p.budgetType,
  budgetMinMinor: p.budgetMinMinor,
  budgetMaxMinor: p.budgetMaxMinor,
  currency: p.currency,
  deadline: p.deadline,
  publishedAt: p.publishedAt,
  /** Microseconds since the epoch: the keyset compares it exactly, unlike a JS Date. */
  micros: epochMicros(p.publishedAt),
};

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The filters every list shares; null when they can match nothing (an unknown subject). */
async function filterConditions(db: Executor, input: ListInput, signedIn: boolean): Promise<SQL[] | null> {
  // Written out as in the partial indexes, so the planner can use them.
  const conditions: SQL[] = [sql`${p.status} = 'open'`, sql`${p.visibility} = 'public'`];
  if (input.category) conditions.push(eq(p.category, input.category));
  if (input.budgetType) conditions.push(eq(p.budgetType, input.budgetType));
  if (input.subject) {
    const [subject] = await db
      .select({ name: subjects.name })
      .from(subjects)
      .where(eq(subjects.slug, input.subject));
    if (!subject) return null;
    conditions.push(sql`${p.subjects} @> ${textArray([subject.name])}`);
  }
  const q = normaliseQuery(input.q);
  if (q) {
    const tsquery = sql`websearch_to_tsquery('english', ${q})`;
    // Signed-out visitors may only search what they may read: title and subjects (weight A), so
    // a search cannot tell them whether a word is in a description they cannot see. The same
    // holds for everyone on a confidential brief (decision 064). Signed in, that is "titles, or
    // all of an open brief", written as (titles or all) and (titles or open brief): its first
    // half is one match (a tsquery's || is "either"), which the search index answers in the same
    // scan as a subject condition.
    const inTitles = restrictToWeights(tsquery, 'A');
    const titles = sql`${p.searchVector} @@ ${inTitles}`;
    if (signedIn)
      conditions.push(
        sql`${p.searchVector} @@ (${inTitles} || ${tsquery})`,
        sql`(${titles} or ${p.ndaMode} = 'none')`,
      );
    else conditions.push(titles);
  }
  return conditions;
}

type Cursor = { key: number; id: string };

/** Rows after the cursor's, by (published_at, id) of the projects or of their subject rows. */
function afterCursor(cursor: Cursor, at: { publishedAt: AnyPgColumn; id: AnyPgColumn } = p): SQL {
  return sql`(${at.publishedAt}, ${at.id}) < (${atMicros(cursor.key)}, ${cursor.id}::uuid)`;
}

async function page(db: Executor, conditions: SQL[], limit: number) {
  return db
    .select(listColumns)
    .from(p)
    .where(and(...conditions))
    .orderBy(desc(p.publishedAt), desc(p.id))
    .limit(limit + 1);
}

/** How much longer each round's walks are than the last's. */
const WALK_GROWTH = 4;

/**
 * The fit phase's page. A round reads the newest rows of open_project_subjects for each subject
 * of the expert's (one index walk each), keeps the candidates whose order is settled (see
 * knownCandidates), and reads those projects by id against the other filters. The first round's
 * walks stop at the page's size, so a page costs the same however rare the expert's subjects
 * are among the projects listed (a walk of all open projects skipping the rest grew with them).
 * When the filters refuse candidates, each next round reads WALK_GROWTH times more, so the work
 * follows how far down the matches are. A search or subject filter can be answered by an index
 * instead: after a first round whose hit rate says a second would not fill the page either, the
 * rest of the page is found through the subjects-and-search index (matchingIds). A budget type
 * cannot, so it keeps walking.
 */
async function fitWalkPage(
  db: Executor,
  filters: { conditions: SQL[]; fits: SQL; indexed: boolean },
  walk: { subjects: string[]; category: ListInput['category']; cursor: Cursor | null },
  limit: number,
) {
  const rows: Awaited<ReturnType<typeof page>> = [];
  let perWalk = limit + 1;
  let after = walk.cursor;
  for (let round = 1; ; round += 1) {
    const where = [sql`${s.subject} = m.subject`];
    if (walk.category) where.push(eq(s.category, walk.category));
    if (after) where.push(afterCursor(after, { publishedAt: s.publishedAt, id: s.projectId }));
    const found = await rowsOf<{ subject: string; id: string; micros: string }>(
      db,
      sql`
      select m.subject, w.project_id as id, ${epochMicros(sql`w.published_at`)} as micros
        from unnest(${textArray(walk.subjects)}) as m(subject)
        cross join lateral (
          select ${s.projectId}, ${s.publishedAt} from ${s} where ${and(...where)}
           order by ${s.publishedAt} desc, ${s.projectId} desc limit ${perWalk}
        ) w`,
    );
    const { ids, reachedTo } = knownCandidates(found, perWalk);
    // The fit is checked on the project itself too: a stale mirror row could then only leave a
    // project out of this phase, never list one that no longer fits (and so twice).
    const shown = await projectsByIds(
      db,
      [...filters.conditions, filters.fits],
      ids,
      limit + 1 - rows.length,
    );
    rows.push(...shown);
    if (rows.length > limit || !reachedTo) return rows;
    after = reachedTo;
    const sparse = round === 2 || shown.length * WALK_GROWTH < limit + 1 - rows.length;
    if (filters.indexed && sparse) break;
    perWalk *= WALK_GROWTH;
  }
  const more = await matchingIds(
    db,
    [...filters.conditions, filters.fits, afterCursor(after)],
    limit + 1 - rows.length,
  );
  rows.push(
    ...(await projectsByIds(db, [...filters.conditions, filters.fits], more, limit + 1 - rows.length)),
  );
  return rows;
}

/**
 * The newest `limit` open projects meeting the conditions, found through the indexes that
 * narrow them (the subjects-and-search index intersects a subject condition with a search in
 * one scan) and then sorted. Materialised, so the planner cannot walk every open project newest
 * first instead, hoping to meet a match soon: matches are rarely where its estimates put them.
 */
async function matchingIds(db: Executor, conditions: SQL[], limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with matches as materialized (select ${p.id}, ${p.publishedAt} from ${p} where ${and(...conditions)})
        select id from matches order by published_at desc, id desc limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * These projects, newest first, that meet the conditions; at most `limit`. Joined to the ids as
 * one array, so each is read through the primary key (the planner would otherwise AND an IN list
 * with a search index scan that reads every match of a common word).
 */
async function projectsByIds(db: Executor, conditions: SQL[], ids: string[], limit: number) {
  if (ids.length === 0) return [];
  const idArray = `{${ids.join(',')}}`;
  return db
    .select(listColumns)
    .from(p)
    .innerJoin(sql`unnest(${idArray}::uuid[]) as candidate(id)`, sql`candidate.id = ${p.id}`)
    .where(and(...conditions))
    .orderBy(desc(p.publishedAt), desc(p.id))
    .limit(limit);
}

/**
 * The candidates of one round whose order is settled: a walk cut at `perWalk` rows may hold
 * older rows than its last, so only rows down to the newest of the cut walks' last rows count;
 * `reachedTo` is where the next round goes on from (null once every walk ran out).
 */
function knownCandidates(found: { subject: string; id: string; micros: string }[], perWalk: number) {
  const bySubject = new Map<string, { id: string; micros: string }[]>();
  for (const row of found) bySubject.set(row.subject, [...(bySubject.get(row.subject) ?? []), row]);
  let reachedTo: { micros: bigint; id: string } | null = null;
  for (const walkRows of bySubject.values()) {
    if (walkRows.length < perWalk) continue;
    // The walk's oldest row, by key (the statement orders each walk, not the rows it returns).
    const last = walkRows
      .map((row) => ({ micros: BigInt(row.micros), id: row.id }))
      .reduce((oldest, row) => (compareKeys(row, oldest) > 0 ? row : oldest));
    if (!reachedTo || compareKeys(last, reachedTo) < 0) reachedTo = last;
  }
  const settled = found.filter(
    (row) => !reachedTo || compareKeys({ micros: BigInt(row.micros), id: row.id }, reachedTo) <= 0,
  );
  return {
    ids: [...new Set(settled.map((row) => row.id))],
    reachedTo: reachedTo ? { key: Number(reachedTo.micros), id: reachedTo.id } : null,
  };
}

/** Newest-first order of (published_at, id) keys: positive when `a` comes later in the walk. */
function compareKeys(a: { micros: bigint; id: string }, b: { micros: bigint; id: string }): number {
  if (a.micros !== b.micros) return a.micros < b.micros ? 1 : -1;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

/** GET /api/projects: open public projects, newest first; anonymous visitors get the summary fields only. */
export async function listOpenProjects(
  db: Executor,
  input: ListInput,
  signedIn: boolean,
): Promise<ProjectListResponse> {
  const conditions = await filterConditions(db, input, signedIn);
  if (!conditions) return { projects: [], nextCursor: null };
  if (input.cursor) conditions.push(afterCursor(decodeCursor(input.cursor, 'projects')));
  const rows = await page(db, conditions, input.limit);
  const { shown, nextCursor } = pageOf(rows, input.limit, (last) => ({
    sort: 'projects',
    key: Number(last.micros),
    id: last.id,
  }));
  return { projects: shown.map((row) => presentListItem(row, signedIn)), nextCursor };
}

type Phase = 'fit' | 'rest';

/** Which browse phase a cursor was made in; anything unreadable is left for decodeCursor to refuse. */
function cursorPhase(value: string): Phase {
  return Buffer.from(value, 'base64url').toString('utf8').startsWith('["browse:fit"') ? 'fit' : 'rest';
}

/**
 * GET /api/projects/browse: open projects that list one of the expert's subjects first, then
 * the rest, each part newest first. Paged in two phases so each one is a plain index walk; the
 * cursor remembers the phase.
 */
export async function browseProjects(
  db: Executor,
  viewerId: string,
  input: ListInput,
): Promise<ProjectListResponse> {
  const base = await filterConditions(db, input, true);
  if (!base) return { projects: [], nextCursor: null };
  base.push(sql`${p.ownerId} <> ${viewerId}::uuid`);
  const [profile] = await db
    .select({ subjects: expertProfiles.subjects })
    .from(expertProfiles)
    .where(eq(expertProfiles.userId, viewerId));
  const mine = profile?.subjects ?? [];
  const fits = mine.length > 0 ? sql`${p.subjects} && ${textArray(mine)}` : null;

  const phaseConditions = (phase: Phase, cursor: Cursor | null) => {
    const conditions = [...base];
    if (fits) conditions.push(phase === 'fit' ? fits : sql`not (${fits})`);
    if (cursor) conditions.push(afterCursor(cursor));
    return conditions;
  };

  let phase: Phase = fits ? 'fit' : 'rest';
  let cursor: Cursor | null = null;
  if (input.cursor) {
    const decoded = decodeCursor(
      input.cursor,
      cursorPhase(input.cursor) === 'fit' ? 'browse:fit' : 'browse:rest',
    );
    phase = decoded.sort === 'browse:fit' ? 'fit' : 'rest';
    cursor = decoded;
  }

  const items: ProjectListResponse['projects'] = [];
  let nextCursor: string | null = null;
  while (items.length < input.limit) {
    const want = input.limit - items.length;
    const rows =
      phase === 'fit' && fits
        ? await fitWalkPage(
            db,
            { conditions: base, fits, indexed: Boolean(normaliseQuery(input.q) || input.subject) },
            { subjects: mine, category: input.category, cursor },
            want,
          )
        : await page(db, phaseConditions(phase, cursor), want);
    const shown = rows.slice(0, want);
    items.push(...shown.map((row) => presentListItem(row, true, phase === 'fit')));
    const last = shown[shown.length - 1];
    if (rows.length > want && last) {
      nextCursor = encodeCursor({ sort: `browse:${phase}`, key: Number(last.micros), id: last.id });
      break;
    }
    if (phase === 'rest' || !fits) break;
    phase = 'rest';
    cursor = null;
    // The fit phase ended exactly on a full page: the next page starts the rest.
    if (items.length === input.limit) {
      const [more] = await page(db, [...base, sql`not (${fits})`], 0);
      if (more && last)
        nextCursor = encodeCursor({ sort: 'browse:rest', key: Number.MAX_SAFE_INTEGER, id: last.id });
      break;
    }
  }
  return { projects: items, nextCursor };
}
