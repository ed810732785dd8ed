import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { knownDevices } from '../../src/db/schema/index.ts';
import { deviceSignIn } from '../../src/modules/accounts/known-devices.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInUser, type SignedInUser } from '../factories.ts';

/*
 * One account signing in from many new devices at once, as API clients without a cookie jar do:
 * each sign-in adds a device and prunes the account's oldest beyond the limit, in one statement.
 * Two prunes that overlap must queue, not deadlock (a deadlock is a 500 on sign-in).
 */
let t: TestApp;
let person: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  person = await signedInUser(t.app);
});
afterAll(() => t.close());

describe('sign-ins from new devices at once', () => {
  it('every one opens a session, and the account keeps only its newest devices', async () => {
    // Devices last used at one instant: the prune's order among them is the database's to choose.
    await t.app.db.insert(knownDevices).values(
      Array.from({ length: 40 }, (_, i) => ({
        userId: person.id,
        tokenHash: `seeded-${i}`,
        lastUsedAt: new Date('2026-11-01T09:00:00Z'),
      })),
    );
    // As many sign-ins at once as a server's pool allows (10), not the test database's 5.
    const handle = t.database.url
      ? await openDatabase({ url: t.database.url, poolSize: 10 })
      : t.database.handle;
    const db: Database = handle.db;
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 120; i++) {
          const device = deviceSignIn(person.id, undefined);
          await createSession(db, { userId: person.id, ttlMs: 60_000 }, device.writes).catch((error) =>
            failures.push(error),
          );
        }
      }),
    );
    if (handle !== t.database.handle) await handle.close();
    expect(failures).toEqual([]);
    const devices = await t.app.db.select().from(knownDevices).where(eq(knownDevices.userId, person.id));
    // Each prune keeps the newest it sees; sign-ins that overlap may each keep one more.
    expect(devices.length).toBeGreaterThanOrEqual(20);
    expect(devices.length).toBeLessThanOrEqual(20 + 10);
    expect(devices.filter((device) => device.tokenHash.startsWith('seeded-'))).toEqual([]);
  });
});
