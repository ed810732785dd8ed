// The embedded database vacuums and analyzes itself, by autovacuum's thresholds
// (db/pglite-autovacuum.ts), so a table that churns stops growing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import {
  autovacuumRound,
  dueMaintenance,
  startAutovacuum,
  type AutovacuumLog,
} from '../../src/db/pglite-autovacuum.ts';

const quiet: AutovacuumLog = { debug: () => {}, warn: () => {} };
/** Rounds run only when a test asks. */
let handle: DatabaseHandle;
const run = (text: string) => handle.rawQuery(text, []);

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: null, autovacuum: false });
});
afterAll(async () => {
  await handle.close();
});

let tables = 0;
/** A table of its own for each test, like known_devices: rows added, the oldest removed. */
async function devicesTable(database: DatabaseHandle = handle, options = '') {
  const name = `devices_${++tables}`;
  await database.rawQuery(
    `create table ${name} (id serial primary key, owner int not null, token text not null) ${options}`,
    [],
  );
  await database.rawQuery(`create index ${name}_owner_idx on ${name} (owner)`, []);
  return name;
}

async function insert(table: string, rows: number, database = handle) {
  await database.rawQuery(
    `insert into ${table} (owner, token) select 1, md5(g::text) from generate_series(1, ${rows}) g`,
    [],
  );
}

/** As many sign-ins' worth of churn: a device added and the oldest removed, each time. */
async function churn(table: string, rows: number, database = handle) {
  await insert(table, rows, database);
  await database.rawQuery(
    `delete from ${table} where id in (select id from ${table} order by id limit ${rows})`,
    [],
  );
}

const dueFor = async (table: string) =>
  (await dueMaintenance(run)).filter((step) => step.table === `public.${table}`);

async function statisticsOf(table: string, database = handle) {
  const [row] = (await database.rawQuery(
    `select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
       from pg_stat_user_tables where relname = $1`,
    [table],
  )) as { dead: number; vacuumed: boolean; analyzed: boolean }[];
  return row!;
}

const bytesOf = async (relation: string) =>
  (
    (await handle.rawQuery(`select pg_relation_size($1::regclass)::int as bytes`, [relation])) as {
      bytes: number;
    }[]
  )[0]!.bytes;

describe('maintenance of the embedded database', () => {
  it('leaves a table alone until autovacuum would act, then vacuums and analyzes it', async () => {
    const table = await devicesTable();
    await insert(table, 40);
    // 40 new rows: under the 50 changes of an analyze and the 1,000 inserts of a vacuum.
    expect(await dueFor(table)).toEqual([]);

    await churn(table, 600);
    expect(await dueFor(table)).toEqual([
      { table: `public.${table}`, statement: `vacuum (analyze) public.${table}` },
    ]);
    await autovacuumRound(run, quiet);
    expect(await statisticsOf(table)).toEqual({ dead: 0, vacuumed: true, analyzed: true });
    expect(await dueFor(table)).toEqual([]);
  });

  it('analyzes alone a table whose rows changed in place', async () => {
    const table = await devicesTable();
    await insert(table, 2000);
    await autovacuumRound(run, quiet);
    // 300 of 2,000 rows updated: past an analyze's 50 + 10%, under a vacuum's 50 + 20%.
    await handle.rawQuery(`update ${table} set token = token where id <= 300`, []);
    expect(await dueFor(table)).toEqual([{ table: `public.${table}`, statement: `analyze public.${table}` }]);
  });

  it('keeps a churning table from growing, where one it may not touch grows with every change', async () => {
    const maintained = await devicesTable();
    const neglected = await devicesTable(handle, 'with (autovacuum_enabled = off)');
    for (let round = 0; round < 12; round++) {
      await churn(maintained, 500);
      await churn(neglected, 500);
      await autovacuumRound(run, quiet);
    }
    expect(await statisticsOf(neglected)).toMatchObject({ vacuumed: false, analyzed: false });
    // Each round adds 500 rows' worth of pages to the neglected table: nothing told the inserts
    // where the deleted rows' room is. Its index keeps an entry for every row it ever held.
    expect(await bytesOf(neglected)).toBeGreaterThan((await bytesOf(maintained)) * 4);
    expect(await bytesOf(`${neglected}_owner_idx`)).toBeGreaterThan(
      (await bytesOf(`${maintained}_owner_idx`)) * 2,
    );
  });

  it('runs rounds on its own once the database is open', async () => {
    const warn = vi.fn();
    const own = await openDatabase({
      pgliteDir: null,
      autovacuum: { napMs: 50, log: { debug: () => {}, warn } },
    });
    try {
      const table = await devicesTable(own);
      await churn(table, 600, own);
      await vi.waitFor(async () => expect((await statisticsOf(table, own)).vacuumed).toBe(true), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await own.close();
    }
    expect(warn).not.toHaveBeenCalledWith(expect.anything(), expect.stringContaining('failed'));
  });

  it('goes on past a table that fails, logs a round that fails, and runs nothing once stopped', async () => {
    const warn = vi.fn();
    const broken = await devicesTable();
    const healthy = await devicesTable();
    await churn(broken, 600);
    await churn(healthy, 600);
    let calls = 0;
    let callsAfterStop = 0;
    let stopped = false;
    const flaky = async (text: string) => {
      calls += 1;
      if (stopped) callsAfterStop += 1;
      if (calls === 1) throw new Error('the database is busy');
      if (text.includes(broken)) throw new Error(`could not vacuum ${broken}`);
      return run(text);
    };
    const autovacuum = startAutovacuum(flaky, { napMs: 20, log: { debug: () => {}, warn } });
    try {
      await vi.waitFor(async () => expect((await statisticsOf(healthy)).vacuumed).toBe(true), {
        timeout: 20_000,
        interval: 50,
      });
    } finally {
      await autovacuum.stop();
      stopped = true;
    }
    expect(warn).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'the database is busy' }) },
      'embedded database maintenance failed',
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        table: `public.${broken}`,
        err: expect.objectContaining({ message: `could not vacuum ${broken}` }),
      }),
      'embedded database maintenance of a table failed',
    );
    // Several naps' worth of time after stop(): no round starts again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsAfterStop).toBe(0);
  });
});
