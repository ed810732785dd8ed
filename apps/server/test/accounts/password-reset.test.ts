import type { ErrorResponse } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/db/schema/index.ts';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '../../src/modules/accounts/password-reset.ts';
import { resetTokenFor } from '../support/outbox.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, randomIp, type SignedInUser, signedInUser } from '../factories.ts';

let t: TestApp;
/** Reads the development outbox, which only admins may. */
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
});
afterAll(() => t.close());

const forgot = (email: string, remoteAddress = randomIp()) =>
  t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { email }, remoteAddress });
const reset = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/ResetPassword',
    payload: { token, password },
    remoteAddress: randomIp(),
  });

const tokenFromOutbox = (email: string) => resetTokenFor(t.app, admin, email);

describe('password reset', () => {
  it('answers the same for known and unknown e-mails', async () => {
    const user = await signedInUser(t.app);
    const known = await forgot(user.email);
    const unknown = await forgot(`nobody-${user.email}`);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
  });

  it('e-mails a single-use link that sets the password and ends every session', async () => {
    const user = await signedInUser(t.app);
    await forgot(user.email);
    const token = await tokenFromOutbox(user.email);

    const changed = await reset(token, 'a brand new passphrase');
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(
      401,
    );

    const loginOld = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { email: user.email, password: user.password },
      remoteAddress: randomIp(),
    });
    expect(loginOld.statusCode).toBe(401);
    const loginNew = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { email: user.email, password: 'a brand new passphrase' },
      remoteAddress: randomIp(),
    });
    expect(loginNew.statusCode).toBe(200);

    const again = await reset(token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorResponse>().message).toBe(RESET_LINK_INVALID);
  });

  it('refuses an expired link', async () => {
    const user = await signedInUser(t.app);
    await forgot(user.email);
    const token = await tokenFromOutbox(user.email);
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    expect((await reset(token, 'a brand new passphrase')).json<ErrorResponse>().message).toBe(
      RESET_LINK_INVALID,
    );
  });

  it('refuses a common new password and keeps the link usable', async () => {
    const user = await signedInUser(t.app);
    await forgot(user.email);
    const token = await tokenFromOutbox(user.email);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorResponse>().details?.[0]?.field).toBe('password');
    expect((await reset(token, 'a much better passphrase')).statusCode).toBe(200);
  });

  it('refuses made-up tokens without a 5xx', async () => {
    for (const token of ['nope', 'x'.repeat(200), "' or 1=1 --"]) {
      expect((await reset(token, 'a brand new passphrase')).statusCode).toBe(400);
    }
  });

  it('rate-limits reset requests per e-mail', async () => {
    const user = await signedInUser(t.app);
    for (let i = 0; i < 5; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot(user.email)).statusCode).toBe(429);
  });
});

describe('password reset over SMTP', () => {
  it('sends the e-mail through the configured SMTP server', async () => {
    const received: Array<{ to: string; body: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    const smtpApp = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const user = await signedInUser(smtpApp.app);
      await smtpApp.app.inject({
        method: 'POST',
        url: '/api/Account/ForgotPassword',
        payload: { email: user.email },
      });
      // The new account's address confirmation goes out through the same server.
      const resets = () => received.filter((mail) => /Subject: Reset your Sciwise password/.test(mail.body));
      for (let i = 0; i < 100 && resets().length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(resets()).toHaveLength(1);
      expect(resets()[0]!.to).toBe(user.email);
      const decoded = resets()[0]!
        .body.replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      expect(decoded).toMatch(/reset-password\?token=[\w-]{43}/);
      // With SMTP configured, the development outbox is not exposed.
      expect((await smtpApp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await smtpApp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
