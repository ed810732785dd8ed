/**
 * PostgreSQL's autovacuum, for the embedded database, which has none: PGlite is one backend with
 * no background workers. Without it a server that runs for weeks never reclaims a deleted or
 * updated row. Its tables grow: the free space map, which tells an insert where there is room,
 * is kept by VACUUM alone. Each index keeps an entry for every row version a scan then has to
 * check, and the planner keeps the statistics of the day the table was created. A sign-in
 * replaces a known device and each chat message rewrites its conversation's row, so the hottest
 * statements were the ones that slowed down.
 *
 * Every nap it asks the statistics which tables, catalogs included, passed autovacuum's own
 * thresholds, read from the same settings (by default: 50 dead rows plus a fifth of the table;
 * 1,000 inserts plus a fifth of its unfrozen part; an analyze after 50 changes plus a tenth; and
 * any table whose transaction ids near autovacuum_freeze_max_age), and vacuums or analyzes them,
 * one statement per table. A table's own autovacuum_enabled = false is honoured; its own
 * thresholds are not read. PGlite is one connection, so each statement holds up every query for
 * as long as it runs (PostgreSQL's autovacuum runs beside them). The thresholds keep that in
 * proportion: a table is vacuumed when a fifth of it has changed.
 */

import { keepPlan } from './pglite-thread.ts';

/** How long autovacuum sleeps between rounds (PostgreSQL's autovacuum_naptime, one minute). */
export const AUTOVACUUM_NAP_MS = 60_000;

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
 * The tables past a threshold, as PostgreSQL 18's autovacuum computes them (autovacuum.c,
 * relation_needs_vacanalyze), catalogs included:
 * - a table whose oldest transaction or multixact id is older than autovacuum_freeze_max_age (or
 *   its multixact twin) is vacuumed whatever its settings, so ids never wrap around;
 * - otherwise only with autovacuum and track_counts on, and not for a table whose
 *   autovacuum_enabled is off: dead rows past the vacuum threshold (capped at
 *   autovacuum_vacuum_max_threshold), inserts past the insert threshold (scaled by the share of
 *   pages not yet frozen; -1 turns it off), changes past the analyze threshold (never for
 *   pg_statistic, which ANALYZE itself writes). A table never analyzed counts as empty.
 */
const TABLES_DUE_SQL = `
  with settings as (
    select current_setting('autovacuum') = 'on' and current_setting('track_counts') = 'on' as on,
           current_setting('autovacuum_freeze_max_age')::float8 as freeze_max_age,
           current_setting('autovacuum_multixact_freeze_max_age')::float8 as multixact_max_age,
           current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
           current_setting('autovacuum_vacuum_max_threshold')::float8 as vacuum_max,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
           current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
           current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale
  ), tables as (
    select format('%I.%I', n.nspname, c.relname) as "table",
           c.oid = 'pg_catalog.pg_statistic'::regclass as is_statistic,
           greatest(age(c.relfrozenxid), age(coalesce(toast.relfrozenxid, c.relfrozenxid))) as xid_age,
           greatest(mxid_age(c.relminmxid), mxid_age(coalesce(toast.relminmxid, c.relminmxid))) as mxid_age,
           not exists (select 1 from pg_options_to_table(c.reloptions) o
                        where o.option_name = 'autovacuum_enabled' and not o.option_value::boolean) as enabled,
           greatest(c.reltuples, 0)::float8 as tuples,
           case when c.relpages > 0 and c.relallfrozen > 0
                then 1 - least(c.relallfrozen, c.relpages)::float8 / c.relpages else 1 end as unfrozen,
           -- The functions behind pg_stat_all_tables, without the view's other columns.
           pg_stat_get_dead_tuples(c.oid) as dead,
           pg_stat_get_ins_since_vacuum(c.oid) as inserted,
           pg_stat_get_mod_since_analyze(c.oid) as modified
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_class toast on toast.oid = c.reltoastrelid
     where c.relkind in ('r', 'm') and c.relpersistence <> 't'
  ), due as (
    select t."table",
           t.xid_age > x.freeze_max_age or t.mxid_age > x.multixact_max_age
             or (x.on and t.enabled and (
               t.dead > case when x.vacuum_max >= 0
                             then least(x.vacuum_base + x.vacuum_scale * t.tuples, x.vacuum_max)
                             else x.vacuum_base + x.vacuum_scale * t.tuples end
               or (x.insert_base >= 0
                   and t.inserted > x.insert_base + x.insert_scale * t.tuples * t.unfrozen))) as needs_vacuum,
           x.on and t.enabled and not t.is_statistic
             and t.modified > x.analyze_base + x.analyze_scale * t.tuples as needs_analyze
      from tables t cross join settings x
  )
  select "table", needs_vacuum, needs_analyze from due
   where needs_vacuum or needs_analyze
   order by "table"`;
// Planning it took longer than running it: kept, as the app's hot statements are (decision 073).
keepPlan(TABLES_DUE_SQL);

/**
 * The statements of one round: a VACUUM (with ANALYZE when that is due too) or an ANALYZE per
 * table. Statistics reach pg_stat_all_tables at most once a second, or later when the database
 * sits idle: the round first makes the statement before its own query send them.
 */
export async function dueMaintenance(run: RunStatement): Promise<MaintenanceStep[]> {
  await run('select pg_stat_force_next_flush()');
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

/**
 * Runs one round now; resolves with the steps it ran. A table that fails is logged and the round
 * goes on with the next; `stopping` ends it between tables.
 */
export async function autovacuumRound(
  run: RunStatement,
  log: AutovacuumLog,
  stopping: () => boolean = () => false,
): Promise<MaintenanceStep[]> {
  const ran: MaintenanceStep[] = [];
  for (const step of await dueMaintenance(run)) {
    if (stopping()) break;
    const started = performance.now();
    try {
      await run(step.statement);
    } catch (error) {
      log.warn({ ...step, err: error }, 'embedded database maintenance of a table failed');
      continue;
    }
    ran.push(step);
    // From the request to the answer, so waiting for a transaction the app held open counts too:
    // while a seed loads data that is most of it, which is why this is no warning.
    log.debug({ ...step, ms: Math.round(performance.now() - started) }, 'embedded database maintenance');
  }
  return ran;
}

/**
 * Runs a round every `napMs` until stopped. A round that fails is logged and the next one tries
 * again; stop() waits for the table under way, so the database can be closed after it.
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
      round = autovacuumRound(run, log, () => stopped)
        .catch((error: unknown) => {
          // Once stopping, the database may already refuse queries.
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
