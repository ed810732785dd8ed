import { and, eq, getTableColumns, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, Executor } from '../../db/client.ts';
import { rowsOfKept } from '../../db/prepared.ts';
import { expertProfiles, sessions, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

export type SessionUser = typeof users.$inferSelect;

export interface Authenticated {
  user: SessionUser;
  sessionId: string;
  /** Read with the session, so GET /api/me needs no second query to know the default mode. */
  hasExpertProfile?: boolean;
}

/**
 * A database trigger (migration 0009) NOTIFYs this channel with the id of every session that ends
 * early, revoked or deleted, when its transaction commits; src/realtime/session-revocation.ts
 * listens on every node and disconnects that session's sockets.
 */
export const SESSION_ENDED_CHANNEL = 'sciwise_session_ended';

/** Refresh last_seen_at at most this often, so reading a session rarely writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Opens a session and returns its bearer token (only its hash is stored). `alongside` is more of
 * the same sign-in's writes, as named data-modifying CTEs (see known-devices.ts), so a sign-in
 * writes in one statement: one round trip and one commit.
 */
export async function createSession(
  db: Executor,
  input: { userId: string; ttlMs: number; userAgent?: string | undefined; ipAddress?: string | undefined },
  alongside?: SQL,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.ttlMs);
  // Every sign-in runs this: each form of it is parsed once (rowsOfKept), not on every sign-in.
  const [row] = await rowsOfKept<{ id: string }>(
    db,
    sql`with ${alongside ? sql`${alongside}, ` : sql``}
      created as (
        insert into ${sessions} (user_id, token_hash, expires_at, user_agent, ip_address)
        values (${input.userId}::uuid, ${hashToken(token)}, ${expiresAt.toISOString()}::timestamptz,
                ${input.userAgent?.slice(0, 300) ?? null}, ${input.ipAddress ?? null})
        returning id
      )
    select id from created`,
  );
  return { token, sessionId: row!.id, expiresAt };
}

/** The user's columns, in the order the lookup selects them after its first three. */
const userColumns = getTableColumns(users);
const userKeys = Object.keys(userColumns) as (keyof SessionUser)[];

/*
 * Every signed-in request runs this lookup, so its text is built once and it goes to the driver
 * as a named statement (parsed once per connection), with its row mapped here: through the ORM,
 * its promise hand-overs and row mapping cost GET /api/me 3-13% of its throughput on PostgreSQL
 * (docs/decisions/074-answers-written-from-compiled-schemas.md). Rows come as arrays: the session
 * and the user both have an id.
 */
const sessionLookup = new QueryBuilder()
  .select({
    sessionId: sessions.id,
    lastSeenAt: sessions.lastSeenAt,
    hasExpertProfile: sql<boolean>`exists (select 1 from ${expertProfiles} where ${expertProfiles.userId} = ${users.id})`,
    ...userColumns,
  })
  .from(sessions)
  .innerJoin(users, eq(users.id, sessions.userId))
  .where(
    and(
      eq(sessions.tokenHash, sql.placeholder('tokenHash')),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
      isNull(users.deletedAt),
      // Suspending revokes every session too; this also covers one created in a race with it.
      isNull(users.suspendedAt),
    ),
  )
  .limit(1)
  .toSQL();

/**
 * The SQL text of the lookup ($1 the token's hash, $2 the limit): the bare baselines of
 * bench/api-server.ts and bench/chat-server.ts send the same.
 */
export const SESSION_LOOKUP_SQL = sessionLookup.sql;

/** The live session and its user for a bearer token, or null. One indexed query. */
export async function findSession(database: DatabaseHandle, token: string): Promise<Authenticated | null> {
  const [row] = (await database.rawQuery(SESSION_LOOKUP_SQL, [hashToken(token), 1], {
    name: 'find_session',
    rowMode: 'array',
  })) as unknown[][];
  if (!row) return null;
  const [sessionId, lastSeenAt, hasExpertProfile] = row as [string, Date, boolean];
  const user = {} as Record<keyof SessionUser, unknown>;
  for (let i = 0; i < userKeys.length; i++) user[userKeys[i]!] = row[i + 3];
  if (Date.now() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  }
  return { user: user as SessionUser, sessionId, hasExpertProfile };
}

/** Ends one session; its sockets are disconnected on commit (see SESSION_ENDED_CHANNEL). */
export async function revokeSession(
  db: Executor,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/**
 * Ends every live session of the user, except the one named (if any); their sockets are
 * disconnected on commit (see SESSION_ENDED_CHANNEL).
 */
export async function revokeAllSessions(
  db: Executor,
  { userId, exceptSessionId }: { userId: string; exceptSessionId?: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/**
 * Which of these sessions are still live (not revoked, not expired, their user not deleted).
 * The ids go as one array, so the statement's text is the same for any number of them and is
 * kept (rowsOfKept): an IN list of a thousand placeholders was parsed and planned on every call,
 * half of the lookup's time on the embedded database. The ids are session ids this server read
 * from the database, so the array literal needs no escaping.
 */
export async function liveSessionIds(db: Executor, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await rowsOfKept<{ id: string }>(
    db,
    sql`select ${sessions.id} as id from ${sessions}
          join ${users} on ${users.id} = ${sessions.userId}
         where ${sessions.id} = any(${`{${sessionIds.join(',')}}`}::uuid[])
           and ${sessions.revokedAt} is null and ${sessions.expiresAt} > now()
           and ${users.deletedAt} is null`,
  );
  return new Set(rows.map((row) => row.id));
}

export async function listLiveSessions(db: Executor, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

/** What a suspended person is told when they try to sign in: that, and the administrator's reason. */
export function suspendedMessage(reason: string | null): string {
  return `This account is suspended, so it cannot sign in. The reason given: ${reason ?? 'none recorded'}`;
}
