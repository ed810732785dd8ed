import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, users } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * A database error carries the statement's parameters (drizzle puts them in the message, pg in
 * `detail`): logged whole, every failed insert would copy what people wrote and their e-mail
 * addresses into the logs. The logs must keep what a developer needs (the SQLSTATE code, the
 * constraint, the statement with its placeholders) and none of the values.
 */

const EMAIL = 'ada.lovelace.private@example.test';
const MESSAGE = 'my private message about the diagnosis';
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    overrides: { logStream },
    // Routes that fail the way a bug in a service would, with a person's data in the statement.
    beforeReady: (app) => {
      app.post('/api/test/outbox-nul', async () => {
        await app.db.insert(devOutbox).values({ to: EMAIL, subject: 'Hello', text: `${MESSAGE}\u0000` });
      });
      app.post('/api/test/duplicate-user', async () => {
        const person = { email: EMAIL, firstName: 'Ada', lastName: MESSAGE, passwordHash: null };
        await app.db.insert(users).values(person);
        await app.db.insert(users).values(person);
      });
      app.post('/api/test/bad-cast', async () => {
        await app.db.execute(sql`select ${`${EMAIL} ${MESSAGE}`}::uuid`);
      });
    },
  });
});
afterAll(() => t.close());

const errorLines = () => lines.filter((line) => line.includes('unhandled error'));

describe('error logs', () => {
  it.each([
    ['a NUL byte in a text parameter', '/api/test/outbox-nul'],
    ['a unique violation (whose detail names the key)', '/api/test/duplicate-user'],
    ['a cast whose error message quotes the value', '/api/test/bad-cast'],
  ])('a failed statement (%s) is logged without its parameters', async (_case, url) => {
    const before = errorLines().length;
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-request-id': `log-test-${url.split('/').pop()}` },
    });
    expect(response.statusCode).toBe(500);
    const logged = errorLines().slice(before);
    expect(logged).toHaveLength(1);
    const line = logged[0]!;
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('ada.lovelace');
    expect(line).not.toContain(MESSAGE);
    // Still useful: the request, the SQLSTATE code and the statement with placeholders.
    const entry = JSON.parse(line) as { reqId: string; err: { cause?: { code?: string }; message: string } };
    expect(entry.reqId).toBe(`log-test-${url.split('/').pop()}`);
    expect(entry.err.cause?.code).toMatch(/^[0-9A-Z]{5}$/);
    expect(entry.err.message).toMatch(/^Failed query: (insert into "(dev_outbox|users)"|select \$1::uuid)/);
  });

  it('keeps query-string values (search text, reset tokens, e-mail filters) out of request logs', async () => {
    const before = lines.length;
    await t.app.inject({
      method: 'GET',
      url: `/reset-password?token=secret-reset-token&to=${encodeURIComponent(EMAIL)}`,
    });
    const logged = lines.slice(before).join('\n');
    expect(logged).toContain('/reset-password?token=');
    expect(logged).not.toContain('secret-reset-token');
    expect(logged).not.toContain(EMAIL);
  });
});
