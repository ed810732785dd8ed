import type { ChatMessage, MessageListResponse, SendMessageAck } from '@sciwise/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expertProfiles, users } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/modules/accounts/sessions.ts';
import { ServerProcess } from '../support/server-process.ts';
import { connect, type ChatSocket } from './helpers.ts';

/**
 * No acknowledged message is lost when the server dies mid-stream: a real server process is
 * killed with SIGKILL while a client sends, restarted on the same database, and the client
 * retries what was not acknowledged (as the web app does). Every acknowledged message must then
 * exist exactly once and be in the receiver's history.
 */
const server = new ServerProcess();
let url: string;
let client: { id: string; token: string };
let expert: { id: string; token: string };

beforeAll(async () => {
  // People and sessions go straight into the database; then the server process owns it.
  await server.start(async (handle) => {
    const [clientRow, expertRow] = await handle.db
      .insert(users)
      .values([
        {
          email: `crash-client-${Date.now()}@example.test`,
          firstName: 'Chien-Shiung',
          lastName: 'Wu',
          emailVerifiedAt: new Date(),
        },
        {
          email: `crash-expert-${Date.now()}@example.test`,
          firstName: 'Vera',
          lastName: 'Rubin',
          emailVerifiedAt: new Date(),
        },
      ])
      .returning({ id: users.id });
    await handle.db.insert(expertProfiles).values({
      userId: expertRow!.id,
      slug: `vera-${Date.now()}`,
      displayName: 'Vera Rubin',
      status: 'approved',
    });
    const ttlMs = 60 * 60 * 1000;
    client = {
      id: clientRow!.id,
      token: (await createSession(handle.db, { userId: clientRow!.id, ttlMs })).token,
    };
    expert = {
      id: expertRow!.id,
      token: (await createSession(handle.db, { userId: expertRow!.id, ttlMs })).token,
    };
  });
  url = server.url;
}, 120_000);

afterAll(async () => {
  await server.stop();
});

it('every acknowledged message survives a SIGKILL exactly once and reaches the receiver after resync', async () => {
  const total = 40;
  const acked = new Map<string, ChatMessage>();
  const pending = Array.from({ length: total }, (_, i) => `crash-${i}`);
  const texts = (id: string) => `message ${id}`;

  let sender: ChatSocket = await connect(url, client.token);
  let receiver: ChatSocket = await connect(url, expert.token);

  // Keep several sends in flight and kill the server once a few have been acknowledged.
  const attempt = async (socket: ChatSocket, id: string) => {
    const ack: SendMessageAck = await socket
      .timeout(3000)
      .emitWithAck('sendMessage', { receiverId: expert.id, text: texts(id), clientMessageId: id });
    if (ack.ok) acked.set(id, ack.message);
  };
  // A few acknowledged one by one first, so the crash always has acknowledged messages to lose.
  for (const id of pending.slice(0, 5)) await attempt(sender, id);
  const inFlight: Array<Promise<void>> = [];
  for (const id of pending.slice(5, 30)) {
    inFlight.push(attempt(sender, id).catch(() => undefined));
    if (acked.size >= 10 && server.running) server.kill();
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  if (server.running) server.kill();
  await Promise.all(inFlight);
  sender.disconnect();
  receiver.disconnect();
  const ackedBeforeCrash = new Map(acked);
  expect(ackedBeforeCrash.size).toBeGreaterThan(0);
  expect(ackedBeforeCrash.size).toBeLessThan(total);

  await server.exited();
  await server.restart();
  sender = await connect(url, client.token);
  receiver = await connect(url, expert.token);
  // The client's outbox: everything without an acknowledgement is sent again with the same id.
  for (const id of pending) {
    if (!acked.has(id)) await attempt(sender, id);
  }
  expect(acked.size).toBe(total);
  for (const [id, message] of ackedBeforeCrash) expect(acked.get(id)!.id).toBe(message.id);

  // The receiver resyncs over HTTP, as the web app does after reconnecting.
  const response = await fetch(
    `${url}/api/conversations/${acked.get('crash-0')!.conversationId}/messages?limit=100`,
    {
      headers: { authorization: `Bearer ${expert.token}` },
    },
  );
  const history = (await response.json()) as MessageListResponse;
  const byClientId = new Map<string, number>();
  for (const message of history.messages) {
    byClientId.set(message.clientMessageId!, (byClientId.get(message.clientMessageId!) ?? 0) + 1);
  }
  for (const id of pending) expect(byClientId.get(id), id).toBe(1);
  expect(history.messages).toHaveLength(total);
  expect(history.messages.map((m) => m.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  sender.disconnect();
  receiver.disconnect();
}, 120_000);
