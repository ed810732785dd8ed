// The embedded database runs on a worker thread (db/pglite-thread.ts): what the app relies on
// must behave exactly as PGlite does in process: results, transactions, errors, LISTEN/NOTIFY.
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { isUniqueViolation } from '../../src/db/errors.ts';
import { preparedPerDatabase, rowsOfKept } from '../../src/db/prepared.ts';
import { STATEMENT_LIMIT } from '../../src/db/pglite-statements.js';
import { keepPlan, PgliteThread } from '../../src/db/pglite-thread.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: null });
  await handle.rawQuery(
    'create table notes (id int primary key, body text not null, at timestamptz default now())',
    [],
  );
});

afterAll(async () => {
  await handle.close();
});

const bodies = async () =>
  ((await handle.rawQuery('select body from notes order by id', [])) as { body: string }[]).map(
    (row) => row.body,
  );

describe('the embedded database on its own thread', () => {
  it('answers queries with rows, keeping timestamps as the text drizzle expects', async () => {
    await handle.db.execute(sql`insert into notes (id, body) values (1, ${'first'})`);
    const result = (await handle.db.execute(sql`select id, body, at from notes where id = 1`)) as unknown as {
      rows: { id: number; body: string; at: unknown }[];
    };
    expect(result.rows).toEqual([{ id: 1, body: 'first', at: expect.any(String) }]);
    expect(Number.isNaN(Date.parse(String(result.rows[0]!.at)))).toBe(false);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (2, 'kept')`);
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (3, 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await bodies()).toEqual(['first', 'kept']);
  });

  it('makes other queries wait for an open transaction, as one connection does', async () => {
    const order: string[] = [];
    let outsideRead: Promise<unknown> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (4, 'inside')`);
      outsideRead = handle.rawQuery('select count(*)::int as n from notes', []).then((rows) => {
        order.push('outside');
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('commit');
    });
    const [counted] = (await outsideRead) as { n: number }[];
    expect(order).toEqual(['commit', 'outside']);
    expect(counted!.n).toBe(3);
  });

  it('passes database errors through with their SQLSTATE, and stays usable', async () => {
    const failure = await handle.db
      .execute(sql`insert into notes (id, body) values (1, 'again')`)
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    const cause = (failure as Error & { cause?: Error & Record<string, unknown> }).cause;
    expect(String(cause?.message)).toMatch(/duplicate key/);
    // The fields the app reads to tell one refusal from another.
    expect(cause).toMatchObject({ constraint: 'notes_pkey', table: 'notes', severity: 'ERROR' });
    expect(String(cause?.detail)).toContain('(id)=(1)');
    expect(await bodies()).toEqual(['first', 'kept', 'inside']);
  });

  it('reads every kind of value back as it was written: other scripts, empty, missing, arrays', async () => {
    const rows = await handle.rawQuery(
      `select $1::text as words, ''::text as empty, null::text as missing, $2::text[] as list, 7::int as n`,
      ['Zürich, 東京, Ελλάδα 🔬', ['a "quoted" one', 'b,c', null]],
    );
    expect(rows).toEqual([
      {
        words: 'Zürich, 東京, Ελλάδα 🔬',
        empty: '',
        missing: null,
        list: ['a "quoted" one', 'b,c', null],
        n: 7,
      },
    ]);
    const long = 'x'.repeat(300_000);
    expect(await handle.rawQuery('select $1::text as long', [long])).toEqual([{ long }]);
  });

  it('delivers NOTIFY sent by a statement outside any transaction, kept or not', async () => {
    const heard: string[] = [];
    const unlisten = await handle.listen('notes_channel', (payload) => heard.push(payload));
    await handle.rawQuery(`select pg_notify('notes_channel', 'on its own')`, []);
    await handle.rawQuery(`select pg_notify('notes_channel', $1)`, ['kept'], { name: 'notify_kept' });
    await expect.poll(() => heard).toEqual(['on its own', 'kept']);
    await unlisten();
  });

  it('delivers NOTIFY to listeners only when the transaction commits, and stops on unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await handle.listen('notes_channel', (payload) => heard.push(payload));
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('notes_channel', 'committed')`);
    });
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('notes_channel', 'rolled back')`);
        throw new Error('no');
      })
      .catch(() => {});
    await expect.poll(() => heard).toEqual(['committed']);
    await unlisten();
    await handle.rawQuery(`select pg_notify('notes_channel', 'after unlisten')`, []);
    await handle.rawQuery('select 1', []);
    expect(heard).toEqual(['committed']);
  });

  it('refuses a result parser it cannot carry across the thread', async () => {
    const thread = new PgliteThread({ dataDir: null });
    try {
      await thread.waitReady;
      await expect(
        thread.query('select 1 as one', [], { parsers: { 23: (value) => Number(value) * 2 } }),
      ).rejects.toThrow(/cannot cross threads/);
    } finally {
      await thread.close();
    }
    await expect(thread.query('select 1', [])).rejects.toThrow(/closed/);
  });
});

/** The statements the embedded database keeps parsed (its session's named statements). */
const preparedStatements = async (like: string) =>
  (await handle.rawQuery('select statement from pg_prepared_statements where statement like $1', [like])) as {
    statement: string;
  }[];

describe('statements the embedded database keeps parsed', () => {
  it("keeps a statement prepared under a name, and runs it with each call's values", async () => {
    const text = 'select body from notes where id = $1 /* named */';
    const answers = [];
    for (const id of [1, 2, 1]) answers.push(await handle.rawQuery(text, [id], { name: 'named' }));
    expect(answers).toEqual([[{ body: 'first' }], [{ body: 'kept' }], [{ body: 'first' }]]);
    expect(await preparedStatements('%/* named */')).toEqual([{ statement: text }]);
  });

  it('keeps no other statement: each is planned for its values', async () => {
    const text = 'select body from notes where id = $1 /* unnamed */';
    for (const id of [1, 2, 1]) await handle.rawQuery(text, [id]);
    expect(await handle.rawQuery(text, [2])).toEqual([{ body: 'kept' }]);
    expect(await preparedStatements('%/* unnamed */')).toEqual([]);
  });

  it("serialises each value by its parameter's type, nulls included, named or not", async () => {
    await handle.rawQuery('create table typed (id int primary key, doc jsonb, tags text[], note text)', []);
    const insert = 'insert into typed values ($1, $2, $3, $4) returning doc, tags, note';
    for (const name of [undefined, 'typed_insert']) {
      const offset = name ? 10 : 0;
      expect(
        await handle.rawQuery(insert, [offset + 1, { a: [1, 'two'] }, ['x', 'y z'], null], { name }),
      ).toEqual([{ doc: { a: [1, 'two'] }, tags: ['x', 'y z'], note: null }]);
      expect(await handle.rawQuery(insert, [offset + 2, null, [], 'second'], { name })).toEqual([
        { doc: null, tags: [], note: 'second' },
      ]);
    }
  });

  it('keeps the queries the app prepares under a name, and the raw statements it marks', async () => {
    const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });
    const byId = preparedPerDatabase((db) =>
      db
        .select({ body: notes.body })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare('note_by_id'),
    );
    expect(await byId(handle.db).execute({ id: 2 })).toEqual([{ body: 'kept' }]);
    const marked = await rowsOfKept(
      handle.db,
      sql`select upper(body) as loud from notes where id = ${1} /* marked */`,
    );
    expect(marked).toEqual([{ loud: 'FIRST' }]);
    const kept = (await preparedStatements('%notes%')).map((row) => row.statement);
    expect(kept).toContain(byId(handle.db).getQuery().sql);
    expect(kept).toContain('select upper(body) as loud from notes where id = $1 /* marked */');
  });

  it("learns a statement's parameter types again after DDL changes them", async () => {
    await handle.rawQuery('create table retyped (id int primary key, v text)', []);
    const insert = 'insert into retyped values ($1, $2) returning v';
    expect(await handle.rawQuery(insert, [1, 'plain'])).toEqual([{ v: 'plain' }]);
    await handle.rawQuery('alter table retyped alter column v type jsonb using to_jsonb(v)', []);
    expect(await handle.rawQuery(insert, [2, { a: 1 }])).toEqual([{ v: { a: 1 } }]);
  });

  it('keeps a statement first parsed in a transaction that rolled back', async () => {
    const text = "select count(*)::int as n from notes where body <> 'none' /* rolled back */";
    keepPlan(text);
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(text));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await preparedStatements('%/* rolled back */')).toEqual([{ statement: text }]);
    expect(await handle.rawQuery(text, [])).toEqual([{ n: 3 }]);
  });

  it('answers with the new columns after a function changed the table under a kept statement', async () => {
    await handle.rawQuery('create table changing (id int primary key, a text)', []);
    await handle.rawQuery("insert into changing values (1, 'a')", []);
    // DDL inside a function: the thread sees a SELECT, not the ALTER, and keeps its statements.
    await handle.rawQuery(
      `create function widen_changing() returns void language sql
         as $$ alter table changing add column b text not null default 'b' $$`,
      [],
    );
    const text = 'select * from changing where id = $1';
    expect(await handle.rawQuery(text, [1], { name: 'changing' })).toEqual([{ id: 1, a: 'a' }]);
    await handle.rawQuery('select widen_changing()', []);
    expect(await handle.rawQuery(text, [1], { name: 'changing' })).toEqual([{ id: 1, a: 'a', b: 'b' }]);
  });

  it('answers with the new columns in the transaction that changed them under a kept statement', async () => {
    await handle.rawQuery('create table reshaped (id int primary key, a text)', []);
    await handle.rawQuery("insert into reshaped values (1, 'a')", []);
    keepPlan('select * from reshaped where id = $1');
    const read = (db: Pick<typeof handle.db, 'execute'>) =>
      db.execute(sql`select * from reshaped where id = ${1}`) as unknown as Promise<{ rows: unknown[] }>;
    expect((await read(handle.db)).rows).toEqual([{ id: 1, a: 'a' }]);
    expect(await preparedStatements('select * from reshaped%')).toHaveLength(1);
    const inside = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table reshaped add column b int not null default 2`);
      return (await read(tx)).rows;
    });
    expect(inside).toEqual([{ id: 1, a: 'a', b: 2 }]);
    expect((await read(handle.db)).rows).toEqual([{ id: 1, a: 'a', b: 2 }]);
  });

  it('closes the least recently used statements beyond its limit, and still runs them after', async () => {
    const distinct = (n: number) => `select ${n}::int as n /* one of many */`;
    const run = (n: number) => handle.rawQuery(distinct(n), [], { name: `many_${n}` });
    for (let n = 0; n < STATEMENT_LIMIT + 20; n++) {
      await run(n);
      // The first one stays in use throughout: it is never the least recently used.
      if (n % 100 === 99) await run(0);
    }
    const kept = (await preparedStatements('%/* one of many */')).map((row) => row.statement);
    expect(kept).toContain(distinct(STATEMENT_LIMIT + 19));
    expect(kept).toContain(distinct(0));
    expect(kept).not.toContain(distinct(1));
    const [all] = (await handle.rawQuery('select count(*)::int as n from pg_prepared_statements', [])) as {
      n: number;
    }[];
    expect(all!.n).toBe(STATEMENT_LIMIT);
    expect(await run(1)).toEqual([{ n: 1 }]);
  });
});
