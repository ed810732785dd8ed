import type { EscrowSummary, RateCurrency } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * What the milestones' escrow accounts hold on a person's contracts, by side and currency: one
 * grouped statement over the ledger, whatever the number of contracts.
 */
export async function escrowSummaryOf(db: Executor, userId: string): Promise<EscrowSummary> {
  const result = await rowsOf<{ side: 'client' | 'expert'; currency: RateCurrency; held: string }>(
    db,
    sql`
    select case when c.client_id = ${userId} then 'client' else 'expert' end as side,
      la.currency::text as currency,
      sum(e.amount_minor)::text as held
    from contracts c
    join contract_milestones m on m.contract_id = c.id
    join ledger_accounts la on la.kind = 'escrow' and la.milestone_id = m.id
    join ledger_entries e on e.account_id = la.id
    where c.client_id = ${userId} or c.expert_id = ${userId}
    group by 1, 2
    having sum(e.amount_minor) <> 0
    order by 2`,
  );
  const on = (side: 'client' | 'expert') =>
    result
      .filter((row) => row.side === side)
      .map((row) => ({ amountMinor: Number(row.held), currency: row.currency }));
  return { asClient: on('client'), asExpert: on('expert') };
}
