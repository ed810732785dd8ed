/**
 * PostgreSQL's autovacuum, for the embedded database, which has none: PGlite is one backend with
 * no background workers. Without it a server that runs for weeks never reclaims a deleted or
 * updated row. Its tables grow: the free space map, which tells an insert where there is room,
 * is kept by VACUUM alone. Each index keeps an entry for every row version a scan then has to
 * check, and the planner keeps the statistics of the day the table was created. A sign-in
 * replaces a known device and each chat message rewrites its conversation's row, so the hottest
 * statements were the ones that slowed down.
 *
 * Every nap it asks the statistics which tables passed autovacuum's own thresholds, read from the
 * same settings (by default: 50 dead rows plus a fifth of the table; 1,000 inserts plus a fifth;
 * an analyze after 50 changes plus a tenth), and vacuums or analyzes them, one statement per
 * table. A table's own autovacuum_enabled = false is honoured; its own thresholds are not read. PGlite is one connection, so each statement holds up every query for as long as it runs
 * (PostgreSQL's autovacuum runs beside them). The thresholds keep that in proportion: a table is
 * vacuumed when a fifth of it has changed, and a statement that took longer than SLOW_TABLE_MS is
 * logged as a warning.
 */

/** How long autovacuum sleeps between rounds (PostgreSQL's autovacuum_naptime, one minute). */
export const AUTOVACUUM_NAP_MS = 60_000;
/** A table's maintenance that held the database this long is logged as a warning. */
const SLOW_TABLE_MS = 250;

/** What a round needs of the database: one statement at a time, outside any transaction. */
export type RunStatement = (text: string) => Promise<unknown[]>;

export interface AutovacuumLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface MaintenanceStep {
  /** The table's quoted, schema-qualified name. */
  table: string;
  statement: string;
}

/**
 * The tables past a threshold, as autovacuum computes it (vacuum.c's relation_needs_vacanalyze):
 * a table never analyzed counts as empty. Stats are flushed at most once a second, so a round sees
 * the counts of a second ago at worst.
 */
const TABLES_DUE_SQL = `
  select "table", needs_vacuum, needs_analyze from (
    select format('%I.%I', s.schemaname, s.relname) as "table",
           s.n_dead_tup > t.vacuum_base + t.vacuum_scale * r.tuples
             or s.n_ins_since_vacuum > t.insert_base + t.insert_scale * r.tuples as needs_vacuum,
           s.n_mod_since_analyze > t.analyze_base + t.analyze_scale * r.tuples as needs_analyze
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      cross join lateral (select greatest(c.reltuples, 0) as tuples) r
      cross join (select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
                         current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
                         current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
                         current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
                         current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
                         current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale) t
     -- A table created or altered WITH (autovacuum_enabled = false) is left alone, as autovacuum does.
     where not exists (select 1 from pg_options_to_table(c.reloptions) o
                        where o.option_name = 'autovacuum_enabled' and not o.option_value::boolean)
  ) due
  where needs_vacuum or needs_analyze
  order by "table"`;

/** The statements of one round: a VACUUM (with ANALYZE when that is due too) or an ANALYZE per table. */
export async function dueMaintenance(run: RunStatement): Promise<MaintenanceStep[]> {
  const rows = (await run(TABLES_DUE_SQL)) as {
    table: string;
    needs_vacuum: boolean;
    needs_analyze: boolean;
  }[];
  return rows.map(({ table, needs_vacuum, needs_analyze }) => ({
    table,
    statement: needs_vacuum ? `vacuum ${needs_analyze ? '(analyze) ' : ''}${table}` : `analyze ${table}`,
  }));
}

/** Runs one round now; resolves with what it ran. */
export async function autovacuumRound(run: RunStatement, log: AutovacuumLog): Promise<MaintenanceStep[]> {
  const steps = await dueMaintenance(run);
  for (const step of steps) {
    const started = performance.now();
    await run(step.statement);
    const ms = Math.round(performance.now() - started);
    if (ms >= SLOW_TABLE_MS) log.warn({ ...step, ms }, 'embedded database maintenance held queries up');
    else log.debug({ ...step, ms }, 'embedded database maintenance');
  }
  return steps;
}

/**
 * Runs a round every `napMs` until stopped. A round that fails is logged and the next one tries
 * again; stop() waits for a round under way, so the database can be closed after it.
 */
export function startAutovacuum(
  run: RunStatement,
  { napMs = AUTOVACUUM_NAP_MS, log }: { napMs?: number | undefined; log: AutovacuumLog },
): { stop(): Promise<void> } {
  let stopped = false;
  let round: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      round = autovacuumRound(run, log)
        .catch((error: unknown) => {
          if (!stopped) log.warn({ err: error }, 'embedded database maintenance failed');
        })
        .finally(() => {
          if (!stopped) schedule();
        });
    }, napMs);
    // Maintenance alone never keeps the process alive.
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
