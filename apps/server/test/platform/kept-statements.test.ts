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

  it('runs inside a transaction, and a failed kept statement is no trouble for the next', async () => {
    await expect(
      database.handle.db.transaction(async (tx) => {
        await rowsOfKept(tx, sql`select 1 / ${0}::int as broken /* kept failure */`);
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'division by zero' }) });
    const rows = await database.handle.db.transaction((tx) =>
      rowsOfKept<{ answer: number }>(tx, sql`select ${41}::int + 1 as answer /* kept in tx */`),
    );
    expect(rows).toEqual([{ answer: 42 }]);
  });
});
