import type { ActivityResponse } from '@sciwise/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contractActivity, users } from '../../db/schema/index.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';

export interface ActivityEvent {
  contractId: string;
  milestoneId?: string | null;
  /** Null for the system: auto-release, the reconciler. */
  actorId: string | null;
  kind: string;
  text: string;
}

/** Appends to the contract's log in the caller's transaction: it exists exactly when the change does. */
export async function logActivity(tx: Executor | MoneyWrites, event: ActivityEvent): Promise<void> {
  const row = {
    contractId: event.contractId,
    milestoneId: event.milestoneId ?? null,
    actorId: event.actorId,
    kind: event.kind,
    text: event.text,
  };
  if (tx instanceof MoneyWrites) tx.insert(contractActivity, row);
  else await tx.insert(contractActivity).values(row);
}

const PAGE = 30;
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** Newest first, paged by (time, id); the caller has already checked the viewer may see the contract. */
export async function listActivity(
  db: Executor,
  contractId: string,
  cursorValue: string | undefined,
): Promise<ActivityResponse> {
  const conditions = [eq(contractActivity.contractId, contractId)];
  if (cursorValue) {
    const cursor = decodeCursor(cursorValue, 'activity');
    conditions.push(
      sql`(${contractActivity.createdAt}, ${contractActivity.id}) < (to_timestamp(${cursor.key}::float8 / 1000000), ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      entry: contractActivity,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      micros: sql<string>`(extract(epoch from ${contractActivity.createdAt}) * 1000000)::bigint::text`,
    })
    .from(contractActivity)
    .leftJoin(users, eq(users.id, contractActivity.actorId))
    .where(and(...conditions))
    .orderBy(desc(contractActivity.createdAt), desc(contractActivity.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    activity: page.map(({ entry, actor }) => ({
      id: entry.id,
      kind: entry.kind,
      actor: actor ? { id: actor.id, name: fullName(actor) } : null,
      milestoneId: entry.milestoneId,
      text: entry.text,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > PAGE && last
        ? encodeCursor({ sort: 'activity', key: Number(last.micros), id: last.entry.id })
        : null,
  };
}
