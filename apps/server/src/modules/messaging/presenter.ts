import { CONCIERGE_USER_ID, type ChatMessage, type ChatUser } from '@sciwise/contracts';
import { avatarUrl } from '../accounts/presenter.ts';

export interface MessageRow {
  id: string;
  conversation_id: string;
  seq: number | string;
  sender_id: string;
  body: string;
  created_at: Date | string;
  client_message_id: string | null;
  /** Absent where the row comes from store_message: a message is never removed as it is sent. */
  removed_at?: Date | string | null;
  user_low_id: string;
  user_high_id: string;
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Rows come from raw SQL on two drivers: bigint may arrive as a string, timestamps as text. */
export function presentMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: Number(row.seq),
    senderId: row.sender_id,
    receiverId: row.sender_id === row.user_low_id ? row.user_high_id : row.user_low_id,
    // A removed message's words stay in the database for the moderators' record, never on the wire.
    text: row.removed_at ? '' : row.body,
    timestamp: iso(row.created_at),
    clientMessageId: row.client_message_id,
    removed: Boolean(row.removed_at),
  };
}

export function presentChatUser(row: {
  id: string;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
  deleted_at: Date | string | null;
  expert_slug: string | null;
}): ChatUser {
  return {
    id: row.id,
    name: row.deleted_at ? 'Former member' : `${row.first_name} ${row.last_name}`.trim(),
    avatarUrl: row.deleted_at ? null : avatarUrl({ id: row.id, avatarKey: row.avatar_key }),
    isConcierge: row.id === CONCIERGE_USER_ID,
    expertSlug: row.expert_slug,
  };
}

export { iso };
