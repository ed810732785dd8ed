import type { BillingSummary } from '@sciwise/contracts';
import { money } from '../workspace/format.ts';
import { signedMoney } from './format.ts';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

/** Totals of the filtered movements, per currency, and an expert's available balance now. */
export function BillingSummaryPanel({ summary }: { summary: BillingSummary }) {
  return (
    <section aria-labelledby="billing-totals" className="space-y-3">
      <h2 id="billing-totals" className="sr-only">
        Totals
      </h2>
      {summary.totals.map((totals) => {
        const of = (amountMinor: number) => ({ amountMinor, currency: totals.currency });
        const available = summary.available.find((balance) => balance.currency === totals.currency);
        return (
          <dl key={totals.currency} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label="Money out"
              value={money(of(-totals.moneyOutMinor))}
              hint={`${totals.count} movement${totals.count === 1 ? '' : 's'} in ${totals.currency}`}
            />
            <Figure label="Money in" value={money(of(totals.moneyInMinor))} />
            <Figure label="Fees" value={signedMoney(of(totals.feesMinor))} hint="Included in the amounts" />
            {available ? (
              <Figure label="Available balance" value={money(available)} hint="Now, whatever the filter" />
            ) : (
              <Figure label="Net" value={signedMoney(of(totals.netMinor))} />
            )}
          </dl>
        );
      })}
    </section>
  );
}
