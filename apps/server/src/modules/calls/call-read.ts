import type { Call, CallAction, CallList, CallListQuery, CallView } from '@sciwise/contracts';
import { and, asc, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calls, contracts, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';

export type CallRow = typeof calls.$inferSelect;

export const CALL_NOT_FOUND = 'We could not find that call.';

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** What the person may do now; the routes check the same facts before acting. */
export function callActionsFor(call: CallRow, userId: string, now: Date): CallAction[] {
  if (call.status === 'cancelled') return [];
  const actions: CallAction[] = [];
  const ended = call.endsAt !== null && call.endsAt.getTime() <= now.getTime();
  // A move still waiting when the call took place is moot: the call is history, not to be moved.
  const answerable =
    !ended &&
    call.offeredBy !== null &&
    call.offeredBy !== userId &&
    call.offeredStarts.some((start) => start.getTime() > now.getTime());
  if (answerable) actions.push('confirm');
  if (call.status === 'proposed') return [...actions, 'propose_times', 'cancel'];
  if (!ended) actions.push('reschedule', 'cancel');
  if (call.startsAt !== null && call.startsAt.getTime() <= now.getTime()) actions.push('edit_notes');
  return actions;
}

/** The people a set of calls mention, read in one query. */
async function namesOf(db: Executor, rows: readonly CallRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const row of rows)
    for (const id of [row.organizerId, row.attendeeId, row.offeredBy, row.cancelledBy, row.notesUpdatedBy])
      if (id) ids.add(id);
  if (ids.size === 0) return new Map();
  const people = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(people.map((person) => [person.id, fullName(person)]));
}

async function contractTitles(db: Executor, rows: readonly CallRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.contractId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: contracts.id, title: contracts.title })
    .from(contracts)
    .where(inArray(contracts.id, ids));
  return new Map(found.map((contract) => [contract.id, contract.title]));
}

/** Calls as the signed-in person sees them: three statements however many calls. */
export async function presentCalls(
  db: Executor,
  rows: readonly CallRow[],
  userId: string,
  now: Date,
): Promise<Call[]> {
  const [names, titles] = await Promise.all([namesOf(db, rows), contractTitles(db, rows)]);
  const person = (id: string) => ({ id, name: names.get(id) ?? 'A former member' });
  return rows.map((row) => {
    const otherId = row.organizerId === userId ? row.attendeeId : row.organizerId;
    return {
      id: row.id,
      status: row.status,
      topic: row.topic,
      agenda: row.agenda,
      durationMinutes: row.durationMinutes,
      withPerson: person(otherId),
      contract: row.contractId ? { id: row.contractId, title: titles.get(row.contractId) ?? '' } : null,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      timeZone: row.timeZone,
      offeredStarts: row.offeredStarts.map((start) => start.toISOString()),
      offeredBy: row.offeredBy ? person(row.offeredBy) : null,
      offeredByMe: row.offeredBy === userId,
      offeredTimeZone: row.offeredTimeZone,
      rescheduleReason: row.rescheduleReason,
      meetingUrl: row.meetingUrl,
      cancellation:
        row.cancelledAt && row.cancelReason
          ? {
              by: row.cancelledBy ? person(row.cancelledBy) : { id: '', name: 'Sciwise' },
              reason: row.cancelReason,
              at: row.cancelledAt.toISOString(),
            }
          : null,
      notes:
        row.notes && row.notesUpdatedAt
          ? {
              text: row.notes,
              updatedAt: row.notesUpdatedAt.toISOString(),
              updatedBy: person(row.notesUpdatedBy ?? ''),
            }
          : null,
      actions: callActionsFor(row, userId, now),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export const isParty = (call: Pick<CallRow, 'organizerId' | 'attendeeId'>, userId: string) =>
  call.organizerId === userId || call.attendeeId === userId;

/** One of the person's calls, locked for a change when asked; anyone else's is not found. */
export async function callOf(
  db: Executor,
  callId: string,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<CallRow> {
  const query = db.select().from(calls).where(eq(calls.id, callId));
  const [call] = lock ? await query.for('update') : await query;
  if (!call || !isParty(call, userId)) throw notFound(CALL_NOT_FOUND);
  return call;
}

const views: Record<CallView, { where: (now: Date) => SQL; newestFirst: boolean }> = {
  upcoming: {
    where: (now) =>
      or(eq(calls.status, 'proposed'), and(eq(calls.status, 'confirmed'), gt(calls.endsAt, now)))!,
    newestFirst: false,
  },
  past: {
    where: (now) => and(eq(calls.status, 'confirmed'), lte(calls.endsAt, now))!,
    newestFirst: true,
  },
  cancelled: { where: () => eq(calls.status, 'cancelled'), newestFirst: true },
};

/**
 * One page of the person's calls in a view (of one contract, when asked), by start time: the
 * soonest first for what is ahead, the latest first for what is behind. The OR of the two sides
 * reads the (organizer, sort_at) and (attendee, sort_at) indexes as a bitmap, then sorts: one
 * person's calls are few enough for that.
 */
export async function listCalls(
  db: Executor,
  userId: string,
  query: CallListQuery & { view: CallView; limit: number },
  now: Date,
): Promise<CallList> {
  const view = views[query.view];
  const sortKey = `calls-${query.view}`;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, sortKey);
  const beyond = after
    ? view.newestFirst
      ? sql`(${calls.sortAt}, ${calls.id}) < (${atMicros(after.key)}, ${after.id}::uuid)`
      : sql`(${calls.sortAt}, ${calls.id}) > (${atMicros(after.key)}, ${after.id}::uuid)`
    : undefined;
  const order = view.newestFirst ? [desc(calls.sortAt), desc(calls.id)] : [asc(calls.sortAt), asc(calls.id)];
  const rows = await db
    .select({ call: calls, micros: epochMicros(calls.sortAt) })
    .from(calls)
    .where(
      and(
        or(eq(calls.organizerId, userId), eq(calls.attendeeId, userId)),
        query.contractId ? eq(calls.contractId, query.contractId) : undefined,
        view.where(now),
        beyond,
      ),
    )
    .orderBy(...order)
    .limit(query.limit + 1);
  const { shown, nextCursor } = pageOf(rows, query.limit, (last) => ({
    sort: sortKey,
    key: Number(last.micros),
    id: last.call.id,
  }));
  return {
    calls: await presentCalls(
      db,
      shown.map((row) => row.call),
      userId,
      now,
    ),
    nextCursor,
  };
}
