import {
  CONCIERGE_USER_ID,
  type ChatMessage,
  type MessageListResponse,
  type SendMessagePayload,
} from '@sciwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { preparedPerDatabase, preparedRaw, rowsOfPrepared } from '../../db/prepared.ts';
import { conversationMembers, conversations, expertProfiles } from '../../db/schema/index.ts';
import { forbidden, invalid, notFound } from '../../errors.ts';
import { NOTIFICATION_CHANNEL } from '../notifications/service.ts';
import { actingSenderId, checkCanStartConversation, identitiesOf } from './permissions.ts';
import { presentMessage, type MessageRow } from './presenter.ts';
import { rowsOf } from '../../db/rows.ts';

export interface Actor {
  userId: string;
  isAdmin: boolean;
}

/** A conversation as one of its members sees it: who they speak as, and to whom. */
/** The two people of a conversation, seen from one of them. */
type Pair = Pick<ConversationSide, 'selfId' | 'otherId'>;

export interface ConversationSide {
  conversationId: string;
  selfId: string;
  otherId: string;
}

/** An unread message waits this long before its receiver gets an e-mail about it. */
export const UNREAD_EMAIL_DELAY = sql`interval '15 minutes'`;

/** The actor's side of a conversation, or 404: a conversation you are not in does not exist for you. */
export async function conversationSide(
  db: Executor,
  actor: Actor,
  conversationId: string,
): Promise<ConversationSide> {
  const selves = identitiesOf(actor);
  const found = await rowsOf<{ self_id: string; other_id: string }>(
    db,
    sql`select me.user_id as self_id, other.user_id as other_id
          from conversation_members me
          join conversation_members other
            on other.conversation_id = me.conversation_id and other.user_id <> me.user_id
         where me.conversation_id = ${conversationId.toLowerCase()}::uuid
           and me.user_id in (${sql.join(
             selves.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         order by (me.user_id = ${actor.userId}::uuid) desc
         limit 1`,
  );
  const side = found[0];
  if (!side) throw notFound('That conversation does not exist.');
  return { conversationId: conversationId.toLowerCase(), selfId: side.self_id, otherId: side.other_id };
}

async function findConversationId(
  db: Executor,
  { selfId: a, otherId: b }: Pair,
): Promise<string | undefined> {
  const [low, high] = a < b ? [a, b] : [b, a];
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)))
    .limit(1);
  return row?.id;
}

/** Creates the pair's conversation, or finds the one a concurrent request just made. */
async function createConversation(
  db: Database,
  { selfId: a, otherId: b }: Pair,
): Promise<{ id: string; created: boolean }> {
  const [low, high] = a < b ? [a, b] : [b, a];
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(conversations)
      .values({ userLowId: low, userHighId: high })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (inserted) {
      await tx.insert(conversationMembers).values([
        { conversationId: inserted.id, userId: low },
        { conversationId: inserted.id, userId: high },
      ]);
      return { id: inserted.id, created: true };
    }
    const existing = await findConversationId(tx, { selfId: low, otherId: high });
    if (!existing) throw new Error('conversation vanished while being created');
    return { id: existing, created: false };
  });
}

/**
 * The conversation between the actor (or the concierge, for administrators who name it) and
 * another person, created if the permission rules allow a first message.
 */
export async function openConversation(
  db: Database,
  actor: Actor,
  { otherUserId, claimedSenderId }: { otherUserId: string; claimedSenderId?: string },
): Promise<ConversationSide> {
  const selfId = actingSenderId(actor, claimedSenderId);
  const otherId = otherUserId.toLowerCase();
  if (actor.isAdmin && otherId === CONCIERGE_USER_ID) {
    throw invalid('Administrators answer for Sciwise Concierge; they do not write to it.');
  }
  const existing = await findConversationId(db, { selfId, otherId });
  if (existing) return { conversationId: existing, selfId, otherId };
  await checkCanStartConversation(db, { senderId: selfId, receiverId: otherId });
  const { id } = await createConversation(db, { selfId, otherId });
  return { conversationId: id, selfId, otherId };
}

/** The person behind an approved expert profile. */
export async function expertUserId(db: Executor, slug: string): Promise<string> {
  const [row] = await db
    .select({ userId: expertProfiles.userId })
    .from(expertProfiles)
    .where(and(eq(expertProfiles.slug, slug), eq(expertProfiles.status, 'approved')))
    .limit(1);
  if (!row) throw notFound('That expert does not exist.');
  return row.userId;
}

/** Where a sendMessage goes: the named conversation, or the one with the receiver. */
export async function resolveTarget(
  db: Database,
  actor: Actor,
  payload: Pick<SendMessagePayload, 'conversationId' | 'receiverId' | 'senderId'>,
): Promise<ConversationSide> {
  if (payload.conversationId) {
    const side = await conversationSide(db, actor, payload.conversationId);
    if (payload.senderId && actingSenderId(actor, payload.senderId) !== side.selfId) {
      throw forbidden('You can only send messages as yourself.');
    }
    if (payload.receiverId && payload.receiverId.toLowerCase() !== side.otherId) {
      throw invalid('That person is not in this conversation.');
    }
    return side;
  }
  return openConversation(db, actor, {
    otherUserId: payload.receiverId!,
    claimedSenderId: payload.senderId,
  });
}

const messageColumns = sql`m.id, m.conversation_id, m.seq, m.sender_id, m.body, m.created_at, m.client_message_id,
  m.removed_at, c.user_low_id, c.user_high_id`;

async function findByClientId(
  db: Executor,
  { senderId, clientMessageId }: { senderId: string; clientMessageId: string },
): Promise<MessageRow | undefined> {
  const [row] = await rowsOf<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m join conversations c on c.id = m.conversation_id
         where m.sender_id = ${senderId}::uuid and m.client_message_id = ${clientMessageId}`,
  );
  return row;
}

export interface SendResult {
  message: ChatMessage;
  /** False when a retry found the message already stored. */
  created: boolean;
}

/** One message to store, as its sender's side of the conversation sees it. */
export interface MessageToStore {
  side: ConversationSide;
  text: string;
  clientMessageId?: string | undefined;
  /** The administrator writing as Sciwise Concierge. */
  authorId?: string | undefined;
}

/** The arguments of the database function store_message (migrations 0008 and 0036), by name. */
function storeArguments({ side, text, clientMessageId, authorId }: MessageToStore) {
  return {
    conversationId: side.conversationId,
    senderId: side.selfId,
    authorId: authorId ?? null,
    receiverId: side.otherId,
    body: text,
    clientMessageId: clientMessageId ?? null,
    preview: text.length > 140 ? `${text.slice(0, 139)}…` : text,
    link: conversationLink(side.conversationId),
    // Nobody reads the concierge's bell: administrators see its conversations in /chat.
    notifyReceiver: side.otherId !== CONCIERGE_USER_ID,
  };
}

/** The call of store_message, its values the names storeArguments gives them. */
const storeCallOf = preparedPerDatabase((db) => {
  const value = (name: keyof ReturnType<typeof storeArguments>) => sql.placeholder(name);
  return preparedRaw(
    db,
    'store_message_call',
    sql`select * from store_message(
          ${value('conversationId')}::uuid, ${value('senderId')}::uuid, ${value('authorId')}::uuid,
          ${value('receiverId')}::uuid, ${value('body')}, ${value('clientMessageId')}, ${value('preview')},
          ${value('link')}, ${value('notifyReceiver')}, ${UNREAD_EMAIL_DELAY}, ${NOTIFICATION_CHANNEL})`,
  );
});

/**
 * Stores one message in one statement (no round trips between its parts, atomic without an
 * explicit transaction): it numbers the message under the conversation's row lock (so seq order
 * is commit order), marks it read for the sender, schedules the unread e-mail for the receiver,
 * and, for the first unread message of a conversation, adds the receiver's bell notification
 * and announces it on commit. A retry with a known clientMessageId stores nothing.
 *
 * The statement is the database function store_message (migration 0008, replaced by 0036), whose
 * plan is kept between calls: planning it anew cost as much as running it. The call itself is
 * prepared once per database (storeCallOf): rendering it from a template on every send cost the
 * chat's main thread about 60 µs a message.
 */
export async function storeMessage(db: Database, message: MessageToStore): Promise<SendResult> {
  const args = storeArguments(message);
  try {
    const [stored] = await rowsOfPrepared<MessageRow>(storeCallOf(db), args);
    if (stored) return { message: presentMessage(stored), created: true };
    return await existingMessage(db, message.side, args.clientMessageId);
  } catch (error) {
    // Two copies of one retry raced: the loser's insert hit the unique index, the winner's row stands.
    if (args.clientMessageId && isUniqueViolation(error)) {
      return existingMessage(db, message.side, args.clientMessageId);
    }
    throw error;
  }
}

async function existingMessage(
  db: Executor,
  side: ConversationSide,
  clientMessageId: string | null,
): Promise<SendResult> {
  const row = clientMessageId
    ? await findByClientId(db, { senderId: side.selfId, clientMessageId })
    : undefined;
  if (!row) throw notFound('That conversation does not exist.');
  if (row.conversation_id !== side.conversationId) {
    throw invalid('That message id was already used for another conversation.');
  }
  return { message: presentMessage(row), created: false };
}

export const conversationLink = (conversationId: string) => `/chat?conversation=${conversationId}`;

/** Moves the actor's read marker forward (never back) and clears what it settles. */
export async function markConversationRead(
  db: Database,
  actor: Actor,
  conversationId: string,
  seq: number,
): Promise<ConversationSide & { lastReadSeq: number }> {
  const side = await conversationSide(db, actor, conversationId);
  const [updated] = await rowsOf<{ last_read_seq: number | string }>(
    db,
    sql`update conversation_members cm
           set last_read_seq = greatest(cm.last_read_seq, least(${seq}::bigint, c.last_seq)),
               email_due_at = case when greatest(cm.last_read_seq, least(${seq}::bigint, c.last_seq)) >= c.last_seq
                                   then null else cm.email_due_at end
          from conversations c
         where c.id = cm.conversation_id and cm.conversation_id = ${side.conversationId}::uuid
           and cm.user_id = ${side.selfId}::uuid
        returning cm.last_read_seq`,
  );
  const lastReadSeq = Number(updated?.last_read_seq ?? 0);
  if (side.selfId !== CONCIERGE_USER_ID) {
    // The bell's "new message" entry is answered by reading the conversation.
    await db.execute(
      sql`update notifications set read_at = now()
           where user_id = ${side.selfId}::uuid and kind = 'message' and read_at is null
             and link = ${conversationLink(side.conversationId)}`,
    );
  }
  return { ...side, lastReadSeq };
}

/** One page of a conversation, oldest first; `before` pages back through history. */
export async function listMessages(
  db: Database,
  actor: Actor,
  conversationId: string,
  query: { before?: number | undefined; limit: number },
): Promise<MessageListResponse> {
  const side = await conversationSide(db, actor, conversationId);
  const found = await rowsOf<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m join conversations c on c.id = m.conversation_id
         where m.conversation_id = ${side.conversationId}::uuid
           ${query.before ? sql`and m.seq < ${query.before}` : sql``}
         order by m.seq desc
         limit ${query.limit + 1}`,
  );
  const [other] = await db
    .select({ lastReadSeq: conversationMembers.lastReadSeq })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversationId, side.conversationId),
        eq(conversationMembers.userId, side.otherId),
      ),
    );
  const page = found.slice(0, query.limit).reverse();
  return {
    messages: page.map(presentMessage),
    nextBefore: found.length > query.limit && page[0] ? Number(page[0].seq) : null,
    otherLastReadSeq: other?.lastReadSeq ?? 0,
  };
}

function welcomeText(firstName: string): string {
  return (
    `Welcome to Sciwise, ${firstName}! I'm your concierge. Tell me what you need — a statistician, ` +
    `a literature search, a medical writer — and I'll help you find the right expert. ` +
    `You can also browse experts yourself at any time.`
  );
}

/** A person's first conversation is with Sciwise Concierge, which greets them; idempotent. */
export async function ensureConciergeWelcome(db: Database, userId: string): Promise<void> {
  const pair = { selfId: userId, otherId: CONCIERGE_USER_ID };
  if (userId === CONCIERGE_USER_ID || (await findConversationId(db, pair))) return;
  const { id, created } = await createConversation(db, pair);
  if (!created) return;
  const [person] = await rowsOf<{ first_name: string }>(
    db,
    sql`select first_name from users where id = ${userId}::uuid`,
  );
  await storeMessage(db, {
    side: { conversationId: id, selfId: CONCIERGE_USER_ID, otherId: userId },
    text: welcomeText(person?.first_name ?? 'there'),
    clientMessageId: `welcome:${userId}`,
  });
}
