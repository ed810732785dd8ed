import type { NotificationListResponse } from '@sciwise/contracts';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import { decodeCursor, pageOf } from '../../lib/cursor.ts';

export interface NewNotification {
  /** A stable machine name, e.g. expert_application_approved. */
  kind: string;
  title: string;
  body: string;
  /** A path inside the app, e.g. /join-expert. */
  link?: string | null;
}

/** Channel on which every node hears about new notifications (see push.ts). */
export const NOTIFICATION_CHANNEL = 'sciwise_notifications';

/**
 * `select pg_notify(…) from <rows>`: announces freshly inserted notification rows. NOTIFY rides
 * the inserting transaction, so Postgres delivers it only on commit, to every node; nobody is
 * told about a change that was rolled back. The payload is built by the database function
 * notification_event (migration 0008), which chat's store_message uses too.
 */
export function announceNotifications(rows: SQL): SQL {
  return sql`select pg_notify(${NOTIFICATION_CHANNEL},
      notification_event(user_id, id, kind, title, body, link, created_at)) from ${rows}`;
}

/**
 * Adds an in-app notification for one person or several (one statement however many); pass the
 * caller's transaction so it commits with the change it reports.
 */
export async function notify(
  tx: Executor,
  recipients: string | readonly string[],
  notification: NewNotification,
): Promise<void> {
  const userIds = typeof recipients === 'string' ? [recipients] : [...new Set(recipients)];
  await notifyEach(
    tx,
    userIds.map((userId) => ({ userId, ...notification })),
  );
}

/** Adds notifications that differ per person, in one statement, in the caller's transaction. */
export async function notifyEach(
  tx: Executor | MoneyWrites,
  items: readonly (NewNotification & { userId: string })[],
): Promise<void> {
  if (items.length === 0) return;
  // Queued, they are inserted and announced the same way by apply_money_writes (migration 0023).
  if (tx instanceof MoneyWrites) {
    tx.insert(
      notifications,
      items.map((item) => ({ ...item, link: item.link ?? null })),
    );
    return;
  }
  const rows = sql.join(
    items.map(
      (item) => sql`(${item.userId}::uuid, ${item.kind}, ${item.title}, ${item.body}, ${item.link ?? null})`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with inserted as (
      insert into notifications (user_id, kind, title, body, link)
      values ${rows}
      returning *
    )
    ${announceNotifications(sql`inserted`)}`);
}

export async function listNotifications(
  db: Executor,
  userId: string,
  input: { limit: number; cursor?: string | undefined },
): Promise<NotificationListResponse> {
  const conditions = [eq(notifications.userId, userId)];
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, 'notifications');
    // Microseconds since the epoch, so equal-millisecond rows never fall between pages.
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (to_timestamp(${cursor.key}::float8 / 1000000), ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      micros: sql<string>`(extract(epoch from ${notifications.createdAt}) * 1000000)::bigint::text`,
    })
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit + 1);
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const { shown, nextCursor } = pageOf(rows, input.limit, (last) => ({
    sort: 'notifications',
    key: Number(last.micros),
    id: last.id,
  }));
  return {
    notifications: shown.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
    unreadCount: unread?.n ?? 0,
    nextCursor,
  };
}

/** Marks one of the user's notifications read; false when it isn't theirs or doesn't exist. */
export async function markRead(
  db: Executor,
  { userId, notificationId: id }: { userId: string; notificationId: string },
): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
