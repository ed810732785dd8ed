import { CONCIERGE_USER_ID, type ConversationListResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { collect, connect, isMessage, listen, nextEvent, send, type ChatSocket } from './helpers.ts';
import { eq } from 'drizzle-orm';
import { adminUser, approvedExpert, type SignedInUser, signedInUser } from '../factories.ts';

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

async function open(user: SignedInUser) {
  const socket = await connect(url, user.token);
  sockets.push(socket);
  return socket;
}

describe('handshake', () => {
  it('refuses a socket without a session, or with a made-up token', async () => {
    await expect(connect(url, undefined)).rejects.toMatchObject({ message: 'Please sign in to continue.' });
    await expect(connect(url, 'not-a-real-token')).rejects.toMatchObject({
      message: 'Please sign in to continue.',
    });
  });

  it('ignores the spec userId query: the session decides who the socket is', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const impostor = await connect(url, client.token, { query: { userId: expert.id } });
    sockets.push(impostor);
    const expertSocket = await open(expert);
    const received = nextEvent(expertSocket, 'newMessage', isMessage('who am I?'));
    const ack = await send(impostor, { receiverId: expert.id, text: 'who am I?' });
    expect(ack.ok).toBe(true);
    expect((await received).senderId).toBe(client.id);
  });

  it('accepts the session cookie as well as auth.token', async () => {
    const client = await signedInUser(t.app);
    const { io } = await import('socket.io-client');
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: `__Host-sid=${client.token}` },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(socket.connected).toBe(true);
  });
});

describe('sendMessage', () => {
  it('stores the message, then tells every socket of the receiver and of the sender, and acks the stored message', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const [clientTab1, clientTab2, expertTab1, expertTab2] = await Promise.all([
      open(client),
      open(client),
      open(expert),
      open(expert),
    ]);
    const events = [
      nextEvent(expertTab1, 'newMessage'),
      nextEvent(expertTab2, 'newMessage'),
      nextEvent(clientTab1, 'messageSent'),
      nextEvent(clientTab2, 'messageSent'),
    ];
    const ack = await send(clientTab1, {
      senderId: client.id,
      receiverId: expert.id,
      text: 'Hello, can you help?',
    });
    if (!ack.ok) throw new Error(ack.error.message);
    expect(ack.message).toMatchObject({
      senderId: client.id,
      receiverId: expert.id,
      text: 'Hello, can you help?',
      seq: 1,
    });
    for (const event of await Promise.all(events)) expect(event).toEqual(ack.message);
    const stored = await t.app.db.select().from(messages).where(eq(messages.id, ack.message.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses a forged senderId and stores nothing', async () => {
    const client = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const socket = await open(client);
    const ack = await send(socket, { senderId: other.id, receiverId: expert.id, text: 'pretending' });
    expect(ack).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'You can only send messages as yourself.' },
    });
    expect(await t.app.db.select().from(messages).where(eq(messages.senderId, other.id))).toHaveLength(0);
  });

  it('stores a retried send once: the same clientMessageId answers with the first message', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const socket = await open(client);
    const payload = { receiverId: expert.id, text: 'only once', clientMessageId: 'c-123' };
    const [first, second] = await Promise.all([send(socket, payload), send(socket, payload)]);
    const third = await send(socket, payload);
    if (!first.ok || !second.ok || !third.ok) throw new Error('a retry was refused');
    expect(second.message.id).toBe(first.message.id);
    expect(third.message.id).toBe(first.message.id);
    const stored = await t.app.db.select().from(messages).where(eq(messages.senderId, client.id));
    expect(stored).toHaveLength(1);
  });

  it('keeps the order of a burst of sends from one socket, in acks, history and the receiver', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const [socket, expertSocket] = await Promise.all([open(client), open(expert)]);
    const received = collect(expertSocket, 'newMessage');
    // The first send opens the conversation (a lookup the others would overtake without ordering).
    const texts = Array.from({ length: 12 }, (_, i) => `Burst ${i + 1}`);
    const acks = await Promise.all(texts.map((text) => send(socket, { receiverId: expert.id, text })));
    const stored = acks.map((ack) => {
      if (!ack.ok) throw new Error(ack.error.message);
      return ack.message;
    });
    expect(stored.map((message) => [message.seq, message.text])).toEqual(
      texts.map((text, i) => [i + 1, text]),
    );
    const history = await t.app.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, stored[0]!.conversationId))
      .orderBy(messages.seq);
    expect(history.map((row) => row.body)).toEqual(texts);
    await expect.poll(() => received.map((message) => message.text)).toEqual(texts);
  });

  it('lets the expert answer in the conversation the client started', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const [clientSocket, expertSocket] = await Promise.all([open(client), open(expert)]);
    const first = await send(clientSocket, { receiverId: expert.id, text: 'Question' });
    if (!first.ok) throw new Error(first.error.message);
    const reply = nextEvent(clientSocket, 'newMessage');
    const ack = await send(expertSocket, { conversationId: first.message.conversationId, text: 'Answer' });
    expect(ack.ok).toBe(true);
    expect(await reply).toMatchObject({ senderId: expert.id, text: 'Answer', seq: 2 });
    // By receiver id too, now that the conversation exists.
    expect((await send(expertSocket, { receiverId: client.id, text: 'More' })).ok).toBe(true);
  });

  it('text: refuses empty, whitespace-only and over-long messages with a readable reason; 5,000 characters is fine', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const socket = await open(client);
    expect(await send(socket, { receiverId: expert.id, text: '' })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Write something before sending.' },
    });
    expect(await send(socket, { receiverId: expert.id, text: '  \n\t ' })).toMatchObject({
      ok: false,
      error: { message: 'Write something before sending.' },
    });
    expect(await send(socket, { receiverId: expert.id, text: 'x'.repeat(5001) })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'A message can be at most 5,000 characters.' },
    });
    expect(await t.app.db.select().from(messages).where(eq(messages.senderId, client.id))).toHaveLength(0);
    const longest = await send(socket, { receiverId: expert.id, text: 'y'.repeat(5000) });
    expect(longest.ok).toBe(true);
  });
});

describe('bad input keeps the connection usable and stores nothing', () => {
  it('malformed payloads, unknown events, unknown receivers and foreign conversations are refused', async () => {
    const client = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const socket = await open(client);
    const strangerSocket = await open(stranger);
    const errors = collect(socket, 'chatError');

    const raw = socket as unknown as {
      timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
      emit(event: string, ...args: unknown[]): void;
    };
    expect(await raw.timeout(5000).emitWithAck('sendMessage', 'just a string')).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await raw.timeout(5000).emitWithAck('sendMessage', { receiverId: expert.id, text: 42 })).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'A message must be text.' },
    });
    expect(await raw.timeout(5000).emitWithAck('deleteEverything', {})).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Unknown event "deleteEverything".' },
    });
    raw.emit('deleteEverything', {});
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]).toMatchObject({ event: 'deleteEverything', code: 'invalid_input' });

    expect(await send(socket, { receiverId: '7b0b1f2e-9a55-4c43-9b4a-3f1c2d3e4f50', text: 'hi' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That person does not exist.' },
    });
    const theirs = await send(strangerSocket, { receiverId: expert.id, text: 'private' });
    if (!theirs.ok) throw new Error(theirs.error.message);
    expect(await send(socket, { conversationId: theirs.message.conversationId, text: 'let me in' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That conversation does not exist.' },
    });
    expect(await t.app.db.select().from(messages).where(eq(messages.senderId, client.id))).toHaveLength(0);

    // Still connected and working.
    expect(socket.connected).toBe(true);
    expect((await send(socket, { receiverId: expert.id, text: 'all good' })).ok).toBe(true);
  });

  it('a flood is refused with rate_limited and the socket stays connected', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const socket = await open(client);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => send(socket, { receiverId: expert.id, text: `spam ${i}` })),
    );
    const refused = results.filter((result) => !result.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    const stored = await t.app.db.select().from(messages).where(eq(messages.senderId, client.id));
    expect(stored).toHaveLength(results.length - refused.length);
    expect(socket.connected).toBe(true);
  });
});

describe('concierge', () => {
  it('greets a new person in their first conversation, and administrators answer as the concierge', async () => {
    const client = await signedInUser(t.app, { firstName: 'Ada' });
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: client.headers });
    const body = list.json<ConversationListResponse>();
    expect(body.conversations).toHaveLength(1);
    expect(body.conversations[0]).toMatchObject({
      other: { id: CONCIERGE_USER_ID, name: 'Sciwise Concierge', isConcierge: true },
      unreadCount: 1,
      lastMessage: { senderId: CONCIERGE_USER_ID },
    });
    expect(body.conversations[0]!.lastMessage!.text).toContain('Welcome to Sciwise, Ada!');
    // Idempotent: listing again creates nothing more.
    const again = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: client.headers });
    expect(again.json<ConversationListResponse>().conversations).toHaveLength(1);

    const admin = await adminUser(t.app);
    const [clientSocket, adminSocket] = await Promise.all([open(client), open(admin)]);
    const toAdmins = nextEvent(adminSocket, 'newMessage', isMessage('I need a statistician'));
    const asked = await send(clientSocket, { receiverId: CONCIERGE_USER_ID, text: 'I need a statistician' });
    expect(asked.ok).toBe(true);
    expect((await toAdmins).receiverId).toBe(CONCIERGE_USER_ID);

    const adminList = await t.app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: admin.headers,
    });
    const conversation = adminList
      .json<ConversationListResponse>()
      .conversations.find((c) => c.other.id === client.id);
    expect(conversation).toMatchObject({ selfId: CONCIERGE_USER_ID, unreadCount: 1 });

    const answered = nextEvent(clientSocket, 'newMessage', isMessage('Happy to help'));
    const reply = await send(adminSocket, { conversationId: conversation!.id, text: 'Happy to help' });
    expect(reply).toMatchObject({ ok: true, message: { senderId: CONCIERGE_USER_ID } });
    expect((await answered).senderId).toBe(CONCIERGE_USER_ID);
    // A member cannot speak as the concierge.
    expect(
      await send(clientSocket, { senderId: CONCIERGE_USER_ID, receiverId: admin.id, text: 'x' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});

describe('shutdown', () => {
  it('closing the app closes its connections so clients reconnect elsewhere', async () => {
    const node = await createTestApp();
    const nodeUrl = await listen(node.app);
    const user = await signedInUser(node.app);
    const socket = await connect(nodeUrl, user.token);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await node.close();
    // A transport close, not a server "io server disconnect": clients retry on their own.
    expect(await dropped).toBe('transport close');
    socket.disconnect();
  });
});
