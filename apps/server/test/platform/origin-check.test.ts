import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { listen } from '../messaging/helpers.ts';
import { type SignedInUser, signedInUser } from '../factories.ts';

/*
 * A state-changing request or a socket handshake that a browser says came from another origin
 * is refused. "Another origin" is scheme, host and port: http://host is not https://host.
 */

let t: TestApp;
let url: string;
let user: SignedInUser;
beforeAll(async () => {
  t = await createTestApp(); // PUBLIC_URL is http://localhost:3000
  url = await listen(t.app);
  user = await signedInUser(t.app);
});
afterAll(() => t.close());

const HOST = 'sciwise.test:8080';

async function patchFrom(origin: string) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...user.headers, host: HOST, origin },
    payload: { newsletterOptIn: true },
  });
  return response.statusCode;
}

describe('the Origin check of HTTP requests', () => {
  it.each(['http://sciwise.test:8080', 'http://localhost:3000'])('accepts %s (this site)', async (origin) => {
    expect(await patchFrom(origin)).toBe(200);
  });

  it.each([
    'https://sciwise.test:8080', // same host and port, other scheme
    'http://sciwise.test:8081',
    'http://sciwise.test',
    'https://localhost:3000',
    'http://localhost:3001',
    'http://evil.test',
    'http://sciwise.test:8080.evil.test',
    'http://user@sciwise.test:8080',
    'http://sciwise.test:8080/',
    'null',
    'sciwise.test:8080',
  ])('refuses %s with 403', async (origin) => {
    expect(await patchFrom(origin)).toBe(403);
  });
});

describe('the Origin check of socket handshakes', () => {
  async function handshake(origin: string): Promise<'connected' | string> {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: user.token },
      extraHeaders: { origin },
    });
    try {
      return await new Promise((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      });
    } finally {
      socket.disconnect();
    }
  }

  it('accepts its own origin and the public URL', async () => {
    expect(await handshake(url)).toBe('connected');
    expect(await handshake('http://localhost:3000')).toBe('connected');
  });

  it.each([
    ['its own host and port over https', (own: string) => own.replace('http:', 'https:')],
    ['its own host on another port', (own: string) => own.replace(/:\d+$/, ':1')],
    ['another site', () => 'http://evil.test'],
    ['an opaque origin', () => 'null'],
  ])('refuses %s', async (_case, originFor) => {
    expect(await handshake(originFor(url))).not.toBe('connected');
  });
});
