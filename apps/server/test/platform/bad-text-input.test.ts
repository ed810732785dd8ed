import { randomUUID } from 'node:crypto';
import type { Conversation, ErrorResponse } from '@sciwise/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { connect, listen, send, type ChatSocket } from '../messaging/helpers.ts';
import { adminUser, approvedExpert, type SignedInUser, signedInUser } from '../factories.ts';

/*
 * PostgreSQL refuses a NUL byte in text, and an integer column refuses a number past its range:
 * input like that must be a readable 400 from the schema, never a database error (a 500).
 */

let t: TestApp;
let url: string;
let client: SignedInUser;
let expert: SignedInUser;
let conversationId: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  client = await signedInUser(t.app);
  expert = await approvedExpert(t.app);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: client.headers,
    payload: { userId: expert.id },
  });
  conversationId = opened.json<Conversation>().id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorResponse>();
const storedMessages = async () =>
  (
    await t.app.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId))
  )[0]!.n;

describe('a NUL byte in chat input', () => {
  it.each([
    ['text', { text: 'hello\u0000world' }, /The message contains invisible control characters/],
    [
      'clientMessageId',
      { text: 'hello', clientMessageId: 'retry\u0000-1' },
      /clientMessageId must be one line/,
    ],
  ])('over HTTP, in %s: 400 with a message, nothing stored', async (_field, payload, words) => {
    const before = await storedMessages();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      headers: client.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(words) });
    expect(await storedMessages()).toBe(before);
  });

  it.each([
    ['text', { text: 'hello\u0000world' }],
    ['clientMessageId', { text: 'hello', clientMessageId: 'retry\u0000-1' }],
  ])('over the socket, in %s: refused with invalid_input, nothing stored', async (_field, payload) => {
    const socket = await connect(url, client.token);
    sockets.push(socket);
    const before = await storedMessages();
    const ack = await send(socket, { conversationId, ...payload });
    expect(ack).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await storedMessages()).toBe(before);
  });

  it('in the expert slug of POST /api/conversations: 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: client.headers,
      payload: { expertSlug: 'rosalind\u0000' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).message).toBeTruthy();
  });
});

describe('the development outbox filter', () => {
  it('answers 400 to a NUL byte in ?to=', async () => {
    const admin = await adminUser(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?to=a%00@example.test',
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).code).toBe('invalid_input');
  });
});

describe('a crafted expert search cursor', () => {
  const cursorFor = (sort: string, key: number) =>
    Buffer.from(JSON.stringify([sort, key, randomUUID()])).toString('base64url');

  it.each(['rating', 'rate_asc', 'rate_desc'])(
    'sort=%s with a key beyond the integer range: 400 "page link"',
    async (sort) => {
      for (const key of [2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/experts?sort=${sort}&cursor=${cursorFor(sort, key)}`,
        });
        expect(response.statusCode, `${sort} ${key}`).toBe(400);
        expect(errorOf(response).message).toMatch(/page link is not valid/);
      }
    },
  );

  it('still takes a key inside the range', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/experts?sort=rate_asc&cursor=${cursorFor('rate_asc', 2 ** 31 - 1)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a malformed avatar upload', () => {
  const part = `Content-Disposition: form-data; name="file"; filename="me.png"\r\n\r\n\x89PNG cut off`;
  it.each([
    ['multipart/form-data; boundary=xyz', 'not multipart at all'],
    ['multipart/form-data', 'no boundary given'],
    ['multipart/form-data; boundary=xyz', `--xyz\r\n${part}`],
  ])('%s, %j: 400 and the picture is unchanged', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/avatar',
      headers: { ...client.headers, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).message).toMatch(/incomplete or malformed/);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: client.headers });
    expect(me.json<{ avatarUrl: string | null }>().avatarUrl).toBeNull();
  });
});
