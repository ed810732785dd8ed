import type { ErrorResponse, OutboxMessage } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, randomIp, signedInUser } from '../factories.ts';

// The development outbox holds live password-reset links: reading it must not be open to anyone
// who can reach the port, or any account could be taken over.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readOutbox = (email: string, headers?: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}`, headers });

async function resetMailFor(email: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/Account/ForgotPassword',
    payload: { email },
    remoteAddress: randomIp(),
  });
  expect(asked.statusCode).toBe(200);
}

describe('GET /api/dev/outbox', () => {
  it('is closed to anonymous visitors (401) and to members (403), open to an admin (200)', async () => {
    const victim = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const admin = await adminUser(t.app);
    await resetMailFor(victim.email);

    const anonymous = await readOutbox(victim.email);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('reset-password');
    const asMember = await readOutbox(victim.email, member.headers);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json<ErrorResponse>().message).toBeTruthy();
    expect(asMember.body).not.toContain('reset-password');

    // The reset, beside the new account's address confirmation (both sent after their answers).
    const isReset = (message: OutboxMessage) => message.subject === 'Reset your Sciwise password';
    let messages: OutboxMessage[] = [];
    for (let attempt = 0; attempt < 50 && !messages.some(isReset); attempt++) {
      const asAdmin = await readOutbox(victim.email, admin.headers);
      expect(asAdmin.statusCode).toBe(200);
      messages = asAdmin.json<{ messages: OutboxMessage[] }>().messages;
      if (!messages.some(isReset)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(messages.find(isReset)).toMatchObject({ to: victim.email });
  });

  it("shows a reset link's token only to a browser on the server's own machine, even to an admin", async () => {
    const victim = await signedInUser(t.app);
    const admin = await adminUser(t.app);
    await resetMailFor(victim.email);
    const read = async (remoteAddress: string) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/dev/outbox?to=${encodeURIComponent(victim.email)}`,
          headers: admin.headers,
          remoteAddress,
        });
        const mail = response
          .json<{ messages: OutboxMessage[] }>()
          .messages.find((message) => message.subject === 'Reset your Sciwise password');
        if (mail) return mail.text;
        await new Promise((resolve) => setTimeout(resolve, 20)); // sent after the answer
      }
      throw new Error('no reset e-mail');
    };
    const fromElsewhere = await read('203.0.113.7');
    expect(fromElsewhere).toContain('/reset-password?token=[hidden');
    expect(fromElsewhere).not.toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(await read('127.0.0.1')).toMatch(/\/reset-password\?token=[A-Za-z0-9_%-]{20,}/);
  });

  it('is not there at all in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' },
      database: t.database,
    });
    try {
      const admin = await adminUser(production.app);
      const response = await production.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
