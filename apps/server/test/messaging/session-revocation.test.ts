import type { LoginResponse, SessionInfo } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSessionIds } from '../../src/modules/accounts/sessions.ts';
import { passwordResetTokens, sessions, users } from '../../src/db/schema/index.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import { disconnectEndedSessions } from '../../src/realtime/session-revocation.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  collect,
  connect,
  disconnection,
  isMessage,
  listen,
  nextEvent,
  send,
  type ChatSocket,
} from './helpers.ts';
import { approvedExpert, randomIp, signedInUser, type SignedInUser } from '../factories.ts';

/** The promise: the sockets of a revoked session are gone within one second. */
const REVOKED_WITHIN_MS = 1_000;

let t: TestApp;
let url: string;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function open(token: string, extra: Parameters<typeof connect>[2] = {}): Promise<ChatSocket> {
  const socket = await connect(url, token, extra);
  sockets.push(socket);
  return socket;
}

/** Signs the same person in once more: a second device, with its own session. */
async function anotherSession(user: SignedInUser): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { email: user.email, password: user.password },
    remoteAddress: randomIp(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<LoginResponse>().token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A message to `user` (an approved expert, whom anyone may write to) reaches every socket still
 * connected, and the revoked ones heard nothing more.
 */
async function expectOnlyLiveSocketsHear(user: SignedInUser, live: ChatSocket[], revoked: unknown[][]) {
  const sender = await signedInUser(t.app);
  const senderSocket = await open(sender.token);
  const text = `after the revocation ${Math.random()}`;
  const arrivals = live.map((socket) => nextEvent(socket, 'newMessage', isMessage(text)));
  const ack = await send(senderSocket, { receiverId: user.id, text });
  expect(ack.ok).toBe(true);
  await Promise.all(arrivals);
  for (const heard of revoked) expect(heard).toEqual([]);
}

describe('a revoked session loses its sockets at once', () => {
  it('logout disconnects every socket of that session, and only those', async () => {
    const user = await approvedExpert(t.app);
    const [tab1, tab2] = [await open(user.token), await open(user.token)];
    const otherDevice = await open(await anotherSession(user));
    const heard = [collect(tab1, 'newMessage'), collect(tab2, 'newMessage')];
    const ended = [disconnection(tab1, REVOKED_WITHIN_MS), disconnection(tab2, REVOKED_WITHIN_MS)];

    const out = await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(otherDevice.connected).toBe(true);
    await expectOnlyLiveSocketsHear(user, [otherDevice], heard);
  });

  it('signing out one device from the device list disconnects that device only', async () => {
    const user = await signedInUser(t.app);
    const here = await open(user.token);
    const otherToken = await anotherSession(user);
    const there = await open(otherToken);
    const list = await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(otherToken) });
    const thereId = list.json<{ sessions: SessionInfo[] }>().sessions.find((session) => session.current)!.id;
    const ended = disconnection(there, REVOKED_WITHIN_MS);

    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${thereId}`,
      headers: user.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    expect(here.connected).toBe(true);
  });

  it('a password change signs out the other sessions and their sockets (when asked to), not this one', async () => {
    const user = await approvedExpert(t.app);
    const here = await open(user.token);
    const elsewhere = [await open(await anotherSession(user)), await open(await anotherSession(user))];
    const changePassword = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/password',
        headers: user.headers,
        payload: { currentPassword: user.password, ...payload },
      });

    // Keeping the other devices signed in keeps their sockets.
    const kept = await changePassword({ newPassword: 'a fresh passphrase 2', signOutOtherSessions: false });
    expect(kept.statusCode).toBe(200);
    user.password = 'a fresh passphrase 2';
    await expectOnlyLiveSocketsHear(user, [here, ...elsewhere], []);

    const heard = elsewhere.map((socket) => collect(socket, 'newMessage'));
    const ended = elsewhere.map((socket) => disconnection(socket, REVOKED_WITHIN_MS));
    const changed = await changePassword({ newPassword: 'a fresh passphrase 3' });
    expect(changed.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(here.connected).toBe(true);
    await expectOnlyLiveSocketsHear(user, [here], heard);
  });

  it('a password reset disconnects every socket of every session', async () => {
    const user = await signedInUser(t.app);
    const all = [await open(user.token), await open(await anotherSession(user))];
    const ended = all.map((socket) => disconnection(socket, REVOKED_WITHIN_MS));
    const token = newToken();
    await t.app.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ResetPassword',
      payload: { token, password: 'a brand new passphrase' },
      remoteAddress: randomIp(),
    });
    expect(reset.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('deleting the account disconnects every socket of every session', async () => {
    const user = await signedInUser(t.app);
    const all = [await open(user.token), await open(await anotherSession(user))];
    const ended = all.map((socket) => disconnection(socket, REVOKED_WITHIN_MS));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('a socket whose session is revoked while it is being let in is disconnected too', async () => {
    const user = await signedInUser(t.app);
    const first = await open(user.token);
    const firstEnded = disconnection(first, REVOKED_WITHIN_MS);
    // Holds one handshake after it found the session live, revokes the session, and lets the
    // handshake go on once the revocation has demonstrably reached this node (the first socket
    // was disconnected): the late socket joins its rooms after the signal went out.
    t.app.io.use((socket, next) => {
      if (socket.handshake.query.holdHandshake !== user.id) return next();
      void t.app
        .inject({ method: 'POST', url: '/api/Account/Logout', headers: user.headers })
        .then(() => firstEnded)
        .then(() => next(), next);
    });

    // Listening from the start: the disconnect may arrive right behind the connect.
    const late: ChatSocket = connectSocket(url, {
      transports: ['websocket'],
      auth: { token: user.token },
      query: { holdHandshake: user.id },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(late);
    // Counted from before the handshake, which itself waits for the logout to reach this node.
    const ended = disconnection(late, 10_000);
    await new Promise<void>((resolve, reject) => {
      late.once('connect', resolve);
      late.once('connect_error', reject);
    });
    expect(await ended).toBe('io server disconnect');
  });

  it('a session that expires while its socket is open is disconnected by the periodic sweep', async () => {
    const user = await signedInUser(t.app);
    const expiring = await open(user.token);
    const lasting = await open(await anotherSession(user));
    const ended = disconnection(expiring, REVOKED_WITHIN_MS);
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(user.token)));

    await disconnectEndedSessions(t.app);
    expect(await ended).toBe('io server disconnect');
    expect(lasting.connected).toBe(true);
  });
});

describe("the sweep's lookup of live sessions", () => {
  it('finds exactly the live ones among many, whatever ended the others', async () => {
    const user = await signedInUser(t.app);
    const gone = await signedInUser(t.app);
    const day = 24 * 60 * 60 * 1000;
    const rows = Array.from({ length: 240 }, (_, i) => ({
      userId: i % 10 === 3 ? gone.id : user.id,
      tokenHash: hashToken(newToken()),
      expiresAt: new Date(Date.now() + (i % 7 === 0 ? -day : day)),
      revokedAt: i % 5 === 0 ? new Date() : null,
    }));
    const created = await t.app.db.insert(sessions).values(rows).returning({ id: sessions.id });
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const expected = created
      .filter((_, i) => i % 10 !== 3 && i % 7 !== 0 && i % 5 !== 0)
      .map((row) => row.id)
      .sort();
    const neverExisted = Array.from({ length: 10 }, () => crypto.randomUUID());

    const live = await liveSessionIds(t.app.db, [...created.map((row) => row.id), ...neverExisted]);
    expect([...live].sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
  });
});
