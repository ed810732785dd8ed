import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOfKept } from '../../src/db/prepared.ts';
import { createTestDatabase, testDriver, type TestDatabase } from '../support/test-app.ts';

/*
 * The statements a hot path runs on every sign-in or message are parsed once, on either database:
 * PGlite keeps their text, each PostgreSQL connection prepares them under a name.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

// Sequential queries on an idle pool take the same connection, whose statements this lists.
const preparedLike = async (like: string) =>
  (
    (await database.handle.rawQuery('select statement from pg_prepared_statements where statement like $1', [
      like,
    ])) as { statement: string }[]
  ).map((row) => row.statement);

describe(`kept statements (${testDriver})`, () => {
  it("runs a kept statement with each call's values, prepared once", async () => {
    const answers = [];
    for (const word of ['alpha', 'beta', 'alpha']) {
      answers.push(
        await rowsOfKept(database.handle.db, sql`select upper(${word}::text) as loud /* kept once */`),
      );
    }
    expect(answers).toEqual([[{ loud: 'ALPHA' }], [{ loud: 'BETA' }], [{ loud: 'ALPHA' }]]);
    expect(await preparedLike('%/* kept once */')).toEqual([
      'select upper($1::text) as loud /* kept once */',
    ]);
  });

  it('keeps each form of a statement apart', async () => {
    const form = (extra: boolean, word: string) =>
      rowsOfKept(
        database.handle.db,
        sql`select ${word}::text as word${extra ? sql`, length(${word}::text) as letters` : sql``} /* two forms */`,
      );
    expect(await form(false, 'gene')).toEqual([{ word: 'gene' }]);
    expect(await form(true, 'protein')).toEqual([{ word: 'protein', letters: 7 }]);
    expect(await form(false, 'cell')).toEqual([{ word: 'cell' }]);
    expect((await preparedLike('%/* two forms */')).sort()).toEqual([
      'select $1::text as word /* two forms */',
      'select $1::text as word, length($2::text) as letters /* two forms */',
    ]);
  });

  it("runs on the transaction's connection: a rolled-back write is gone", async () => {
    await database.handle.rawQuery('create table kept_notes (id int primary key, body text not null)', []);
    const write = (db: Parameters<typeof rowsOfKept>[0], id: number) =>
      rowsOfKept<{ id: number }>(
        db,
        sql`insert into kept_notes values (${id}, 'note') returning id /* kept write */`,
      );
    await expect(
      database.handle.db.transaction(async (tx) => {
        expect(await write(tx, 1)).toEqual([{ id: 1 }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.handle.db.transaction((tx) => write(tx, 2));
    expect(await database.handle.rawQuery('select id from kept_notes order by id', [])).toEqual([{ id: 2 }]);
  });

  it('runs a kept statement again after it failed', async () => {
    const divide = (by: number) =>
      rowsOfKept<{ quotient: number }>(
        database.handle.db,
        sql`select 84 / ${by}::int as quotient /* kept division */`,
      );
    await expect(divide(0)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'division by zero' }),
    });
    expect(await divide(2)).toEqual([{ quotient: 42 }]);
    expect(await divide(0).catch(() => 'refused again')).toBe('refused again');
    expect(await divide(4)).toEqual([{ quotient: 21 }]);
  });
});
