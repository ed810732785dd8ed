import { exchangeRates, rateCurrencies } from '@sciwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * usdMinor (packages/contracts, exchange-rates.ts) in SQL, for stored amounts: the same table and rule (half up, integers). Amounts are
 * never negative, so integer division (which truncates) is the floor the TypeScript rule takes.
 */
export function convertedRateSql(amount: string, currency: string): SQL {
  const cases = rateCurrencies.map((code) => {
    const { num, den } = exchangeRates.toUsd[code];
    return `when '${code}' then (${amount}::bigint * ${num * 2} + ${den}) / ${2 * den}`;
  });
  return sql.raw(`(case ${currency} ${cases.join(' ')} end)::int`);
}

/**
 * Brings every stored converted amount in line with the current reference rates (run at start,
 * so a change of rate in exchange-rates.ts reaches filters and sorts). Writes only rows that differ.
 */
export async function refreshConvertedRates(db: Executor): Promise<void> {
  const experts = convertedRateSql('hourly_rate_minor', 'currency');
  await db.execute(sql`update expert_profiles set rate_usd_minor = ${experts}
    where hourly_rate_minor is not null and rate_usd_minor is distinct from ${experts}`);
  const projects = convertedRateSql('budget_max_minor', 'currency');
  await db.execute(sql`update projects set budget_max_usd_minor = ${projects}
    where budget_max_minor is not null and budget_max_usd_minor is distinct from ${projects}`);
}
