import { CONCIERGE_USER_ID } from '@sciwise/contracts';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationPageStatement } from '../../src/modules/messaging/conversation-list.ts';
import {
  invitationsStatement,
  myInvitationsWhere,
  projectInvitationsWhere,
} from '../../src/modules/projects/invitation-service.ts';
import { myProjectsStatement } from '../../src/modules/projects/project-service.ts';
import { queryRows } from '../support/ledger.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The member lists page with keysets (conversation-paging and list-paging tests walk them); these
 * plans show each page is read from an index in the page's order and stops after it, never a
 * sequential scan or a sort over every row. Like search-plans, the data is large enough (and
 * ANALYZEd) for the planner to choose what production would.
 */
let t: TestApp;
let busyOwner: string;
let busyExpert: string;
let busyProject: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  await db.execute(sql`
    insert into users (email, first_name, last_name)
    select 'plan-' || n || '@example.test', 'Plan', 'User ' || n from generate_series(1, 3000) n`);
  // Everyone has their welcome conversation with the concierge; each has a last message.
  await db.execute(sql`
    insert into conversations (user_low_id, user_high_id, last_seq, last_message_at, created_at)
    select least(u.id, ${CONCIERGE_USER_ID}::uuid), greatest(u.id, ${CONCIERGE_USER_ID}::uuid), 1,
           now() - (row_number() over ()) * interval '1 minute', now() - interval '30 days'
      from users u where u.email like 'plan-%'`);
  // One person talks with 400 others.
  const [busy] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email = 'plan-1@example.test'`,
  );
  busyOwner = busy!.id;
  await db.execute(sql`
    insert into conversations (user_low_id, user_high_id, last_seq, last_message_at)
    select least(u.id, ${busyOwner}::uuid), greatest(u.id, ${busyOwner}::uuid), 1,
           now() - (row_number() over ()) * interval '1 second'
      from users u where u.email like 'plan-%' and u.id <> ${busyOwner}::uuid limit 400`);
  await db.execute(sql`
    insert into conversation_members (conversation_id, user_id)
    select id, user_low_id from conversations union all select id, user_high_id from conversations`);
  await db.execute(sql`
    insert into messages (conversation_id, seq, sender_id, body)
    select c.id, 1, case when c.user_low_id = ${CONCIERGE_USER_ID}::uuid then c.user_high_id else c.user_low_id end, 'Hello'
      from conversations c`);
  // 3,000 projects over 300 owners (the busy owner has 600); 3,000 invitations.
  await db.execute(sql`
    insert into projects (owner_id, title, updated_at)
    select u.id, 'Project ' || n, now() - n * interval '1 minute'
      from (select id, row_number() over (order by email) as k from users where email like 'plan-%') u
      join generate_series(1, 3000) n on u.k = (n % 300) + 1`);
  await db.execute(
    sql`update projects set owner_id = ${busyOwner}::uuid where id in (select id from projects limit 600)`,
  );
  const [project] = await queryRows<{ id: string }>(
    db,
    sql`select id from projects where owner_id = ${busyOwner}::uuid limit 1`,
  );
  busyProject = project!.id;
  await db.execute(sql`
    insert into project_invitations (project_id, expert_id, created_at)
    select p.id, u.id, now() - (row_number() over ()) * interval '1 second'
      from (select id, row_number() over () as k from projects) p
      join (select id, row_number() over () as k from users where email like 'plan-%') u on u.k = p.k`);
  busyExpert = (
    await queryRows<{ expert_id: string }>(db, sql`select expert_id from project_invitations limit 1`)
  )[0]!.expert_id;
  await db.execute(sql`analyze`);
}, 120_000);
afterAll(() => t.close());

async function plan(statement: SQLWrapper): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(t.app.db, sql`explain ${statement}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The first row of a list's first page, as a cursor on it: the plan of a later page. */
function cursorFor(sort: string, key: number, id: string): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}
const recent = Date.now() * 1000 - 3_600_000_000;
const someId = '00000000-0000-4000-8000-000000000001';

const NO_FULL_READ = /Seq Scan on (conversations|conversation_members|projects|project_invitations)\b/;

describe('list plans on 3,000 members, 3,400 conversations and 3,000 projects', () => {
  const member = () => ({ userId: busyOwner, isAdmin: false });
  const admin = () => ({ userId: busyExpert, isAdmin: true });

  it.each([
    ['a member’s first page', () => conversationPageStatement(member(), { view: 'all', limit: 21 })],
    [
      'a member’s later page',
      () =>
        conversationPageStatement(member(), {
          view: 'all',
          limit: 21,
          cursor: cursorFor('conversations', recent, someId),
        }),
    ],
    ['the concierge inbox', () => conversationPageStatement(admin(), { view: 'all', limit: 21 })],
    [
      'the concierge inbox, later page',
      () =>
        conversationPageStatement(admin(), {
          view: 'all',
          limit: 21,
          cursor: cursorFor('conversations', recent, someId),
        }),
    ],
    ['awaiting reply', () => conversationPageStatement(admin(), { view: 'awaiting_reply', limit: 21 })],
    [
      'awaiting reply, later page',
      () =>
        conversationPageStatement(admin(), {
          view: 'awaiting_reply',
          limit: 21,
          cursor: cursorFor('conversations:awaiting', recent, someId),
        }),
    ],
  ])('conversations: %s reads indexes, no full scan', async (_label, statement) => {
    const text = await plan(statement());
    expect(text, text).not.toMatch(NO_FULL_READ);
    expect(text).toMatch(/Index/);
  });

  it('the concierge inbox walks conversations_activity_idx in order instead of sorting them all', async () => {
    const text = await plan(conversationPageStatement(admin(), { view: 'all', limit: 21 }));
    expect(text, text).toMatch(/conversations_activity_idx/);
    expect(text, text).not.toMatch(/^\s*(->\s*)?Sort\b/m);
    const awaiting = await plan(conversationPageStatement(admin(), { view: 'awaiting_reply', limit: 21 }));
    expect(awaiting, awaiting).toMatch(/Index Scan Backward using conversations_activity_idx/);
  });

  it.each([
    ['My Projects', () => myProjectsStatement(t.app.db, busyOwner, { limit: 21 }), 'projects_owner_idx'],
    [
      'My Projects, later page',
      () =>
        myProjectsStatement(t.app.db, busyOwner, {
          limit: 21,
          cursor: cursorFor('my-projects', recent, someId),
        }),
      'projects_owner_idx',
    ],
    [
      'my invitations',
      () => invitationsStatement(t.app.db, myInvitationsWhere(busyExpert), 'my-invitations', { limit: 21 }),
      'project_invitations_expert_idx',
    ],
    [
      "a project's invitations",
      () =>
        invitationsStatement(t.app.db, projectInvitationsWhere(busyProject), 'project-invitations', {
          limit: 21,
          cursor: cursorFor('project-invitations', recent, someId),
        }),
      'project_invitations_project_idx',
    ],
  ])('%s reads its index in page order: no scan, no sort', async (_label, statement, index) => {
    const text = await plan(statement());
    expect(text, text).not.toMatch(NO_FULL_READ);
    expect(text, text).toMatch(new RegExp(`Index Scan using ${index}`));
    expect(text, text).not.toMatch(/^\s*(->\s*)?Sort\b/m);
  });
});
