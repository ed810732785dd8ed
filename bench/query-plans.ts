// The plans of the SQL a request really sends: every statement drizzle sends while the request
// runs is captured (text and parameters), then EXPLAINed with the same parameters, and its plan
// is searched for sequential scans.
import type { Logger } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

/** A table read from end to end by one statement of a request. */
export interface SeqScan {
  table: string;
  /** The table's rows when it was checked. */
  rows: number;
  /** Where in the plan: the node types above the scan, e.g. "Nested Loop > Hash > Seq Scan". */
  path: string;
  /** The statement's text, for finding it in the code. */
  statement: string;
}

/** A table of at least this many rows read sequentially on a hot path is worth a look. */
export const LARGE_TABLE_ROWS = 1000;

/**
 * Every statement sent through drizzle while `run` runs, transactions included. The session
 * logs through its logger, and hands its options (with the logger) to each transaction's session.
 */
export async function captureStatements(
  handle: DatabaseHandle,
  run: () => Promise<unknown>,
): Promise<Statement[]> {
  const session = handle.db._.session as unknown as { logger: Logger; options: { logger?: Logger } };
  const saved = { logger: session.logger, options: session.options.logger };
  const statements: Statement[] = [];
  const capture: Logger = { logQuery: (text, params) => statements.push({ text, params }) };
  session.logger = capture;
  session.options.logger = capture;
  try {
    await run();
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.options;
  }
  return statements;
}

interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScansIn(
  node: PlanNode,
  above: string[] = [],
  into: { table: string; path: string }[] = [],
): { table: string; path: string }[] {
  const path = [...above, node['Node Type'] ?? '?'];
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'])
    into.push({ table: node['Relation Name'], path: path.join(' > ') });
  for (const child of node.Plans ?? []) seqScansIn(child, path, into);
  return into;
}

/** Statements that have no plan of their own (the app's own EXPLAINs, transaction control). */
const planless = /^\s*(explain|begin|commit|rollback|savepoint|release|set|show)\b/i;

/**
 * The sequential scans in the plans of these statements, each planned with its own parameters
 * as the app sends them. Row counts are counted once per checker (one per database size).
 */
export function seqScanChecker(handle: DatabaseHandle) {
  const rowsOf = new Map<string, number>();
  const tableRows = async (table: string) => {
    if (!rowsOf.has(table)) {
      const [row] = (await handle.rawQuery(
        `select count(*)::int as n from "${table.replace(/"/g, '""')}"`,
        [],
      )) as {
        n: number;
      }[];
      rowsOf.set(table, row?.n ?? 0);
    }
    return rowsOf.get(table)!;
  };
  return async (statements: Statement[]): Promise<SeqScan[]> => {
    const scans: SeqScan[] = [];
    for (const { text, params } of statements) {
      if (planless.test(text)) continue;
      const [row] = (await handle.rawQuery(`explain (format json) ${text}`, params)) as Record<
        string,
        unknown
      >[];
      const value = row ? Object.values(row)[0] : undefined;
      const plans = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
      for (const { table, path } of seqScansIn(plans[0]!.Plan))
        scans.push({ table, rows: await tableRows(table), path, statement: text });
    }
    return scans;
  };
}

/** "none", or each table once: "expert_profiles (50,000 rows, 2x)". */
export function describeScans(scans: SeqScan[]): string {
  if (scans.length === 0) return 'none';
  const byTable = new Map<string, { rows: number; times: number }>();
  for (const scan of scans) {
    const seen = byTable.get(scan.table);
    byTable.set(scan.table, { rows: scan.rows, times: (seen?.times ?? 0) + 1 });
  }
  return [...byTable]
    .map(
      ([table, { rows, times }]) =>
        `${table} (${rows.toLocaleString('en')} rows${times > 1 ? `, ${times}x` : ''})`,
    )
    .join(', ');
}

export const isLarge = (scan: SeqScan) => scan.rows >= LARGE_TABLE_ROWS;

/** The large-table scans for a bench's JSON: each table and place in a plan once, with how many statements. */
export function largeScansForJson(scans: SeqScan[]) {
  const byPlace = new Map<string, { table: string; rows: number; plan: string; statements: number }>();
  for (const scan of scans.filter(isLarge)) {
    const key = `${scan.table}|${scan.path}`;
    const seen = byPlace.get(key);
    byPlace.set(key, {
      table: scan.table,
      rows: scan.rows,
      plan: scan.path,
      statements: (seen?.statements ?? 0) + 1,
    });
  }
  return [...byPlace.values()];
}

/** A table cell: whether a large table is read sequentially, and by how many statements checked. */
export function planCell(statements: number, scans: SeqScan[]): string {
  const large = scans.filter(isLarge);
  return `${large.length > 0 ? `SEQ SCAN ${describeScans(large)}` : 'no'} (${statements} statements)`;
}

/** A statement short enough to print: its start and its end. */
export function abridged(statement: string): string {
  const text = statement.replace(/\s+/g, ' ');
  return text.length <= 360 ? text : `${text.slice(0, 120)} ... ${text.slice(-240)}`;
}

/**
 * What a bench prints under its plan table: each large table read sequentially, once per place
 * in a plan (at which sizes, in how many requests and statements, with one of them), then the
 * small tables read sequentially (cheap, listed for completeness).
 */
export function printScanDetails(found: { size: string; request: string; scans: SeqScan[] }[]): void {
  const groups = new Map<
    string,
    { scan: SeqScan; sizes: Set<string>; requests: Set<string>; statements: Set<string> }
  >();
  const small = new Map<string, number>();
  for (const { size, request, scans } of found) {
    for (const scan of scans) {
      if (!isLarge(scan)) {
        small.set(scan.table, Math.max(small.get(scan.table) ?? 0, scan.rows));
        continue;
      }
      const key = `${scan.table}|${scan.path}`;
      const group = groups.get(key) ?? { scan, sizes: new Set(), requests: new Set(), statements: new Set() };
      group.sizes.add(size);
      group.requests.add(request);
      group.statements.add(scan.statement);
      groups.set(key, group);
    }
  }
  for (const { scan, sizes, requests, statements } of groups.values()) {
    console.log(
      `Seq Scan on ${scan.table} (plan: ${scan.path}) at ${[...sizes].join(', ')}, for ${requests.size} of the rows above, ${statements.size} distinct statement(s), e.g.:\n  ${abridged(scan.statement)}`,
    );
  }
  if (small.size > 0)
    console.log(
      `small tables read sequentially: ${[...small].map(([table, rows]) => `${table} (${rows.toLocaleString('en')} rows)`).join(', ')}`,
    );
}
