import type { ErrorResponse } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices } from '../../src/db/schema/index.ts';
import { authLimits, slowDownDelay } from '../../src/lib/rate-limit.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { resetTokenFor } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, randomIp, type SignedInUser, signedInUser } from '../factories.ts';

// Guessing at a known account must stay expensive without letting a stranger lock its owner out
// (before, ten wrong passwords from anywhere made the right one answer 429 for 15 minutes).
// The slow-down's waits are recorded instead of slept, so nothing here depends on the clock.
const waits: number[] = [];
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({
    overrides: {
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  });
  admin = await adminUser(t.app);
});
afterAll(() => t.close());

const DEVICE_COOKIE = '__Host-device';
const perAddress = authLimits.loginFailuresPerAccountAndIp.points;
const slowDown = authLimits.loginSlowDownPerAccount;

/** One sign-in attempt; returns its answer and the waits the slow-down imposed on it. */
async function login(email: string, password: string, options: { ip?: string; device?: string } = {}) {
  const before = waits.length;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { email, password },
    remoteAddress: options.ip ?? randomIp(),
    cookies: options.device ? { [DEVICE_COOKIE]: options.device } : {},
  });
  return { response, status: response.statusCode, waited: waits.slice(before) };
}

/** The device cookie a sign-in set. */
const cookieOf = (signedIn: Awaited<ReturnType<typeof login>>) =>
  signedIn.response.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;

/** `count` wrong passwords at the account, each from a new address (so no address limit applies). */
async function failFromManyAddresses(email: string, count: number) {
  for (let i = 0; i < count; i++) expect((await login(email, `guess-${i}`)).status).toBe(401);
}

describe('sign-in limits that keep the owner in', () => {
  it('an attacker failing from one address is refused there (429), the owner elsewhere still gets in', async () => {
    const owner = await signedInUser(t.app);
    const attacker = randomIp();
    for (let i = 0; i < perAddress; i++) {
      expect((await login(owner.email, `guess-${i}`, { ip: attacker })).status).toBe(401);
    }
    const refused = await login(owner.email, owner.password, { ip: attacker });
    expect(refused.status).toBe(429);
    expect(refused.response.json<ErrorResponse>().message).toMatch(/Too many attempts/);
    expect(refused.response.headers['retry-after']).toBeDefined();

    const fromHome = await login(owner.email, owner.password);
    expect(fromHome.status).toBe(200);
    // Slowed down by the attacker's failures, but never for longer than the cap.
    expect(fromHome.waited).toEqual([slowDown.maxDelayMs]);
  });

  it('per account, failures only slow the next attempts down, more with each one, up to a cap', async () => {
    const owner = await signedInUser(t.app);
    const seen: number[][] = [];
    for (let i = 0; i < slowDown.freeFailures + 7; i++) {
      const attempt = await login(owner.email, `guess-${i}`);
      expect(attempt.status).toBe(401);
      seen.push(attempt.waited);
    }
    const expected = seen.map((_, failures) => {
      const delay = slowDownDelay(slowDown, failures);
      return delay > 0 ? [delay] : [];
    });
    expect(seen).toEqual(expected);
    expect(seen.slice(0, slowDown.freeFailures).flat()).toEqual([]);
    expect(seen.at(-1)).toEqual([slowDown.maxDelayMs]);
    expect(new Set(seen.flat()).size).toBeGreaterThan(2); // it grows before it reaches the cap
  });

  it('counts only failures: right passwords never slow anyone down, and a success forgets the address', async () => {
    const owner = await signedInUser(t.app);
    const ip = randomIp();
    for (let i = 0; i < slowDown.freeFailures + 2; i++) {
      expect((await login(owner.email, owner.password, { ip })).waited).toEqual([]);
    }
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < perAddress - 1; i++) {
        expect((await login(owner.email, `guess-${i}`, { ip })).status).toBe(401);
      }
      expect((await login(owner.email, owner.password, { ip })).status).toBe(200);
    }
  });

  it('a known device gets in at once, even from the attacked address, while the account is under attack', async () => {
    const owner = await signedInUser(t.app);
    const first = await login(owner.email, owner.password);
    const cookie = first.response.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, path: '/', sameSite: 'Strict' });
    expect(cookie!.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    const device = cookie!.value;
    // Only a hash of the device token is stored.
    const rows = await t.app.db
      .select()
      .from(knownDevices)
      .where(eq(knownDevices.tokenHash, hashToken(device)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(device);

    const attacker = randomIp();
    await failFromManyAddresses(owner.email, 3 * slowDown.freeFailures);
    for (let i = 0; i < perAddress; i++) await login(owner.email, `guess-${i}`, { ip: attacker });
    expect((await login(owner.email, owner.password, { ip: attacker })).status).toBe(429);

    const known = await login(owner.email, owner.password, { ip: attacker, device });
    expect(known.status).toBe(200);
    expect(known.waited).toEqual([]);
    const elsewhere = await login(owner.email, owner.password, { device });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.waited).toEqual([]);
  });

  it('an account remembers its 20 newest devices: API clients without cookies do not pile up rows', async () => {
    const owner = await signedInUser(t.app);
    const devices: string[] = [];
    for (let i = 0; i < 23; i++) {
      const signedIn = await login(owner.email, owner.password);
      expect(signedIn.status).toBe(200);
      devices.push(cookieOf(signedIn));
    }
    const kept = await t.app.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id));
    expect(kept.map((row) => row.tokenHash).sort()).toEqual(devices.slice(-20).map(hashToken).sort());
  });

  it('a device that signs in again keeps its cookie and counts as new again when older ones are let go', async () => {
    const owner = await signedInUser(t.app);
    const laptop = cookieOf(await login(owner.email, owner.password));
    const others: string[] = [];
    for (let i = 0; i < 19; i++) others.push(cookieOf(await login(owner.email, owner.password)));
    expect(cookieOf(await login(owner.email, owner.password, { device: laptop }))).toBe(laptop);
    const newest = cookieOf(await login(owner.email, owner.password));

    const kept = await t.app.db.select().from(knownDevices).where(eq(knownDevices.userId, owner.id));
    // The oldest cookie-less one went, not the laptop, which signed in after it.
    expect(kept.map((row) => row.tokenHash).sort()).toEqual(
      [laptop, ...others.slice(1), newest].map(hashToken).sort(),
    );
  });

  it('a device known to another account, or a made-up one, earns nothing', async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const othersDevice = cookieOf(await login(other.email, other.password));
    await failFromManyAddresses(owner.email, slowDown.freeFailures + 1);
    for (const device of [othersDevice, 'made-up-device-token']) {
      const attempt = await login(owner.email, owner.password, { device });
      expect(attempt.status).toBe(200);
      expect(attempt.waited.length).toBe(1);
    }
  });

  it('a device that has not signed in for over a year is a stranger again', async () => {
    const owner = await signedInUser(t.app);
    const lastYear = cookieOf(await login(owner.email, owner.password));
    const forgotten = cookieOf(await login(owner.email, owner.password));
    const lastUsed = async (device: string, daysAgo: number) =>
      t.app.db
        .update(knownDevices)
        .set({ lastUsedAt: sql`now() - make_interval(days => ${daysAgo})` })
        .where(eq(knownDevices.tokenHash, hashToken(device)));
    await lastUsed(lastYear, 364);
    await lastUsed(forgotten, 366);
    await failFromManyAddresses(owner.email, slowDown.freeFailures + 1);

    expect((await login(owner.email, owner.password, { device: lastYear })).waited).toEqual([]);
    const returning = await login(owner.email, owner.password, { device: forgotten });
    expect(returning.status).toBe(200);
    expect(returning.waited.length).toBe(1);
    // It is known again from now on, under a new cookie.
    expect(cookieOf(returning)).not.toBe(forgotten);
  });

  it('a known device has a failure limit of its own', async () => {
    const owner = await signedInUser(t.app);
    const device = cookieOf(await login(owner.email, owner.password));
    const limit = authLimits.loginFailuresPerKnownDevice.points;
    for (let i = 0; i < limit; i++)
      expect((await login(owner.email, `guess-${i}`, { device })).status).toBe(401);
    expect((await login(owner.email, owner.password, { device })).status).toBe(429);
  });

  it('the e-mailed reset clears the counters: the new password gets in at once from the attacked address', async () => {
    const owner = await signedInUser(t.app);
    const attacker = randomIp();
    await failFromManyAddresses(owner.email, 2 * slowDown.freeFailures);
    for (let i = 0; i < perAddress; i++) await login(owner.email, `guess-${i}`, { ip: attacker });
    expect((await login(owner.email, owner.password, { ip: attacker })).status).toBe(429);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ForgotPassword',
      payload: { email: owner.email },
      remoteAddress: randomIp(),
    });
    expect(asked.statusCode).toBe(200);
    const token = await resetTokenFor(t.app, admin, owner.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ResetPassword',
      payload: { token, password: 'a brand new passphrase' },
      remoteAddress: randomIp(),
    });
    expect(reset.statusCode).toBe(200);

    const after = await login(owner.email, 'a brand new passphrase', { ip: attacker });
    expect(after.status).toBe(200);
    expect(after.waited).toEqual([]);
  });

  it('an unknown e-mail is limited exactly like a known one, so the limits reveal no accounts', async () => {
    const owner = await signedInUser(t.app);
    const nobody = `nobody-${owner.email}`;
    const ip = randomIp();
    const answers = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= perAddress; i++) statuses.push((await login(email, `guess-${i}`, { ip })).status);
      return statuses;
    };
    expect(await answers(nobody)).toEqual(await answers(owner.email));
  });
});
