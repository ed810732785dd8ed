import { CONCIERGE_USER_ID, type Conversation, type ConversationListResponse } from '@sciwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';
import { identitiesOf } from './permissions.ts';
import { iso, presentChatUser, presentMessage, type MessageRow } from './presenter.ts';
import { rowsOf } from '../../db/rows.ts';
import { conversationSide, ensureConciergeWelcome, type Actor } from './service.ts';

interface ConversationRow extends Omit<
  MessageRow,
  'id' | 'seq' | 'sender_id' | 'body' | 'created_at' | 'client_message_id' | 'removed_at'
> {
  self_id: string;
  my_read: number | string;
  other_read: number | string;
  last_seq: number | string;
  updated_at: Date | string;
  /** updated_at in microseconds since the epoch: the page's keyset position. */
  micros: string;
  other_id: string;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
  deleted_at: Date | string | null;
  expert_slug: string | null;
  message_id: string | null;
  seq: number | string | null;
  sender_id: string | null;
  body: string | null;
  created_at: Date | string | null;
  client_message_id: string | null;
  removed_at: Date | string | null;
}

type View = 'all' | 'awaiting_reply';
interface Page {
  limit: number;
  cursor?: string | undefined;
}

/**
 * A conversation's last activity. conversations_activity_idx is on this very expression (with
 * id), so both views walk the index in order and stop after a page instead of sorting them all.
 */
const activity = sql`coalesce(c.last_message_at, c.created_at)`;

/**
 * The keyset of each view. Newest activity first for the inbox, longest waiting first for the
 * awaiting view; the id breaks ties. A conversation's activity only ever grows, so one that gets a
 * message while someone pages jumps above their cursor: later pages leave it out (no duplicate),
 * and the socket's newMessage puts it on top of the list they already hold.
 */
const views: Record<View, { sort: string; after: (key: number, id: string) => SQL; order: SQL }> = {
  all: {
    sort: 'conversations',
    after: (key, id) => sql`(${activity}, c.id) < (${atMicros(key)}, ${id}::uuid)`,
    order: sql`${activity} desc, c.id desc`,
  },
  awaiting_reply: {
    sort: 'conversations:awaiting',
    after: (key, id) => sql`(${activity}, c.id) > (${atMicros(key)}, ${id}::uuid)`,
    order: sql`${activity}, c.id`,
  },
};

/** One page of the actor's conversations, each with the other person, last message and unread count. */
export async function listConversations(
  db: Database,
  actor: Actor,
  query: Page & { view: View },
): Promise<ConversationListResponse> {
  if (query.view === 'awaiting_reply') {
    if (!actor.isAdmin) throw forbidden('Only administrators answer for Sciwise Concierge.');
  } else if (!actor.isAdmin && !query.cursor) {
    await ensureConciergeWelcome(db, actor.userId);
  }
  const view = views[query.view];
  const found = await rowsOf<ConversationRow>(db, conversationPageStatement(actor, query));
  const { shown, nextCursor } = pageOf(found, query.limit, (last) => ({
    sort: view.sort,
    key: Number(last.micros),
    id: last.conversation_id,
  }));
  return {
    conversations: shown.map(presentConversation),
    unreadTotal: await unreadTotal(db, actor),
    nextCursor,
  };
}

/** One conversation as the list presents it; 404 when the actor is not in it. */
export async function getConversation(
  db: Database,
  actor: Actor,
  conversationId: string,
): Promise<Conversation> {
  const side = await conversationSide(db, actor, conversationId);
  const [found] = await rowsOf<ConversationRow>(
    db,
    conversationStatement(actor, {
      where: sql`c.id = ${side.conversationId}::uuid`,
      order: sql`(me.user_id = ${actor.userId}::uuid) desc`,
      limit: 1,
    }),
  );
  if (!found) throw notFound('That conversation does not exist.');
  return presentConversation(found);
}

/** The statement of one page (limit + 1 rows, to tell whether another page follows). */
export function conversationPageStatement(actor: Actor, query: Page & { view: View }): SQL {
  const view = views[query.view];
  const cursor = query.cursor ? decodeCursor(query.cursor, view.sort) : null;
  return conversationStatement(actor, {
    where: sql.join(
      [
        query.view === 'awaiting_reply'
          ? sql`me.user_id = ${CONCIERGE_USER_ID}::uuid and m.sender_id <> ${CONCIERGE_USER_ID}::uuid`
          : sql`true`,
        cursor ? view.after(cursor.key, cursor.id) : sql`true`,
      ],
      sql` and `,
    ),
    order: view.order,
    limit: query.limit + 1,
  });
}

function selfList(actor: Actor): SQL {
  return sql.join(
    identitiesOf(actor).map((id) => sql`${id}::uuid`),
    sql`, `,
  );
}

/**
 * The actor's side of each conversation (an administrator's own and Sciwise Concierge's), with
 * the other person and the last message. Order and limit are the caller's.
 */
function conversationStatement(
  actor: Actor,
  { where, order, limit }: { where: SQL; order: SQL; limit: number },
): SQL {
  return sql`select c.id as conversation_id, c.user_low_id, c.user_high_id, c.last_seq,
               ${activity} as updated_at, ${epochMicros(activity)} as micros,
               me.user_id as self_id, me.last_read_seq as my_read, other.last_read_seq as other_read,
               u.id as other_id, u.first_name, u.last_name, u.avatar_key, u.deleted_at, ep.slug as expert_slug,
               m.id as message_id, m.seq, m.sender_id, m.body, m.created_at, m.client_message_id, m.removed_at
          from conversations c
          join conversation_members me on me.conversation_id = c.id
          join conversation_members other on other.conversation_id = c.id and other.user_id <> me.user_id
          join users u on u.id = other.user_id
          left join expert_profiles ep on ep.user_id = u.id and ep.status = 'approved'
          left join messages m on m.conversation_id = c.id and m.seq = c.last_seq
         where me.user_id in (${selfList(actor)}) and other.user_id <> ${actor.userId}::uuid
           and ${where}
         order by ${order}
         limit ${limit}`;
}

/** Unread messages over all the actor's conversations, whichever page they are on. */
async function unreadTotal(db: Executor, actor: Actor): Promise<number> {
  const [total] = await rowsOf<{ n: number | string | null }>(db, unreadTotalStatement(actor));
  return Number(total?.n ?? 0);
}

export function unreadTotalStatement(actor: Actor): SQL {
  return sql`select sum(c.last_seq - me.last_read_seq) as n
          from conversation_members me
          join conversations c on c.id = me.conversation_id
          join conversation_members other on other.conversation_id = c.id and other.user_id <> me.user_id
         where me.user_id in (${selfList(actor)}) and other.user_id <> ${actor.userId}::uuid`;
}

function presentConversation(row: ConversationRow): Conversation {
  return {
    id: row.conversation_id,
    selfId: row.self_id,
    other: presentChatUser({ ...row, id: row.other_id }),
    lastMessage:
      row.message_id && row.sender_id && row.body !== null && row.created_at !== null && row.seq !== null
        ? presentMessage({
            ...row,
            id: row.message_id,
            seq: row.seq,
            sender_id: row.sender_id,
            body: row.body,
            created_at: row.created_at,
          })
        : null,
    unreadCount: Number(row.last_seq) - Number(row.my_read),
    otherLastReadSeq: Number(row.other_read),
    updatedAt: iso(row.updated_at),
  };
}
