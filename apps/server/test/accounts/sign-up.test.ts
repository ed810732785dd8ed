import type { ErrorResponse } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import type * as passwords from '../../src/lib/passwords.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { SIGN_UP_ANSWER } from '../../src/modules/accounts/sign-up.ts';
import { mailTo, waitForMail } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, randomIp, type SignedInUser, signUpPayload } from '../factories.ts';

// Counts the password hashes sign-up computes (the same work for a new and a taken address).
vi.mock('../../src/lib/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let t: TestApp;
/** Reads the development outbox, which only admins may. */
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
});
afterAll(() => t.close());

const signUp = (payload: unknown, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/User/AddNewUser', payload: payload as object, remoteAddress });

const countUsersWithEmail = async (email: string) => {
  const [row] = await t.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row!.n;
};

describe('POST /api/User/AddNewUser', () => {
  it('creates the account and stores how-you-heard and the newsletter choice', async () => {
    const payload = signUpPayload({ heardFrom: 'linkedin', newsletterOptIn: true });
    const response = await signUp(payload);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: SIGN_UP_ANSWER });

    const [stored] = await t.app.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${payload.email}`);
    expect(stored).toMatchObject({
      heardFrom: 'linkedin',
      newsletterOptIn: true,
      phoneNumber: '+12015550199',
    });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored!.passwordHash).not.toContain(payload.password);
  });

  it('accepts the spec payload without how-you-heard or newsletter fields', async () => {
    const { heardFrom: _h, newsletterOptIn: _n, ...specPayload } = signUpPayload();
    expect((await signUp(specPayload)).statusCode).toBe(201);
  });

  it('answers a taken e-mail (whatever its case) exactly like a new one, after the same work', async () => {
    const owner = signUpPayload();
    const fresh = await signUp(owner);
    const hashes = vi.mocked(hashPassword).mock.calls.length;
    const taken = await signUp({ ...signUpPayload(), email: owner.email.toUpperCase() });
    expect(vi.mocked(hashPassword).mock.calls.length).toBe(hashes + 1);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(await countUsersWithEmail(owner.email)).toBe(1);
    // The account is untouched: its owner's password still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: randomIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it("tells the existing account's owner by e-mail, with links to log in or reset the password", async () => {
    const owner = signUpPayload({ firstName: 'Lise' });
    await signUp(owner);
    // A new account gets only the link that confirms its address.
    await waitForMail(t.app, admin, owner.email, /verify-email\?token=/);
    expect((await mailTo(t.app, admin, owner.email)).map((mail) => mail.subject)).toEqual([
      'Confirm your e-mail address for Sciwise',
    ]);
    await signUp({ ...signUpPayload(), email: owner.email });
    await waitForMail(t.app, admin, owner.email, /Someone just tried to create a new Sciwise account/);
    const [notice] = await mailTo(t.app, admin, owner.email);
    expect(notice!.subject).toBe('Someone tried to create a Sciwise account with your e-mail');
    expect(notice!.text).toMatch(/^Hi Lise,/);
    expect(notice!.text).toContain(`${t.config.publicUrl}/?auth=login`);
    expect(notice!.text).toContain(`${t.config.publicUrl}/?auth=forgot`);
    expect(notice!.text).not.toMatch(/token/i);
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['firstName', { firstName: '   ' }],
    ['lastName', { lastName: 'x'.repeat(101) }],
    ['phoneNumber', { phoneNumber: '5550100' }],
    ['password', { password: 'short' }],
    ['heardFrom', { heardFrom: 'tv' }],
    ['newsletterOptIn', { newsletterOptIn: 'yes' }],
  ])('answers 400 naming %s when it is invalid, and stores nothing', async (field, change) => {
    const payload = { ...signUpPayload(), ...change };
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.code).toBe('invalid_input');
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.details?.map((d) => d.field)).toContain(field);
    if (field !== 'email') expect(await countUsersWithEmail(payload.email as string)).toBe(0);
  });

  it("stores any country's number in E.164, however it was spaced", async () => {
    for (const [phoneNumber, stored] of [
      ['+49 30 1234567', '+49301234567'],
      ['+91 98765 43210', '+919876543210'],
      ['+55 (11) 91234-5678', '+5511912345678'],
    ]) {
      const payload = signUpPayload({ phoneNumber });
      expect((await signUp(payload)).statusCode, phoneNumber).toBe(201);
      const [row] = await t.app.db
        .select({ phoneNumber: users.phoneNumber })
        .from(users)
        .where(sql`${users.email} = ${payload.email}`);
      expect(row!.phoneNumber).toBe(stored);
    }
  });

  it.each([
    ['030 1234567', 'Enter the phone number with its country code, e.g. +1 201 555 0123.'],
    ['+49 12', 'That phone number is too short.'],
    ['+1 201 555 0123 9999', 'That phone number is too long.'],
    ['+999 1234 5678', 'No country has the calling code of this number. Check the digits after the +.'],
    ['+1 555 010 0199', 'That is not a valid phone number: check the country code and the digits.'],
    ['+49 30 12 34 ext', 'Use digits only, with spaces or dashes if you like.'],
  ])('refuses the phone %j with a message saying why, and stores nothing', async (phoneNumber, message) => {
    const payload = signUpPayload({ phoneNumber });
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().details).toEqual([{ field: 'phoneNumber', message }]);
    expect(await countUsersWithEmail(payload.email)).toBe(0);
  });

  it('refuses common passwords and a password equal to the e-mail', async () => {
    for (const password of ['password1', 'iloveyou', 'qwertyuiop', 'aaaaaaaaaaaa']) {
      const response = await signUp(signUpPayload({ password }));
      expect(response.statusCode, password).toBe(400);
      expect(response.json<ErrorResponse>().details?.[0]?.field).toBe('password');
    }
    const payload = signUpPayload();
    expect((await signUp({ ...payload, password: payload.email })).statusCode).toBe(400);
  });

  it('allows long passphrases (64 characters and more)', async () => {
    expect(
      (await signUp(signUpPayload({ password: 'correct horse battery staple '.repeat(4) }))).statusCode,
    ).toBe(201);
  });

  it('never answers 5xx to malformed, oversized or hostile input', async () => {
    const hostile = [
      { body: '{"email": ', type: 'application/json' },
      { body: 'null', type: 'application/json' },
      { body: '[]', type: 'application/json' },
      { body: 'email=a@b.c', type: 'application/x-www-form-urlencoded' },
      {
        body: JSON.stringify({ ...signUpPayload(), firstName: 'x'.repeat(1024 * 1024) }),
        type: 'application/json',
      },
      {
        body: JSON.stringify({ ...signUpPayload(), firstName: 42, lastName: ['a'] }),
        type: 'application/json',
      },
    ];
    for (const { body, type } of hostile) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/User/AddNewUser',
        payload: body,
        headers: { 'content-type': type },
      });
      expect(response.statusCode, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.slice(0, 40)).toBeLessThan(500);
      expect(response.json<ErrorResponse>().message).toBeTruthy();
    }
  });

  it('stores unicode and SQL-looking names exactly as typed', async () => {
    const payload = signUpPayload({ firstName: "Zoë'); drop table users;--", lastName: '渡辺 🧪' });
    expect((await signUp(payload)).statusCode).toBe(201);
    const [stored] = await t.app.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${payload.email}`);
    expect(stored).toMatchObject({ firstName: "Zoë'); drop table users;--", lastName: '渡辺 🧪' });
  });

  it('rate-limits sign-ups from one address with 429 and a message', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signUp({ ...signUpPayload(), password: 'short' }, ip)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    const limited = await signUp(signUpPayload(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<ErrorResponse>().message).toMatch(/Too many attempts/);
  });
});
