import {
  chatMessageSchema,
  CONCIERGE_USER_ID,
  conversationListResponseSchema,
  conversationSchema,
  messageListResponseSchema,
  type ChatMessage,
  type ConversationListResponse,
  type MessageListResponse,
} from '@sciwise/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
};

export const conversationsQuery = queryOptions({
  queryKey: chatKeys.conversations,
  queryFn: () => apiRequest('/api/conversations', { schema: conversationListResponseSchema }),
});

/** Administrators: Sciwise Concierge's conversations whose last message is the member's, longest waiting first. */
export const awaitingReplyQuery = queryOptions({
  queryKey: [...chatKeys.conversations, 'awaiting-reply'] as const,
  queryFn: () =>
    apiRequest('/api/conversations?view=awaiting_reply', { schema: conversationListResponseSchema }),
});

const PAGE_SIZE = 30;

export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        `/api/conversations/${conversationId}/messages?limit=${PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
        { schema: messageListResponseSchema, signal },
      ),
    initialPageParam: 0,
    // Pages run newest first; each one's nextBefore leads to the older messages.
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

export type ConversationTarget = { userId: string } | { expertSlug: string };

export function openConversationWith(target: ConversationTarget) {
  return apiRequest('/api/conversations', { method: 'POST', body: target, schema: conversationSchema });
}

/** Sends a message to Sciwise Concierge; resolves to the conversation it is in. */
export async function sendToConcierge(text: string): Promise<string> {
  const conversation = await openConversationWith({ userId: CONCIERGE_USER_ID });
  await apiRequest(`/api/conversations/${conversation.id}/messages`, {
    method: 'POST',
    body: { text },
    schema: chatMessageSchema,
  });
  return conversation.id;
}

/** Opens (or starts, where allowed) the direct conversation with a person, once per screen. */
export const conversationWithQuery = (target: ConversationTarget | null) =>
  queryOptions({
    queryKey: ['chat', 'open', target],
    queryFn: () => openConversationWith(target!),
    enabled: target !== null,
    retry: false,
    staleTime: Infinity,
  });

type MessagePages = InfiniteData<MessageListResponse, number>;

/** Adds a message the socket delivered to the cached pages (once, in seq order). */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(message.conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((known) => known.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    const messages = [...newest!.messages, message].sort((a, b) => a.seq - b.seq);
    return { ...data, pages: [{ ...newest!, messages }, ...older] };
  });
}

export function setOtherReadInCache(
  queryClient: QueryClient,
  conversationId: string,
  lastReadSeq: number,
): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            otherLastReadSeq: Math.max(page.otherLastReadSeq, lastReadSeq),
          })),
        }
      : data,
  );
}

/**
 * Keeps the conversation list in step with a live message: last message, order, unread count.
 * Returns false when the conversation is not in the list yet (the caller refetches it).
 */
export function applyMessageToList(
  queryClient: QueryClient,
  message: ChatMessage,
  options: { incoming: boolean; seenNow: boolean },
): boolean {
  let known = false;
  queryClient.setQueryData<ConversationListResponse>(chatKeys.conversations, (data) => {
    if (!data) return data;
    const conversation = data.conversations.find((item) => item.id === message.conversationId);
    if (!conversation) return data;
    known = true;
    if (conversation.lastMessage && conversation.lastMessage.seq >= message.seq) return data;
    const counts = options.incoming && !options.seenNow;
    const updated = {
      ...conversation,
      lastMessage: message,
      updatedAt: message.timestamp,
      unreadCount: counts ? conversation.unreadCount + 1 : conversation.unreadCount,
    };
    return {
      conversations: [updated, ...data.conversations.filter((item) => item.id !== message.conversationId)],
      unreadTotal: data.unreadTotal + (counts ? 1 : 0),
    };
  });
  return known;
}

export function patchConversation(
  queryClient: QueryClient,
  conversationId: string,
  patch: (
    conversation: ConversationListResponse['conversations'][number],
  ) => Partial<ConversationListResponse['conversations'][number]>,
): void {
  queryClient.setQueryData<ConversationListResponse>(chatKeys.conversations, (data) => {
    if (!data) return data;
    let unreadTotal = data.unreadTotal;
    const conversations = data.conversations.map((item) => {
      if (item.id !== conversationId) return item;
      const next = { ...item, ...patch(item) };
      unreadTotal += next.unreadCount - item.unreadCount;
      return next;
    });
    return { conversations, unreadTotal };
  });
}
