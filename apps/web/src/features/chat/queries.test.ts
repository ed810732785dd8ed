import type { ChatMessage, MessageListResponse } from '@sciwise/contracts';
import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  addMessageToCache,
  applyMessageToList,
  chatKeys,
  loadedConversations,
  setOtherReadInCache,
  unreadTotalOf,
  type ConversationPages,
} from './queries.ts';

const me = 'me';
const them = 'them';

function message(seq: number, senderId = them, conversationId = 'c1'): ChatMessage {
  return {
    id: `m${conversationId}-${seq}`,
    conversationId,
    seq,
    senderId,
    receiverId: senderId === me ? them : me,
    text: `text ${seq}`,
    timestamp: new Date(Date.UTC(2026, 10, 21, 12, seq)).toISOString(),
    clientMessageId: null,
    removed: false,
  };
}

function conversation(id: string, lastSeq: number, unreadCount: number) {
  return {
    id,
    selfId: me,
    other: { id: them, name: 'Them', avatarUrl: null, isConcierge: false, expertSlug: null },
    lastMessage: lastSeq ? message(lastSeq, them, id) : null,
    unreadCount,
    otherLastReadSeq: 0,
    updatedAt: new Date(Date.UTC(2026, 10, 21, 12, lastSeq)).toISOString(),
  };
}

function pages(client: QueryClient) {
  return client.getQueryData<InfiniteData<MessageListResponse, number>>(chatKeys.messages('c1'))!;
}

describe('chat cache', () => {
  it('adds a live message once, in seq order, to the newest page', () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<MessageListResponse, number>>(chatKeys.messages('c1'), {
      pages: [
        { messages: [message(3), message(5)], nextBefore: 3, otherLastReadSeq: 0 },
        { messages: [message(1), message(2)], nextBefore: null, otherLastReadSeq: 0 },
      ],
      pageParams: [0, 3],
    });
    addMessageToCache(client, message(6));
    addMessageToCache(client, message(4));
    addMessageToCache(client, message(6));
    expect(pages(client).pages[0]!.messages.map((m) => m.seq)).toEqual([3, 4, 5, 6]);
    setOtherReadInCache(client, 'c1', 4);
    setOtherReadInCache(client, 'c1', 2);
    expect(pages(client).pages.map((page) => page.otherLastReadSeq)).toEqual([4, 4]);
  });

  it('moves the conversation to the top and counts unread only when it is not being read', () => {
    const client = new QueryClient();
    client.setQueryData<ConversationPages>(chatKeys.conversations, {
      pages: [
        {
          conversations: [conversation('c2', 4, 0), conversation('c1', 2, 1)],
          unreadTotal: 1,
          nextCursor: null,
        },
      ],
      pageParams: [null],
    });
    expect(applyMessageToList(client, message(3), { incoming: true, seenNow: false })).toBe(true);
    let list = client.getQueryData<ConversationPages>(chatKeys.conversations)!;
    expect(loadedConversations(list).map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(loadedConversations(list)[0]).toMatchObject({ unreadCount: 2, lastMessage: { seq: 3 } });
    expect(unreadTotalOf(list)).toBe(2);

    // The same message again (another tab, a retry) changes nothing.
    applyMessageToList(client, message(3), { incoming: true, seenNow: false });
    applyMessageToList(client, message(4, them, 'c2'), { incoming: true, seenNow: true });
    list = client.getQueryData<ConversationPages>(chatKeys.conversations)!;
    expect(loadedConversations(list).find((c) => c.id === 'c1')!.unreadCount).toBe(2);
    expect(unreadTotalOf(list)).toBe(2);

    // A conversation the list does not know yet: the caller refetches.
    expect(applyMessageToList(client, message(1, them, 'new'), { incoming: true, seenNow: false })).toBe(
      false,
    );
  });

  it('a message in a conversation of an older page lifts it to the top of the first, once', () => {
    const client = new QueryClient();
    client.setQueryData<ConversationPages>(chatKeys.conversations, {
      pages: [
        {
          conversations: [conversation('c3', 6, 0), conversation('c2', 5, 0)],
          unreadTotal: 0,
          nextCursor: 'p2',
        },
        {
          conversations: [conversation('c1', 2, 0), conversation('c0', 1, 0)],
          unreadTotal: 0,
          nextCursor: null,
        },
      ],
      pageParams: [null, 'p2'],
    });
    applyMessageToList(client, message(7, them, 'c1'), { incoming: true, seenNow: false });
    const list = client.getQueryData<ConversationPages>(chatKeys.conversations)!;
    expect(list.pages.map((page) => page.conversations.map((c) => c.id))).toEqual([
      ['c1', 'c3', 'c2'],
      ['c0'],
    ]);
    // The server's cursor for the next page is kept: it marks a place, not a count.
    expect(list.pages.map((page) => page.nextCursor)).toEqual(['p2', null]);
    expect(list.pages.map((page) => page.unreadTotal)).toEqual([1, 1]);
  });

  it('shows each conversation once even when a page arrives holding one already lifted to the top', () => {
    const lifted = conversation('c1', 7, 1);
    const data: ConversationPages = {
      pages: [
        { conversations: [lifted, conversation('c3', 6, 0)], unreadTotal: 1, nextCursor: 'p2' },
        {
          conversations: [conversation('c1', 2, 0), conversation('c0', 1, 0)],
          unreadTotal: 1,
          nextCursor: null,
        },
      ],
      pageParams: [null, 'p2'],
    };
    const shown = loadedConversations(data);
    expect(shown.map((c) => c.id)).toEqual(['c1', 'c3', 'c0']);
    expect(shown[0]).toBe(lifted);
  });
});

describe('a live message while the history is being fetched again', () => {
  it('survives an answer the server gave before it was stored', async () => {
    const client = new QueryClient();
    const key = chatKeys.messages('c1');
    const answers: ((page: MessageListResponse) => void)[] = [];
    const queryFn = () => new Promise<MessageListResponse>((resolve) => answers.push(resolve));
    // The chat screen watches the pages it loaded, as ChatBox does.
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn,
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!({ messages: [message(1)], nextBefore: null, otherLastReadSeq: 0 });
    await vi.waitFor(() => expect(pages(client).pages[0]!.messages).toHaveLength(1));

    // Back after a drop: the history is fetched again, and the socket's message arrives while
    // that fetch is out; the answer on its way does not hold it.
    void client.invalidateQueries({ queryKey: chatKeys.all });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    addMessageToCache(client, message(2));
    answers[1]!({ messages: [message(1)], nextBefore: null, otherLastReadSeq: 0 });
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(pages(client).pages[0]!.messages.map((m) => m.seq)).toEqual([1, 2]);
    // The fetch was asked again, and the server's newer answer holds the message.
    answers[2]!({ messages: [message(1), message(2)], nextBefore: null, otherLastReadSeq: 0 });
    await vi.waitFor(() => expect(pages(client).pages[0]!.messages.map((m) => m.seq)).toEqual([1, 2]));
    stop();
  });
  it('is loaded again when it arrives during the history’s first load', async () => {
    const client = new QueryClient();
    const answers: ((page: MessageListResponse) => void)[] = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: chatKeys.messages('c1'),
      queryFn: () => new Promise<MessageListResponse>((resolve) => answers.push(resolve)),
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    // The conversation has just opened and its history is not in yet when the acknowledgement
    // of a message sent from it arrives; the first answer was given before the message was stored.
    addMessageToCache(client, message(2, me));
    answers[0]!({ messages: [message(1)], nextBefore: null, otherLastReadSeq: 0 });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!({ messages: [message(1), message(2, me)], nextBefore: null, otherLastReadSeq: 0 });
    await vi.waitFor(() => expect(pages(client).pages[0]!.messages.map((m) => m.seq)).toEqual([1, 2]));
    stop();
  });
});
