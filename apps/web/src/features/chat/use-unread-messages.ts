import type { ChatMessage, MessagesRead } from '@sciwise/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '../../lib/socket.ts';
import {
  applyMessageToList,
  chatKeys,
  conversationsQuery,
  patchConversation,
  unreadTotalOf,
} from './queries.ts';

/**
 * Unread messages over all conversations, kept live: for the header's chat link. Shares the
 * conversation list cache with the chat screen, whose updates are idempotent, so both may listen.
 */
export function useUnreadMessages(): number {
  const queryClient = useQueryClient();
  const conversations = useInfiniteQuery(conversationsQuery);
  const { socket } = useSocket(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversations }),
  );

  useEffect(() => {
    if (!socket) return;
    const onNewMessage = (message: ChatMessage) => {
      if (!applyMessageToList(queryClient, message, { incoming: true, seenNow: false })) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations });
      }
    };
    const onRead = (event: MessagesRead) =>
      patchConversation(queryClient, event.conversationId, (item) =>
        event.readerId === item.selfId
          ? { unreadCount: Math.max(0, (item.lastMessage?.seq ?? 0) - event.lastReadSeq) }
          : {},
      );
    socket.on('newMessage', onNewMessage);
    socket.on('messagesRead', onRead);
    return () => {
      socket.off('newMessage', onNewMessage);
      socket.off('messagesRead', onRead);
    };
  }, [socket, queryClient]);

  return unreadTotalOf(conversations.data);
}
