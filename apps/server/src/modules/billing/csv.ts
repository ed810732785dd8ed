import { Readable } from 'node:stream';
import {
  billingCsvColumns,
  decimalAmount,
  type BillingFilter,
  type BillingMovement,
} from '@sciwise/contracts';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Executor } from '../../db/client.ts';
import { listMovements, type MovementKey } from './statement.ts';

/** Rows read per statement while streaming: the whole export never sits in memory at once. */
const BATCH = 500;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some
 * strip first) as a formula: "=HYPERLINK(...)" in a milestone title would be a link the other
 * side wrote. OWASP's advice: such text fields start with a quote, which shows the text as text.
 * Amounts are written by us as plain decimals and left alone.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const amount = (money: { amountMinor: number } | null) => (money ? decimalAmount(money.amountMinor) : '');

/** One CSV record of a movement, in the order of billingCsvColumns. */
export function csvRecord(movement: BillingMovement): string[] {
  return [
    movement.occurredAt,
    neutralizeFormula(movement.label),
    movement.kind,
    neutralizeFormula(movement.contract?.title ?? ''),
    neutralizeFormula(movement.milestone?.title ?? ''),
    movement.amount.currency,
    decimalAmount(movement.amount.amountMinor),
    amount(movement.fee),
    amount(movement.inTransit),
    amount(movement.balanceAfter),
    movement.id,
  ];
}

/** Every movement of the filter, newest first, a batch per statement. */
async function* allMovements(db: Executor, userId: string, filter: BillingFilter) {
  let after: MovementKey | undefined;
  for (;;) {
    const page = await listMovements(db, { userId, filter, after, limit: BATCH });
    for (const row of page) yield csvRecord(row.movement);
    if (page.length < BATCH) return;
    after = page.at(-1)!.key;
  }
}

/**
 * The CSV writer. A UTF-8 byte order mark first, so a spreadsheet that guesses the encoding
 * (Excel) reads accented titles right; CRLF line ends as RFC 4180 has them.
 */
export function csvWriter(): Stringifier {
  return stringify({ bom: true, header: true, columns: [...billingCsvColumns], record_delimiter: 'windows' });
}

/** Every movement of the filter as CSV, streamed as it is read. */
export function movementsCsv(db: Executor, userId: string, filter: BillingFilter): Stringifier {
  const csv = csvWriter();
  const source = Readable.from(allMovements(db, userId, filter));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
