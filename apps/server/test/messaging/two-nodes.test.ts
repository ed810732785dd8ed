import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/modules/notifications/service.ts';
import {
  createTestApp,
  createTestDatabase,
  testDriver,
  type TestApp,
  type TestDatabase,
} from '../support/test-app.ts';
import { connect, disconnection, isMessage, listen, nextEvent, send, type ChatSocket } from './helpers.ts';
import { approvedExpert, randomIp, signedInUser } from '../factories.ts';

/**
 * Two app processes' worth of nodes behind one load balancer share PostgreSQL and Redis; a
 * message sent on one node reaches people connected to the other. The PostgreSQL project
 * always runs this (CI sets TEST_DATABASE_URL and REDIS_URL); the embedded PGlite database
 * lives inside one process, so there the file checks the single-node adapter instead.
 */
if (testDriver === 'postgres') {
  describe('two nodes sharing PostgreSQL and Redis', () => {
    let database: TestDatabase;
    let nodeA: TestApp;
    let nodeB: TestApp;
    let urlA: string;
    let urlB: string;
    const sockets: ChatSocket[] = [];

    beforeAll(async () => {
      if (!process.env.REDIS_URL) throw new Error('REDIS_URL must be set for the two-node test');
      database = await createTestDatabase('postgres');
      // The same prefix on both nodes: it names the adapter's Redis channels.
      const env = { RATE_LIMIT_PREFIX: `two-nodes-${randomBytes(4).toString('hex')}` };
      nodeA = await createTestApp({ database, env });
      nodeB = await createTestApp({ database, env });
      urlA = await listen(nodeA.app);
      urlB = await listen(nodeB.app);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await nodeA?.close();
      await nodeB?.close();
      await database?.drop();
    });

    const open = async (url: string, token: string) => {
      const socket = await connect(url, token);
      sockets.push(socket);
      return socket;
    };

    it('uses the Redis adapter', () => {
      expect(nodeA.app.io.of('/').adapter.constructor.name).toBe('RedisAdapter');
    });

    it('delivers both ways between nodes, to every tab of the sender too', async () => {
      const client = await signedInUser(nodeA.app);
      const expert = await approvedExpert(nodeB.app);
      const clientOnA = await open(urlA, client.token);
      const clientOnB = await open(urlB, client.token);
      const expertOnB = await open(urlB, expert.token);

      const atExpert = nextEvent(expertOnB, 'newMessage', isMessage('from A'));
      const otherTab = nextEvent(clientOnB, 'messageSent', isMessage('from A'));
      const ack = await send(clientOnA, { receiverId: expert.id, text: 'from A' });
      if (!ack.ok) throw new Error(ack.error.message);
      expect(await atExpert).toEqual(ack.message);
      expect(await otherTab).toEqual(ack.message);

      const atClient = nextEvent(clientOnA, 'newMessage', isMessage('from B'));
      const reply = await send(expertOnB, { conversationId: ack.message.conversationId, text: 'from B' });
      expect(reply.ok).toBe(true);
      expect((await atClient).senderId).toBe(expert.id);

      const receipt = nextEvent(clientOnA, 'messagesRead');
      expertOnB.emit('markRead', { conversationId: ack.message.conversationId, seq: 2 });
      expect(await receipt).toMatchObject({ readerId: expert.id, lastReadSeq: 2 });
    });

    it('a notification created through one node is pushed once to a socket on the other', async () => {
      const user = await signedInUser(nodeA.app);
      const onB = await open(urlB, user.token);
      const titles: string[] = [];
      onB.on('notification', (push) => titles.push(push.notification.title));
      const pushed = nextEvent(onB, 'notification', (push) => push.notification.title === 'Quote accepted');
      await nodeA.app.db.transaction((tx) =>
        notify(tx, user.id, {
          kind: 'quote_accepted',
          title: 'Quote accepted',
          body: 'Your quote was accepted.',
        }),
      );
      await pushed;
      // A later push proves the first was not followed by a duplicate from the other node.
      const marker = nextEvent(onB, 'notification', (push) => push.notification.title === 'marker');
      await nodeB.app.db.transaction((tx) =>
        notify(tx, user.id, { kind: 'test', title: 'marker', body: '.' }),
      );
      await marker;
      expect(titles).toEqual(['Quote accepted', 'marker']);
    });

    it("a logout on one node disconnects that session's socket on the other node, and only that one", async () => {
      const user = await signedInUser(nodeA.app);
      const secondLogin = await nodeB.app.inject({
        method: 'POST',
        url: '/api/Account/Login',
        payload: { email: user.email, password: user.password },
        remoteAddress: randomIp(),
      });
      const otherDevice = await open(urlB, secondLogin.json<LoginResponse>().token);
      const onB = await open(urlB, user.token);
      // The promise: the sockets of a revoked session are gone within one second.
      const ended = disconnection(onB, 1_000);

      const out = await nodeA.app.inject({
        method: 'POST',
        url: '/api/Account/Logout',
        headers: user.headers,
      });
      expect(out.statusCode).toBe(200);
      expect(await ended).toBe('io server disconnect');
      expect(otherDevice.connected).toBe(true);
    });
  });
} else {
  describe('one embedded node', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('fans out in process when REDIS_URL is not set', () => {
      expect(t.config.redisUrl).toBeUndefined();
      expect(t.app.io.of('/').adapter.constructor.name).toBe('Adapter');
    });
  });
}
