import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { knownDevices, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** A device is remembered this long after its last sign-in (the cookie lives as long). */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Devices kept per account: API clients without a cookie jar add one at every sign-in. */
const DEVICES_PER_ACCOUNT = 20;

/** What a device cookie is looked up by; a missing or oversized one matches no device. */
export function deviceTokenHash(token: string | undefined): string {
  return token && token.length <= 200 ? hashToken(token) : '';
}

/**
 * The id of the known device whose token hashes to `tokenHash`, when it signed in to the user
 * within KNOWN_DEVICE_TTL_MS, else null: a scalar subquery for a statement that reads `users`.
 * Its columns are spelled out with their table, as drizzle leaves them bare in a one-table select.
 */
export function knownDeviceOfUser(tokenHash: Placeholder) {
  return sql<string | null>`(
    select device.id from ${knownDevices} device
     where device.token_hash = ${tokenHash} and device.user_id = ${users}.id
       and device.last_used_at > now() - ${`${KNOWN_DEVICE_TTL_MS / 1000} seconds`}::interval
     limit 1
  )`;
}

/**
 * What a successful password sign-in does to its device, as CTEs for the statement that opens the
 * session (createSession's `alongside`): refreshes a known device, or makes this one known with a
 * new token (a browser remembers the account that signed in last). `token` is the cookie's.
 */
export function deviceSignIn(
  userId: string,
  known: { id: string; token: string } | undefined,
): { token: string; writes: SQL } {
  if (known) {
    return {
      token: known.token,
      writes: sql`device_refreshed as (
        update ${knownDevices} set last_used_at = now() where id = ${known.id}::uuid returning id
      )`,
    };
  }
  const token = newToken();
  return {
    token,
    // The delete reads the snapshot from before the insert, so it keeps the newest
    // DEVICES_PER_ACCOUNT - 1 others beside the new device (known_devices_beyond, which reads
    // them through an index scan: migration 0038 says why). It locks the devices it removes in id
    // order first (the array is built before the delete runs): two sign-ins of one account at once
    // then queue on the devices both would remove, where locking them in the order each delete met
    // them deadlocked one or two sign-ins in 8,000 under load.
    writes: sql`device_added as (
        insert into ${knownDevices} (user_id, token_hash) values (${userId}::uuid, ${hashToken(token)})
        returning id
      ),
      devices_pruned as (
        delete from ${knownDevices}
         where id = any(array(
           select id from ${knownDevices}
            where id = any(array(select known_devices_beyond(${userId}::uuid, ${DEVICES_PER_ACCOUNT - 1})))
            order by id
            for update
         ))
        returning id
      )`,
  };
}
