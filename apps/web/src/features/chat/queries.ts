import {
  chatMessageSchema,
  CONCIERGE_USER_ID,
  LIST_PAGE_DEFAULT,
  conversationListResponseSchema,
  conversationSchema,
  messageListResponseSchema,
  type ChatMessage,
  type Conversation,
  type ConversationListResponse,
  type MessageListResponse,
  type MessageRemoved,
} from '@sciwise/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { pageItems } from '../../lib/pages.ts';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  conversation: (conversationId: string) => ['chat', 'conversation', conversationId] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
};

function conversationPages(view: 'all' | 'awaiting_reply', queryKey: readonly string[]) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams(view === 'all' ? {} : { view });
      search.set('limit', String(LIST_PAGE_DEFAULT));
      if (pageParam) search.set('cursor', pageParam);
      return apiRequest(`/api/conversations?${search.toString()}`, {
        schema: conversationListResponseSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * The conversation list in keyset pages, newest activity first. A refetch (after a reconnect, or
 * for a conversation the loaded pages do not hold) reloads the pages from the first, following
 * fresh cursors, so nothing is shown twice or left out.
 */
export const conversationsQuery = conversationPages('all', chatKeys.conversations);

/** Administrators: Sciwise Concierge's conversations whose last message is the member's, longest waiting first. */
export const awaitingReplyQuery = conversationPages('awaiting_reply', [
  ...chatKeys.conversations,
  'awaiting-reply',
]);

export type ConversationPages = InfiniteData<ConversationListResponse, unknown>;

/** Every loaded conversation, each once, in list order. */
export const loadedConversations = (data: ConversationPages | undefined): Conversation[] =>
  pageItems(data, (page) => page.conversations);

/** The header badge's count: the server counts over every page, the socket keeps it live. */
export const unreadTotalOf = (data: ConversationPages | undefined): number =>
  data?.pages[0]?.unreadTotal ?? 0;

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

/**
 * One conversation by id, for an address naming one that the loaded list does not hold (yet): an
 * older one past the first page, or one just opened while the list is being fetched again.
 */
export const conversationQuery = (conversationId: string | null) =>
  queryOptions({
    queryKey: chatKeys.conversation(conversationId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/conversations/${conversationId}`, { schema: conversationSchema, signal }),
    enabled: conversationId !== null,
    retry: false,
  });

type MessagePages = InfiniteData<MessageListResponse, number>;

/**
 * Adds a message the socket delivered to the cached pages (once, in seq order). A fetch of those
 * pages already in flight (after a reconnect, say) may have been answered before the message was
 * stored, and its answer would replace the cache without it: that fetch is asked again.
 */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage): void {
  const queryKey = chatKeys.messages(message.conversationId);
  const state = queryClient.getQueryState<MessagePages>(queryKey);
  if (state?.fetchStatus === 'fetching') {
    if (state.data === undefined) {
      // The history's first load (the conversation has just opened). TanStack Query restarts only
      // a fetch that has data to fall back on, so this one is cancelled and made again.
      void queryClient
        .cancelQueries({ queryKey, exact: true })
        .then(() => queryClient.refetchQueries({ queryKey, exact: true }));
    } else {
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  }
  queryClient.setQueryData<MessagePages>(queryKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((known) => known.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    const messages = [...newest!.messages, message].sort((a, b) => a.seq - b.seq);
    return { ...data, pages: [{ ...newest!, messages }, ...older] };
  });
}

/**
 * Moderators removed a message: it stays where it stood, without its words, in the loaded history
 * and as the last message of whichever conversation lists show it (the inbox, the concierge's
 * awaiting-reply view).
 */
export function markMessageRemovedInCache(
  queryClient: QueryClient,
  { conversationId, messageId }: MessageRemoved,
): void {
  const strip = (message: ChatMessage): ChatMessage =>
    message.id === messageId ? { ...message, text: '', removed: true } : message;
  queryClient.setQueryData<MessagePages>(chatKeys.messages(conversationId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(strip) })) }
      : data,
  );
  queryClient.setQueriesData<ConversationPages>({ queryKey: chatKeys.conversations }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((item) =>
              item.lastMessage?.id === messageId ? { ...item, lastMessage: strip(item.lastMessage) } : item,
            ),
          })),
        }
      : data,
  );
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
 * The conversation leaves whichever loaded page held it and goes on top of the first, as the
 * server would order it; the next page's cursor is the server's and stays valid. Returns false
 * when no loaded page holds it yet (the caller refetches the list).
 */
export function applyMessageToList(
  queryClient: QueryClient,
  message: ChatMessage,
  options: { incoming: boolean; seenNow: boolean },
): boolean {
  let known = false;
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations, (data) => {
    if (!data || data.pages.length === 0) return data;
    const conversation = loadedConversations(data).find((item) => item.id === message.conversationId);
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
    const unreadTotal = unreadTotalOf(data) + (counts ? 1 : 0);
    return {
      ...data,
      pages: data.pages.map((page, index) => {
        const rest = page.conversations.filter((item) => item.id !== message.conversationId);
        return { ...page, unreadTotal, conversations: index === 0 ? [updated, ...rest] : rest };
      }),
    };
  });
  return known;
}

export function patchConversation(
  queryClient: QueryClient,
  conversationId: string,
  patch: (conversation: Conversation) => Partial<Conversation>,
): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations, (data) => {
    if (!data) return data;
    let unreadTotal = unreadTotalOf(data);
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((item) => {
        if (item.id !== conversationId) return item;
        const next = { ...item, ...patch(item) };
        unreadTotal += next.unreadCount - item.unreadCount;
        return next;
      }),
    }));
    return { ...data, pages: pages.map((page) => ({ ...page, unreadTotal })) };
  });
}
