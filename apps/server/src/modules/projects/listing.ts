import type { ProjectListResponse, projectListQuerySchema } from '@sciwise/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { restrictToWeights } from '../../lib/tsquery.ts';
import { expertProfiles, projects as p, subjects } from '../../db/schema/index.ts';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.ts';
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
  micros: sql<string>`(extract(epoch from ${p.publishedAt}) * 1000000)::bigint::text`,
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
    // holds for everyone on a confidential brief (decision 064). Two matches, OR-ed, so each
    // can use the search index.
    const titles = sql`${p.searchVector} @@ ${restrictToWeights(tsquery, 'A')}`;
    conditions.push(
      signedIn ? sql`(${titles} or (${p.ndaMode} = 'none' and ${p.searchVector} @@ ${tsquery}))` : titles,
    );
  }
  return conditions;
}

function afterCursor(cursor: { key: number; id: string }): SQL {
  return sql`(${p.publishedAt}, ${p.id}) < (to_timestamp(${cursor.key}::float8 / 1000000), ${cursor.id}::uuid)`;
}

async function page(db: Executor, conditions: SQL[], limit: number) {
  return db
    .select(listColumns)
    .from(p)
    .where(and(...conditions))
    .orderBy(desc(p.publishedAt), desc(p.id))
    .limit(limit + 1);
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

  let phase: Phase = fits ? 'fit' : 'rest';
  let cursor: { key: number; id: string } | null = null;
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
    const conditions = [...base];
    if (fits) conditions.push(phase === 'fit' ? fits : sql`not (${fits})`);
    if (cursor) conditions.push(afterCursor(cursor));
    const want = input.limit - items.length;
    const rows = await page(db, conditions, want);
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
