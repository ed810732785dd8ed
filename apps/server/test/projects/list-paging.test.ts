import type { Invitation, MyProject } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedExpert, createProject, openProject, signedInUser } from '../factories.ts';
import { BAD_CURSOR_MESSAGE, walkPages } from '../support/paging.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ids = (items: { id: string }[]) => items.map((item) => item.id);
/** Newest first, then the greater id. */
const byNewest = <T extends { id: string }>(items: T[], at: (item: T) => string) =>
  [...items].sort((a, b) => Date.parse(at(b)) - Date.parse(at(a)) || (a.id < b.id ? 1 : -1));

/** Gives rows the same instants in pairs and threes, so page borders fall inside ties. */
async function tie(table: 'projects' | 'project_invitations', column: string, rowIds: string[]) {
  for (const [n, id] of rowIds.entries()) {
    await t.app.db.execute(
      sql`update ${sql.raw(table)} set ${sql.raw(column)} = date_trunc('minute', now()) - ${Math.floor(n / 3)} * interval '1 minute'
           where id = ${id}::uuid`,
    );
  }
}

describe('My Projects pages', () => {
  it('walks every project exactly once, newest activity first, ties by id, to a null cursor', async () => {
    const owner = await signedInUser(t.app);
    const made: string[] = [];
    for (let n = 0; n < 8; n += 1) made.push((await createProject(t.app, owner, { title: `Study ${n}` })).id);
    await tie('projects', 'updated_at', made);
    const { pages, items } = await walkPages<MyProject>(
      t.app,
      '/api/projects/mine',
      owner.headers,
      'projects',
      3,
    );
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect([...ids(items)].sort()).toEqual([...made].sort());
    expect(new Set(ids(items)).size).toBe(made.length);
    expect(items).toEqual(byNewest(items, (p) => p.updatedAt));
    // Another owner's list is theirs alone.
    const other = await signedInUser(t.app);
    const theirs = await call(t.app, 'GET', '/api/projects/mine', other);
    expect(theirs.json<{ projects: MyProject[]; nextCursor: string | null }>()).toEqual({
      projects: [],
      nextCursor: null,
    });
  });

  it('refuses a bad cursor and a limit out of bounds with a 400', async () => {
    const owner = await signedInUser(t.app);
    const bad = await call(t.app, 'GET', '/api/projects/mine?cursor=WyJub3BlIl0', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(BAD_CURSOR_MESSAGE);
    expect((await call(t.app, 'GET', '/api/projects/mine?limit=0', owner)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/projects/mine?cursor=%25%25', owner)).statusCode).toBe(400);
  });
});

describe('invitation lists page', () => {
  it("the owner walks a project's invitations and the expert their own, each exactly once, newest first", async () => {
    const owner = await signedInUser(t.app);
    const project = await openProject(t.app, owner, { visibility: 'invite_only' });
    const experts = [];
    for (let n = 0; n < 5; n += 1) experts.push(await approvedExpert(t.app));
    const sent: string[] = [];
    for (const expert of experts) {
      const response = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
        expertId: expert.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      sent.push(response.json<Invitation>().id);
    }
    await tie('project_invitations', 'created_at', sent);
    const sentPages = await walkPages<Invitation>(
      t.app,
      `/api/projects/${project.id}/invitations`,
      owner.headers,
      'invitations',
      2,
    );
    expect(sentPages.pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect([...ids(sentPages.items)].sort()).toEqual([...sent].sort());
    expect(sentPages.items).toEqual(byNewest(sentPages.items, (i) => i.createdAt));

    // One expert invited to four projects sees them all, over two pages.
    const invited = experts[0]!;
    const received = [sent[0]!];
    for (let n = 0; n < 3; n += 1) {
      const more = await openProject(t.app, owner, { visibility: 'invite_only' });
      const response = await call(t.app, 'POST', `/api/projects/${more.id}/invitations`, owner, {
        expertId: invited.id,
      });
      received.push(response.json<Invitation>().id);
    }
    const mine = await walkPages<Invitation>(t.app, '/api/invitations', invited.headers, 'invitations', 2);
    expect(mine.pages.map((page) => page.length)).toEqual([2, 2]);
    expect([...ids(mine.items)].sort()).toEqual([...received].sort());
    expect(mine.items).toEqual(byNewest(mine.items, (i) => i.createdAt));

    // A page link of one list does not continue the other.
    const first = await call(t.app, 'GET', '/api/invitations?limit=1', invited);
    const cursor = first.json<{ nextCursor: string }>().nextCursor;
    const crossed = await call(
      t.app,
      'GET',
      `/api/projects/${project.id}/invitations?cursor=${cursor}`,
      owner,
    );
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json<{ message: string }>().message).toBe(BAD_CURSOR_MESSAGE);
    expect((await call(t.app, 'GET', '/api/invitations?limit=51', invited)).statusCode).toBe(400);
  });
});
