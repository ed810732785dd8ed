import { CONCIERGE_USER_ID, LIST_PAGE_MAX, type Conversation } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, signedInUser, type SignedInUser } from '../factories.ts';
import { BAD_CURSOR_MESSAGE, walkPages } from '../support/paging.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Conversations between `member` and new people, with their last activity `minutesAgo` (equal
 * values share one instant, so the id must break the tie) and, when `from` says so, a last message.
 */
async function conversationsWith(
  member: string,
  minutesAgo: number[],
  from: 'member' | 'other' = 'other',
): Promise<string[]> {
  const ids: string[] = [];
  const base = Date.now();
  for (const [n, minutes] of minutesAgo.entries()) {
    const tag = `${base}-${n}-${Math.random().toString(36).slice(2)}`;
    const [other] = (
      (await t.app.db.execute(
        sql`insert into users (email, first_name, last_name) values (${`paging-${tag}@example.test`}, 'Ada', ${`Other ${n}`}) returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    const at = sql`date_trunc('minute', now()) - ${minutes} * interval '1 minute'`;
    const [conversation] = (
      (await t.app.db.execute(
        sql`insert into conversations (user_low_id, user_high_id, last_seq, last_message_at, created_at)
            values (least(${member}::uuid, ${other!.id}::uuid), greatest(${member}::uuid, ${other!.id}::uuid), 1, ${at}, ${at})
            returning id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    await t.app.db.execute(
      sql`insert into conversation_members (conversation_id, user_id)
          values (${conversation!.id}::uuid, ${member}::uuid), (${conversation!.id}::uuid, ${other!.id}::uuid)`,
    );
    await t.app.db.execute(
      sql`insert into messages (conversation_id, seq, sender_id, body, created_at)
          values (${conversation!.id}::uuid, 1, ${from === 'member' ? member : other!.id}::uuid, ${`Message ${n}`}, ${at})`,
    );
    ids.push(conversation!.id);
  }
  return ids;
}

/** Newest activity first, then the greater id: the order the server promises. */
function inInboxOrder(items: Conversation[]): Conversation[] {
  return [...items].sort(
    (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

const list = (who: SignedInUser, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/conversations?${query}`, headers: who.headers });

describe('conversation list pages', () => {
  it('walks every conversation exactly once, newest activity first, ties by id, to a null cursor', async () => {
    const member = await signedInUser(t.app);
    // 3 + 3 + 2 share an instant each: page borders fall inside the ties.
    const made = await conversationsWith(member.id, [5, 5, 5, 9, 9, 9, 12, 12, 20, 30, 31]);
    const { pages, items } = await walkPages<Conversation>(
      t.app,
      '/api/conversations',
      member.headers,
      'conversations',
      3,
    );
    // Eleven made here and Sciwise Concierge's welcome: four pages of three.
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 3]);
    const ids = items.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => made.includes(id)).sort()).toEqual([...made].sort());
    expect(items[0]!.other.id).toBe(CONCIERGE_USER_ID);
    expect(items).toEqual(inInboxOrder(items));
  });

  it('a conversation that gets a message while someone pages moves to the top and is not repeated', async () => {
    const member = await signedInUser(t.app);
    const made = await conversationsWith(member.id, [1, 2, 3, 4, 5, 6, 7, 8]);
    const first = (await list(member, 'limit=3')).json<{
      conversations: Conversation[];
      nextCursor: string;
    }>();
    // The oldest one, on a page not loaded yet, gets a message now.
    const oldest = made.at(-1)!;
    expect(first.conversations.map((c) => c.id)).not.toContain(oldest);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${oldest}/messages`,
      headers: member.headers,
      payload: { text: 'Are you still there?' },
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const seen = first.conversations.map((c) => c.id);
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const page: { conversations: Conversation[]; nextCursor: string | null } = (
        await list(member, `limit=3&cursor=${cursor}`)
      ).json();
      seen.push(...page.conversations.map((c) => c.id));
      cursor = page.nextCursor;
    }
    // Later pages leave it out (it is above the cursor now); everything else comes exactly once.
    expect(seen).not.toContain(oldest);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => made.includes(id)).sort()).toEqual(made.filter((id) => id !== oldest).sort());
    // A fresh first page (what the socket's newMessage stands for) has it on top.
    const fresh = (await list(member, 'limit=3')).json<{ conversations: Conversation[] }>();
    expect(fresh.conversations[0]!.id).toBe(oldest);
    expect(fresh.conversations[0]!.lastMessage?.text).toBe('Are you still there?');
  });

  it('counts unread messages over every page, on every page', async () => {
    const member = await signedInUser(t.app);
    await conversationsWith(member.id, [1, 2, 3, 4, 5]);
    // Each made conversation has one unread message; the concierge's welcome is one more.
    const { items } = await walkPages<Conversation>(
      t.app,
      '/api/conversations',
      member.headers,
      'conversations',
      2,
    );
    const unread = items.reduce((sum, c) => sum + c.unreadCount, 0);
    const first = (await list(member, 'limit=2')).json<{ unreadTotal: number; nextCursor: string }>();
    const second = (await list(member, `limit=2&cursor=${first.nextCursor}`)).json<{ unreadTotal: number }>();
    expect(unread).toBe(6);
    expect(first.unreadTotal).toBe(6);
    expect(second.unreadTotal).toBe(6);
  });

  it('pages the concierge’s awaiting-reply view longest waiting first, each once', async () => {
    const admin = await adminUser(t.app);
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => signedInUser(t.app)));
    const waiting: string[] = [];
    for (const [n, member] of members.entries()) {
      waiting.push(...(await conversationsWith(member.id, [100 - n], 'member')));
    }
    // The members' conversations are with new people, not the concierge: move them to the concierge.
    await t.app.db.execute(
      sql`update conversation_members set user_id = ${CONCIERGE_USER_ID}::uuid
           where conversation_id in (${sql.join(
             waiting.map((id) => sql`${id}::uuid`),
             sql`, `,
           )}) and user_id not in (${sql.join(
             members.map((m) => sql`${m.id}::uuid`),
             sql`, `,
           )})`,
    );
    const { items } = await walkPages<Conversation>(
      t.app,
      '/api/conversations?view=awaiting_reply',
      admin.headers,
      'conversations',
      2,
    );
    const ids = items.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => waiting.includes(id))).toEqual(waiting);
    const times = items.map((c) => Date.parse(c.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses a cursor it did not make, one of another list, and a limit out of bounds: 400', async () => {
    const member = await signedInUser(t.app);
    const admin = await adminUser(t.app);
    const garbage = await list(member, 'cursor=not-a-cursor');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json<{ message: string }>().message).toBe(BAD_CURSOR_MESSAGE);
    const projectsCursor = Buffer.from(
      JSON.stringify(['my-projects', 1, '00000000-0000-4000-8000-000000000001']),
    ).toString('base64url');
    const wrongList = await list(member, `cursor=${projectsCursor}`);
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json<{ message: string }>().message).toBe(BAD_CURSOR_MESSAGE);
    // The inbox's cursor does not continue the awaiting view, whose order runs the other way.
    const inboxCursor = Buffer.from(
      JSON.stringify(['conversations', 1, '00000000-0000-4000-8000-000000000001']),
    ).toString('base64url');
    expect((await list(admin, `view=awaiting_reply&cursor=${inboxCursor}`)).statusCode).toBe(400);
    expect((await list(member, 'limit=0')).statusCode).toBe(400);
    const tooMany = await list(member, `limit=${LIST_PAGE_MAX + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toMatch(`at most ${LIST_PAGE_MAX}`);
    expect((await list(member, `limit=${LIST_PAGE_MAX}`)).statusCode).toBe(200);
  });
});
