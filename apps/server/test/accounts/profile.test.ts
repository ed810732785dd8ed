import type { CurrentUser, ErrorResponse } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { randomIp, signedInUser } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, type: string, data: Buffer) {
  const boundary = '----sciwise-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('PATCH /api/me', () => {
  it('changes name, phone and newsletter choice', async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: user.headers,
      payload: {
        firstName: 'Dorothy',
        lastName: 'Hodgkin',
        phoneNumber: '+44 20 7946 0958',
        newsletterOptIn: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CurrentUser>()).toMatchObject({
      name: 'Dorothy Hodgkin',
      phoneNumber: '+442079460958',
      newsletterOptIn: true,
    });
  });

  it('refuses an empty change, a blank name and a bad phone, and needs a session', async () => {
    const user = await signedInUser(t.app);
    for (const payload of [{}, { firstName: ' ' }, { phoneNumber: 'call me' }]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: user.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/me', payload: { firstName: 'X' } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/me/password', () => {
  it('needs the current password, refuses common ones, and ends other sessions', async () => {
    const user = await signedInUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { email: user.email, password: user.password },
      remoteAddress: randomIp(),
    });
    const otherHeaders = { authorization: `Bearer ${other.json<{ token: string }>().token}` };

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: user.headers,
      payload: { currentPassword: 'wrong', newPassword: 'a fine new passphrase' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorResponse>().details?.[0]?.field).toBe('currentPassword');

    const common = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'qwerty123' },
    });
    expect(common.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: user.headers,
      payload: { currentPassword: user.password, newPassword: 'a fine new passphrase' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: otherHeaders })).statusCode).toBe(
      401,
    );
  });
});

describe('avatar', () => {
  it('accepts a real PNG and serves it back', async () => {
    const user = await signedInUser(t.app);
    const upload = multipart('me.png', 'image/png', PNG_1x1);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...user.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json<CurrentUser>();
    expect(avatarUrl).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=`));
    const image = await t.app.inject({ method: 'GET', url: avatarUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1x1)).toBe(true);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/me/avatar', headers: user.headers });
    expect(removed.json<CurrentUser>().avatarUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/avatar` })).statusCode).toBe(404);
  });

  it('refuses an executable disguised as an image, and files over 2 MB', async () => {
    const user = await signedInUser(t.app);
    const disguised = multipart('photo.png', 'image/png', Buffer.from('MZ\x90\x00 this is not a picture'));
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...user.headers, ...disguised.headers },
      payload: disguised.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json<ErrorResponse>().message).toMatch(/PNG, JPEG or WebP/);

    const huge = multipart(
      'big.png',
      'image/png',
      Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024 + 10)]),
    );
    const tooLarge = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...user.headers, ...huge.headers },
      payload: huge.payload,
    });
    expect(tooLarge.statusCode).toBe(413);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.avatarKey).toBeNull();
  });

  it('needs a session and multipart', async () => {
    const upload = multipart('me.png', 'image/png', PNG_1x1);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/me/avatar',
          headers: upload.headers,
          payload: upload.payload,
        })
      ).statusCode,
    ).toBe(401);
    const user = await signedInUser(t.app);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: user.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('DELETE /api/me', () => {
  it('needs the password, then anonymises the account and signs it out', async () => {
    const user = await signedInUser(t.app);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: user.headers,
      payload: { password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers })).statusCode).toBe(
      401,
    );
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', phoneNumber: null, passwordHash: null });
    expect(row!.email).not.toBe(user.email);

    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { email: user.email, password: user.password },
      remoteAddress: randomIp(),
    });
    expect(relogin.statusCode).toBe(401);
    // The e-mail is free again for a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/User/AddNewUser',
      payload: {
        email: user.email,
        firstName: 'New',
        lastName: 'Person',
        phoneNumber: '+1 201 555 0100',
        password: 'a fresh passphrase',
      },
      remoteAddress: randomIp(),
    });
    expect(again.statusCode).toBe(201);
  });
});
