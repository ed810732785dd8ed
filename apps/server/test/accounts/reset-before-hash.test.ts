import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as Passwords from '../../src/lib/passwords.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { randomIp } from '../factories.ts';

// argon2 is slow on purpose: a reset link that is dead must be refused before any hashing, or
// anyone could make the server hash for them, as fast as they can send made-up links.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/lib/passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashes.count += 1;
      return actual.hashPassword(password);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a made-up reset token is refused without hashing the new password', async () => {
  const before = hashes.count;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Account/ResetPassword',
    payload: { token: 'made-up-token-made-up-token-made-up', password: 'a-long-new-password-2026' },
    remoteAddress: randomIp(),
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().message).toMatch(/invalid or has expired/);
  expect(hashes.count).toBe(before);
});
