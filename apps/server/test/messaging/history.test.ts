import type {
  Conversation,
  ConversationListResponse,
  MessageListResponse,
  NotificationListResponse,
} from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, devOutbox, projectInvitations, projects } from '../../src/db/schema/index.ts';
import { sendDueUnreadEmails } from '../../src/modules/messaging/unread-email.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { connect, listen, markRead, nextEvent, send, type ChatSocket } from './helpers.ts';
import { approvedExpert, type SignedInUser, signedInUser } from '../factories.ts';

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

async function sendAll(socket: ChatSocket, receiverId: string, texts: string[]) {
  const sent = [];
  for (const text of texts) {
    const ack = await send(socket, { receiverId, text });
    if (!ack.ok) throw new Error(ack.error.message);
    sent.push(ack.message);
  }
  return sent;
}

const get = <T>(user: SignedInUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user.headers }).then((response) => {
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  });

describe('GET /api/conversations and messages', () => {
  it('401 without a session; 404 for a conversation that is not yours; 400 for a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/conversations' })).statusCode).toBe(401);
    const client = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const [first] = await sendAll(await open(client), expert.id, ['mine']);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${first!.conversationId}/messages`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'That conversation does not exist.' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/nope/messages',
      headers: client.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists conversations with the other person, the last message and unread counts', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app, { firstName: 'Rosalind', lastName: 'Franklin' });
    await sendAll(await open(client), expert.id, ['one', 'two', 'three']);
    const forExpert = await get<ConversationListResponse>(expert, '/api/conversations');
    const withClient = forExpert.conversations.find((c) => c.other.id === client.id)!;
    expect(withClient).toMatchObject({
      selfId: expert.id,
      other: { name: 'Marie Curie', isConcierge: false },
      lastMessage: { text: 'three', senderId: client.id },
      unreadCount: 3,
      otherLastReadSeq: 3,
    });
    // 3 from the client and the concierge's welcome.
    expect(forExpert.unreadTotal).toBe(4);
    const forClient = await get<ConversationListResponse>(client, '/api/conversations');
    const withExpert = forClient.conversations.find((c) => c.other.id === expert.id)!;
    expect(withExpert).toMatchObject({
      other: { id: expert.id, name: 'Rosalind Franklin' },
      unreadCount: 0,
      otherLastReadSeq: 0,
    });
    expect(withExpert.other.expertSlug).toMatch(/^rosalind-/);
  });

  it('pages back through history with a seq cursor, oldest first within a page', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const texts = Array.from({ length: 7 }, (_, i) => `message ${i + 1}`);
    const sent = await sendAll(await open(client), expert.id, texts);
    const base = `/api/conversations/${sent[0]!.conversationId}/messages?limit=3`;
    const newest = await get<MessageListResponse>(expert, base);
    expect(newest.messages.map((m) => m.text)).toEqual(['message 5', 'message 6', 'message 7']);
    expect(newest.nextBefore).toBe(5);
    const middle = await get<MessageListResponse>(expert, `${base}&before=${newest.nextBefore}`);
    expect(middle.messages.map((m) => m.seq)).toEqual([2, 3, 4]);
    const oldest = await get<MessageListResponse>(expert, `${base}&before=${middle.nextBefore}`);
    expect(oldest.messages.map((m) => m.text)).toEqual(['message 1']);
    expect(oldest.nextBefore).toBeNull();
  });

  it('after a reconnect, the newest page holds what was sent while the socket was away', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const expertSocket = await open(expert);
    const delivered = nextEvent(expertSocket, 'newMessage');
    const [first] = await sendAll(await open(client), expert.id, ['before']);
    await delivered;
    expertSocket.disconnect();
    await sendAll(await open(client), expert.id, ['while away 1', 'while away 2']);
    const back = await open(expert);
    expect(back.connected).toBe(true);
    const page = await get<MessageListResponse>(
      expert,
      `/api/conversations/${first!.conversationId}/messages`,
    );
    expect(page.messages.map((m) => m.text)).toEqual(['before', 'while away 1', 'while away 2']);
  });
});

describe('read receipts and typing', () => {
  it('markRead moves the marker, tells the sender, and lowers the unread count; never moves back', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const [clientSocket, expertSocket] = await Promise.all([open(client), open(expert)]);
    const sent = await sendAll(clientSocket, expert.id, ['a', 'b']);
    const conversationId = sent[0]!.conversationId;
    const receipt = nextEvent(clientSocket, 'messagesRead');
    expect(await markRead(expertSocket, conversationId, 2)).toEqual({ ok: true, lastReadSeq: 2 });
    expect(await receipt).toEqual({ conversationId, readerId: expert.id, lastReadSeq: 2 });
    expect(await markRead(expertSocket, conversationId, 1)).toEqual({ ok: true, lastReadSeq: 2 });
    // Past the end is clamped to the last message.
    expect(await markRead(expertSocket, conversationId, 99)).toEqual({ ok: true, lastReadSeq: 2 });
    const list = await get<ConversationListResponse>(expert, '/api/conversations');
    expect(list.conversations.find((c) => c.id === conversationId)).toMatchObject({ unreadCount: 0 });
    const clientView = await get<Conversation>(client, `/api/conversations/${conversationId}`);
    expect(clientView.otherLastReadSeq).toBe(2);
    // Someone else's conversation: refused.
    const stranger = await open(await signedInUser(t.app));
    expect(await markRead(stranger, conversationId, 1)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('typing reaches the other person only', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const [clientSocket, expertSocket] = await Promise.all([open(client), open(expert)]);
    const [first] = await sendAll(clientSocket, expert.id, ['hi']);
    const typing = nextEvent(clientSocket, 'typing');
    expertSocket.emit('typing', { conversationId: first!.conversationId });
    expect(await typing).toEqual({ conversationId: first!.conversationId, userId: expert.id });
  });
});

describe('who may message whom', () => {
  it('a client may write to an approved expert, not to another member; an expert not to a stranger', async () => {
    const client = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const clientSocket = await open(client);
    const expertSocket = await open(expert);
    const refusal = {
      ok: false,
      error: {
        code: 'forbidden',
        message: 'You can message approved experts, Sciwise Concierge, or people you work with on a project.',
      },
    };
    expect(await send(clientSocket, { receiverId: member.id, text: 'hello?' })).toEqual(refusal);
    expect(await send(expertSocket, { receiverId: member.id, text: 'hire me' })).toEqual(refusal);
    expect(await send(clientSocket, { receiverId: client.id, text: 'me' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: member.headers,
      payload: { userId: client.id },
    });
    expect(opened.statusCode).toBe(403);
  });

  it('an expert may write first to someone whose project they were invited to', async () => {
    const owner = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const expertSocket = await open(expert);
    expect((await send(expertSocket, { receiverId: owner.id, text: 'About your project' })).ok).toBe(false);
    const [project] = await t.app.db
      .insert(projects)
      .values({ ownerId: owner.id, title: 'Stability study', status: 'open', publishedAt: new Date() })
      .returning({ id: projects.id });
    await t.app.db.insert(projectInvitations).values({ projectId: project!.id, expertId: expert.id });
    const ack = await send(expertSocket, { receiverId: owner.id, text: 'About your project' });
    expect(ack).toMatchObject({ ok: true, message: { senderId: expert.id, receiverId: owner.id } });
  });

  it('POST /api/conversations opens the conversation with an approved expert, once', async () => {
    const client = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const open1 = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: client.headers,
      payload: { userId: expert.id },
    });
    expect(open1.statusCode).toBe(200);
    const conversation = open1.json<Conversation>();
    expect(conversation).toMatchObject({ selfId: client.id, other: { id: expert.id }, lastMessage: null });
    const open2 = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: client.headers,
      payload: { userId: expert.id },
    });
    expect(open2.json<Conversation>().id).toBe(conversation.id);
    const page = await get<MessageListResponse>(client, `/api/conversations/${conversation.id}/messages`);
    expect(page.messages).toEqual([]);
    // The expert profile's Message button names the profile slug.
    const bySlug = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: client.headers,
      payload: { expertSlug: conversation.other.expertSlug },
    });
    expect(bySlug.json<Conversation>().id).toBe(conversation.id);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: client.headers,
      payload: { expertSlug: 'nobody-here' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'That expert does not exist.' });
  });
});

describe('notifications', () => {
  it('the first unread message notifies the receiver, pushed to their open sockets after commit', async () => {
    const client = await signedInUser(t.app, { firstName: 'Lise', lastName: 'Meitner' });
    const expert = await approvedExpert(t.app);
    const [clientSocket, expertSocket] = await Promise.all([open(client), open(expert)]);
    const pushed = nextEvent(expertSocket, 'notification', (push) => push.notification.kind === 'message');
    const [first] = await sendAll(clientSocket, expert.id, ['first', 'second']);
    const push = await pushed;
    expect(push.notification).toMatchObject({
      title: 'New message from Lise Meitner',
      body: 'first',
      link: `/chat?conversation=${first!.conversationId}`,
      read: false,
    });
    const bell = await get<NotificationListResponse>(expert, '/api/notifications');
    expect(bell.notifications.filter((n) => n.kind === 'message')).toHaveLength(1);
    expect(push.unreadCount).toBe(bell.unreadCount);
    // Reading the conversation settles its bell entry.
    await markRead(expertSocket, first!.conversationId, 2);
    const after = await get<NotificationListResponse>(expert, '/api/notifications');
    expect(after.notifications.find((n) => n.kind === 'message')!.read).toBe(true);
  });

  it('nothing is pushed for a notification whose transaction rolled back', async () => {
    const user = await signedInUser(t.app);
    const socket = await open(user);
    const { notify } = await import('../../src/modules/notifications/service.ts');
    const pushes: string[] = [];
    socket.on('notification', (push) => pushes.push(push.notification.title));
    await t.app.db
      .transaction(async (tx) => {
        await notify(tx, user.id, { kind: 'test', title: 'rolled back', body: 'x' });
        throw new Error('abort');
      })
      .catch(() => undefined);
    const committed = nextEvent(socket, 'notification', (push) => push.notification.title === 'committed');
    await t.app.db.transaction(async (tx) => {
      await notify(tx, user.id, { kind: 'test', title: 'committed', body: 'y' });
    });
    await committed;
    expect(pushes).toEqual(['committed']);
  });

  it('e-mails a message left unread for 15 minutes, once, and respects the setting', async () => {
    const client = await signedInUser(t.app, { firstName: 'Emmy', lastName: 'Noether' });
    const expert = await approvedExpert(t.app);
    const optedOut = await approvedExpert(t.app);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: optedOut.headers,
      payload: { emailUnreadMessages: false, inAppMessages: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(await get(optedOut, '/api/me/notification-settings')).toEqual({
      emailUnreadMessages: false,
      emailQuoteInvitations: true,
      emailNewQuotes: true,
      emailQuoteDecisions: true,
      inAppMessages: true,
    });
    const socket = await open(client);
    const [toExpert] = await sendAll(socket, expert.id, ['Are you free next week?']);
    await sendAll(socket, optedOut.id, ['And you?']);
    // Nothing is due yet.
    await sendDueUnreadEmails(t.app.ctx);
    expect(await outboxFor(expert.email)).toHaveLength(0);
    // Fifteen minutes pass.
    await t.app.db
      .update(conversationMembers)
      .set({ emailDueAt: sql`now() - interval '1 second'` })
      .where(sql`${conversationMembers.userId} in (${expert.id}::uuid, ${optedOut.id}::uuid)`);
    const [a, b] = await Promise.all([sendDueUnreadEmails(t.app.ctx), sendDueUnreadEmails(t.app.ctx)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    const mails = await outboxFor(expert.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Emmy Noether sent you a message on Sciwise');
    expect(mails[0]!.text).toContain(`/chat?conversation=${toExpert!.conversationId}`);
    expect(await outboxFor(optedOut.email)).toHaveLength(0);
    await sendDueUnreadEmails(t.app.ctx);
    expect(await outboxFor(expert.email)).toHaveLength(1);
    const [member] = await t.app.db
      .select({ due: conversationMembers.emailDueAt })
      .from(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, toExpert!.conversationId),
          eq(conversationMembers.userId, expert.id),
        ),
      );
    expect(member!.due).toBeNull();
  });

  it('settings: 401 without a session, 400 for a bad body', async () => {
    const user = await signedInUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notification-settings' })).statusCode).toBe(
      401,
    );
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/me/notification-settings',
      headers: user.headers,
      payload: { emailUnreadMessages: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

/** E-mail to `email`, without the address confirmation every new account gets. */
async function outboxFor(email: string) {
  const mails = await t.app.db.select().from(devOutbox).where(eq(devOutbox.to, email.toLowerCase()));
  return mails.filter((mail) => !mail.subject.startsWith('Confirm your e-mail'));
}
