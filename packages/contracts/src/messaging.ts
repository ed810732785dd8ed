import { z } from 'zod';
import type { MessageRemoved } from './moderation.ts';
import { errorCodes } from './errors.ts';
import { expertSlugSchema } from './experts.ts';
import { listPageShape, nextCursorSchema } from './paging.ts';
import type { notificationSchema } from './notifications.ts';
import { multiLineText, singleLineText } from './text.ts';

export const MESSAGE_MAX_LENGTH = 5000;
/** Sciwise Concierge: a real account (seeded by migration) that administrators answer. */
export const CONCIERGE_USER_ID = '00000000-0000-4000-8000-00000000c0c1';

const id = z.uuid('That id is not valid.');

export const messageTextSchema = multiLineText('The message', MESSAGE_MAX_LENGTH, {
  type: 'A message must be text.',
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
}).min(1, 'Write something before sending.');

/** The client's own id for a message: a retry with the same one is not stored twice. */
export const clientMessageIdSchema = singleLineText('clientMessageId', 100).min(
  1,
  'clientMessageId must not be empty.',
);

export const chatUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isConcierge: z.boolean(),
  /** The expert profile's slug when the person is an approved expert, for a link to it. */
  expertSlug: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** The spec's chat message (id, senderId, receiverId, text, timestamp) plus what sync needs. */
export const chatMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** Position in the conversation, 1, 2, 3…; read receipts and paging use it. */
  seq: z.number().int(),
  senderId: z.string(),
  receiverId: z.string(),
  /** Empty once moderators removed the message: the chat shows REMOVED_MESSAGE_TEXT instead. */
  text: z.string(),
  timestamp: z.string(),
  clientMessageId: z.string().nullable(),
  removed: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  /** Who the signed-in person speaks as here: themselves, or the concierge for administrators. */
  selfId: z.string(),
  other: chatUserSchema,
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number().int(),
  /** The other side has read every message up to this seq. */
  otherLastReadSeq: z.number().int(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListResponseSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Unread messages over every conversation (not only this page), for the header's chat badge. */
  unreadTotal: z.number().int(),
  nextCursor: nextCursorSchema,
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

/**
 * GET /api/conversations, in keyset pages. `view=awaiting_reply` (administrators): Sciwise
 * Concierge's conversations whose last message came from the member, longest waiting first.
 *
 * Paging follows last activity (then id), and a cursor marks a place in that order, not a page
 * number: a conversation never appears on two pages and none that keeps its place is skipped. A
 * conversation that gets a new message while someone pages moves above the cursor, so later pages
 * leave it out; the person learns of it from the socket's newMessage (the list puts it on top)
 * or by reloading the first page. In the awaiting view an answered conversation simply leaves.
 */
export const conversationListQuerySchema = z.strictObject({
  view: z.enum(['all', 'awaiting_reply'], { error: 'view must be all or awaiting_reply.' }).default('all'),
  ...listPageShape,
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

/** Whom to talk to: a person's id, or an expert's profile slug (the profile's Message button). */
export const openConversationRequestSchema = z.union([
  z.strictObject({ userId: id }),
  z.strictObject({ expertSlug: expertSlugSchema }),
]);
export type OpenConversationRequest = z.infer<typeof openConversationRequestSchema>;

export const messageListQuerySchema = z.strictObject({
  /** Only messages before this seq (older pages); omitted for the newest page. */
  before: z.coerce.number({ error: 'before must be a number.' }).int().min(1).optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(100).default(30),
});

export const messageListResponseSchema = z.object({
  /** Oldest first, so a page can be shown as it is. */
  messages: z.array(chatMessageSchema),
  /** Pass as `before` for the page of older messages; null when this is the oldest. */
  nextBefore: z.number().int().nullable(),
  otherLastReadSeq: z.number().int(),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/** POST /api/conversations/:id/messages: the socket's sendMessage without the addressing. */
export const sendMessageRequestSchema = z.strictObject({
  text: messageTextSchema,
  clientMessageId: clientMessageIdSchema.optional(),
});

export const markReadRequestSchema = z.strictObject({ seq: z.number().int().min(0) });

/**
 * Every kind of notice Sciwise e-mails, each with the setting that turns it off: the one list the
 * server (which e-mails to send) and the settings page (which boxes to show) both read.
 */
export const emailKinds = [
  {
    kind: 'unread_messages',
    setting: 'emailUnreadMessages',
    label: 'E-mail me when a message has waited unread for 15 minutes',
  },
  {
    kind: 'quote_invitation',
    setting: 'emailQuoteInvitations',
    label: 'E-mail me when a client invites me to quote',
  },
  {
    kind: 'new_quote',
    setting: 'emailNewQuotes',
    label: 'E-mail me when an expert sends a quote for my project',
  },
  {
    kind: 'quote_decision',
    setting: 'emailQuoteDecisions',
    label: 'E-mail me when a client accepts or declines my quote',
  },
] as const;
export type EmailKind = (typeof emailKinds)[number]['kind'];
export type EmailSetting = (typeof emailKinds)[number]['setting'];

export const notificationSettingsSchema = z.strictObject({
  emailUnreadMessages: z.boolean(),
  emailQuoteInvitations: z.boolean(),
  emailNewQuotes: z.boolean(),
  emailQuoteDecisions: z.boolean(),
  inAppMessages: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** PUT /api/me/notification-settings: the settings to change; the others stay as they are. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema.partial();
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

// Socket events -------------------------------------------------------------------------------

export const sendMessagePayloadSchema = z
  .object({
    /** The spec sends it; it must be the signed-in user (or the concierge, for administrators). */
    senderId: id.optional(),
    receiverId: id.optional(),
    conversationId: id.optional(),
    text: messageTextSchema,
    clientMessageId: clientMessageIdSchema.optional(),
  })
  .refine((payload) => payload.receiverId || payload.conversationId, {
    message: 'Say who the message is for.',
    path: ['receiverId'],
  });
export type SendMessagePayload = z.infer<typeof sendMessagePayloadSchema>;

export const typingPayloadSchema = z.object({ conversationId: id });
export type TypingPayload = z.infer<typeof typingPayloadSchema>;

export const markReadPayloadSchema = z.object({ conversationId: id, seq: z.number().int().min(0) });
export type MarkReadPayload = z.infer<typeof markReadPayloadSchema>;

export const socketErrorSchema = z.object({ code: z.enum(errorCodes), message: z.string() });
export type SocketError = z.infer<typeof socketErrorSchema>;

export type SendMessageAck = { ok: true; message: ChatMessage } | { ok: false; error: SocketError };
export type MarkReadAck = { ok: true; lastReadSeq: number } | { ok: false; error: SocketError };

export interface MessagesRead {
  conversationId: string;
  readerId: string;
  lastReadSeq: number;
}

export interface TypingEvent {
  conversationId: string;
  userId: string;
}

export interface NotificationPush {
  notification: z.infer<typeof notificationSchema>;
  unreadCount: number;
}

export interface ServerToClientEvents {
  newMessage: (message: ChatMessage) => void;
  messageSent: (message: ChatMessage) => void;
  messagesRead: (event: MessagesRead) => void;
  typing: (event: TypingEvent) => void;
  notification: (push: NotificationPush) => void;
  /** Moderators removed a message of one of this person's conversations. */
  messageRemoved: (event: MessageRemoved) => void;
  /** A refused event that had no acknowledgement callback to answer through. */
  chatError: (error: SocketError & { event: string }) => void;
}

export interface ClientToServerEvents {
  sendMessage: (payload: SendMessagePayload, ack?: (result: SendMessageAck) => void) => void;
  typing: (payload: TypingPayload) => void;
  markRead: (payload: MarkReadPayload, ack?: (result: MarkReadAck) => void) => void;
}
