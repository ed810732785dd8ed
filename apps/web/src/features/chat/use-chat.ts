import type {
  ChatMessage,
  MessageRemoved,
  MessagesRead,
  SendMessageAck,
  TypingEvent,
} from '@sciwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocket, type AppSocket } from '../../lib/socket.ts';
import { notificationsQuery } from '../notifications/queries.ts';
import {
  awaitingReplyQuery,
  addMessageToCache,
  applyMessageToList,
  chatKeys,
  loadedConversations,
  markMessageRemovedInCache,
  patchConversation,
  type ConversationPages,
  setOtherReadInCache,
} from './queries.ts';

/** A message on its way: shown as "Sending…" until the server acknowledges it. */
export interface OutboxItem {
  clientMessageId: string;
  conversationId: string;
  text: string;
  status: 'sending' | 'failed';
  error?: string;
}

const ACK_TIMEOUT_MS = 10_000;
const TYPING_SHOWN_MS = 3_000;
const TYPING_EMIT_EVERY_MS = 2_000;

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * The chat's live side: listens to the socket, keeps the cached conversations and messages in
 * step, sends with a client id so a retry after a dropped connection is stored once, and
 * refetches everything over HTTP after a reconnect.
 */
export function useChat(activeConversationId: string | null) {
  const queryClient = useQueryClient();
  const [outbox, setOutbox] = useState<OutboxItem[]>([]);
  const [typingUntil, setTypingUntil] = useState<Record<string, number>>({});
  const outboxRef = useRef(outbox);
  const activeRef = useRef(activeConversationId);
  const lastTypingEmit = useRef(0);
  useEffect(() => {
    outboxRef.current = outbox;
    activeRef.current = activeConversationId;
  });

  const settle = useCallback(
    (clientMessageId: string, result: { message: ChatMessage } | { error: string } | 'retry-later') => {
      if (result === 'retry-later') return;
      if ('message' in result) {
        addMessageToCache(queryClient, result.message);
        if (!applyMessageToList(queryClient, result.message, { incoming: false, seenNow: true })) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
        }
        setOutbox((items) => items.filter((item) => item.clientMessageId !== clientMessageId));
      } else {
        setOutbox((items) =>
          items.map((item) =>
            item.clientMessageId === clientMessageId
              ? { ...item, status: 'failed', error: result.error }
              : item,
          ),
        );
      }
    },
    [queryClient],
  );

  const deliver = useCallback(
    async (socket: AppSocket | null, item: OutboxItem) => {
      if (!socket) {
        // Only before the screen's first commit, which a person cannot beat with the composer.
        settle(item.clientMessageId, { error: 'Not connected yet. Try again.' });
        return;
      }
      let result: Parameters<typeof settle>[1];
      try {
        const ack: SendMessageAck = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('sendMessage', {
          conversationId: item.conversationId,
          text: item.text,
          clientMessageId: item.clientMessageId,
        });
        result = ack.ok ? { message: ack.message } : { error: ack.error.message };
      } catch {
        // No answer: while disconnected the reconnect handler sends it again; otherwise let the person retry.
        result = socket.connected ? { error: 'The message could not be sent. Try again.' } : 'retry-later';
      }
      settle(item.clientMessageId, result);
    },
    [settle],
  );

  const { socket, status } = useSocket((reconnected) => {
    // Back after a drop: whatever arrived meanwhile is fetched, and unacknowledged sends go again.
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    for (const item of outboxRef.current) if (item.status === 'sending') void deliver(reconnected, item);
  });

  useEffect(() => {
    if (!socket) return;
    // The concierge's awaiting-reply view (administrators) changes with every message either way.
    const refreshAwaiting = () =>
      void queryClient.invalidateQueries({ queryKey: awaitingReplyQuery.queryKey, exact: true });
    const onNewMessage = (message: ChatMessage) => {
      addMessageToCache(queryClient, message);
      refreshAwaiting();
      const seenNow = message.conversationId === activeRef.current && isVisible();
      if (!applyMessageToList(queryClient, message, { incoming: true, seenNow })) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      }
      setTypingUntil((current) => {
        if (!(message.conversationId in current)) return current;
        const next = { ...current };
        delete next[message.conversationId];
        return next;
      });
    };
    const onMessageSent = (message: ChatMessage) => {
      addMessageToCache(queryClient, message);
      refreshAwaiting();
      if (!applyMessageToList(queryClient, message, { incoming: false, seenNow: true })) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      }
      // Sent from another tab (or acknowledged here a moment ago): no longer pending.
      setOutbox((items) => items.filter((item) => item.clientMessageId !== message.clientMessageId));
    };
    const onRead = (event: MessagesRead) => {
      const list = queryClient.getQueryData<ConversationPages>(chatKeys.conversations);
      const conversation = loadedConversations(list).find((item) => item.id === event.conversationId);
      if (conversation && event.readerId === conversation.selfId) {
        patchConversation(queryClient, event.conversationId, (item) => ({
          unreadCount: Math.max(0, (item.lastMessage?.seq ?? 0) - event.lastReadSeq),
        }));
        return;
      }
      setOtherReadInCache(queryClient, event.conversationId, event.lastReadSeq);
      patchConversation(queryClient, event.conversationId, (item) => ({
        otherLastReadSeq: Math.max(item.otherLastReadSeq, event.lastReadSeq),
      }));
    };
    // Moderators removed a message: both people's chats show where it stood, without its words.
    const onMessageRemoved = (event: MessageRemoved) => markMessageRemovedInCache(queryClient, event);
    const onTyping = (event: TypingEvent) =>
      setTypingUntil((current) => ({ ...current, [event.conversationId]: Date.now() + TYPING_SHOWN_MS }));
    socket.on('newMessage', onNewMessage);
    socket.on('messageSent', onMessageSent);
    socket.on('messagesRead', onRead);
    socket.on('typing', onTyping);
    socket.on('messageRemoved', onMessageRemoved);
    return () => {
      socket.off('newMessage', onNewMessage);
      socket.off('messageSent', onMessageSent);
      socket.off('messagesRead', onRead);
      socket.off('typing', onTyping);
      socket.off('messageRemoved', onMessageRemoved);
    };
  }, [socket, queryClient]);

  // Typing indicators fade on their own.
  useEffect(() => {
    const entries = Object.values(typingUntil);
    if (entries.length === 0) return;
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setTypingUntil((current) =>
          Object.fromEntries(Object.entries(current).filter(([, until]) => until > now)),
        );
      },
      Math.max(100, Math.min(...entries) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const send = useCallback(
    (conversationId: string, text: string) => {
      const item: OutboxItem = {
        clientMessageId: crypto.randomUUID(),
        conversationId,
        text,
        status: 'sending',
      };
      setOutbox((items) => [...items, item]);
      void deliver(socket, item);
    },
    [socket, deliver],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const item = outboxRef.current.find((entry) => entry.clientMessageId === clientMessageId);
      if (!item) return;
      const again = { ...item, status: 'sending' as const, error: undefined };
      setOutbox((items) => items.map((entry) => (entry.clientMessageId === clientMessageId ? again : entry)));
      void deliver(socket, again);
    },
    [socket, deliver],
  );

  const markRead = useCallback(
    (conversationId: string, seq: number) => {
      patchConversation(queryClient, conversationId, () => ({ unreadCount: 0 }));
      socket?.emit('markRead', { conversationId, seq });
      // The bell's "new message" entry for this conversation is settled by the server too.
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    },
    [socket, queryClient],
  );

  const typing = useCallback(
    (conversationId: string) => {
      const now = Date.now();
      if (!socket?.connected || now - lastTypingEmit.current < TYPING_EMIT_EVERY_MS) return;
      lastTypingEmit.current = now;
      socket.emit('typing', { conversationId });
    },
    [socket],
  );

  return {
    status,
    outbox,
    isTyping: (conversationId: string) => (typingUntil[conversationId] ?? 0) > Date.now(),
    send,
    retry,
    markRead,
    typing,
  };
}
