import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { knownDevices } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** A device is remembered this long after its last sign-in (the cookie lives as long). */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Devices kept per account: API clients without a cookie jar add one at every sign-in. */
const DEVICES_PER_ACCOUNT = 20;

/** The id of the known device the token names, when it signed in to this account before. */
export async function findKnownDevice(
  db: Executor,
  userId: string,
  token: string | undefined,
): Promise<string | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, hashToken(token)),
        eq(knownDevices.userId, userId),
        gt(knownDevices.lastUsedAt, new Date(Date.now() - KNOWN_DEVICE_TTL_MS)),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * After a successful password sign-in: refreshes a known device, or makes this one known with a
 * new token (a browser remembers the account that signed in last). Returns the cookie's token.
 */
export async function rememberDevice(
  db: Executor,
  userId: string,
  known: { id: string; token: string } | undefined,
): Promise<string> {
  if (known) {
    await db
      .update(knownDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(knownDevices.id, known.id));
    return known.token;
  }
  const token = newToken();
  // One statement (a sign-in's every round trip counts): the delete reads the snapshot before the
  // insert, so it keeps the newest DEVICES_PER_ACCOUNT - 1 others beside the new device.
  await db.execute(sql`
    with added as (
      insert into ${knownDevices} (user_id, token_hash) values (${userId}::uuid, ${hashToken(token)})
      returning id
    )
    delete from ${knownDevices}
     where user_id = ${userId}::uuid
       and id not in (
         select id from ${knownDevices} where user_id = ${userId}::uuid
          order by last_used_at desc limit ${DEVICES_PER_ACCOUNT - 1}
       )
       and id not in (select id from added)`);
  return token;
}
