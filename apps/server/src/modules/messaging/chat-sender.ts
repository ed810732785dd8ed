import { CONCIERGE_USER_ID, unverifiedRefusals, type ChatMessage } from '@sciwise/contracts';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../errors.ts';
import { isEmailVerified } from '../accounts/email-verification.ts';
import { userRoom, type RealtimeServer } from '../../realtime/socket-server.ts';
import { storeMessage, type Actor, type ConversationSide } from './service.ts';

/** The events everyone connected to a conversation hears, shared by the socket and HTTP paths. */
export function chatBroadcasts(io: RealtimeServer) {
  return {
    messageStored(side: ConversationSide, message: ChatMessage) {
      io.to(userRoom(side.otherId)).emit('newMessage', message);
      io.to(userRoom(side.selfId)).emit('messageSent', message);
    },
    conversationRead(side: ConversationSide, lastReadSeq: number) {
      const event = { conversationId: side.conversationId, readerId: side.selfId, lastReadSeq };
      io.to([userRoom(side.otherId), userRoom(side.selfId)]).emit('messagesRead', event);
    },
  };
}

export type ChatSender = (
  actor: Actor,
  side: ConversationSide,
  input: { text: string; clientMessageId?: string | undefined },
) => Promise<ChatMessage>;

/** Stores what a person wrote, then tells both sides: the one way a chat message is sent. */
export function createChatSender(db: Database, io: RealtimeServer): ChatSender {
  const broadcast = chatBroadcasts(io);
  // A confirmed address stays confirmed, so each sender is looked up until it is, then never again.
  const verified = new Set<string>();
  const mayWrite = async (side: ConversationSide) => {
    if (side.selfId === CONCIERGE_USER_ID || side.otherId === CONCIERGE_USER_ID) return true;
    if (verified.has(side.selfId)) return true;
    if (!(await isEmailVerified({ db }, side.selfId))) return false;
    if (verified.size >= 10_000) verified.clear();
    verified.add(side.selfId);
    return true;
  };
  return async (actor, side, input) => {
    // Until their address is confirmed, people may write to Sciwise Concierge and nobody else.
    if (!(await mayWrite(side))) throw forbidden(unverifiedRefusals.message);
    const { message } = await storeMessage(db, {
      side,
      text: input.text.trim(),
      clientMessageId: input.clientMessageId,
      // An administrator answering as Sciwise Concierge is its author.
      authorId: side.selfId === CONCIERGE_USER_ID ? actor.userId : undefined,
    });
    // Also on a retry: the first attempt may have stored the message and died before telling anyone.
    broadcast.messageStored(side, message);
    return message;
  };
}
