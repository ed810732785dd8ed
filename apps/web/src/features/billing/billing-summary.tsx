import type { BillingSummary } from '@sciwise/contracts';
import { money } from '../../lib/format.ts';
import { signedMoney } from './format.ts';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-3 shadow-card sm:p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 tabular-nums sm:text-xl">{value}</dd>
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
          <div key={totals.currency}>
            <p className="mb-2 text-sm text-slate-600">
              {totals.count} movement{totals.count === 1 ? '' : 's'} in {totals.currency}
            </p>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Figure label="Money out" value={money(of(Math.abs(totals.moneyOutMinor)))} />
              <Figure label="Money in" value={money(of(totals.moneyInMinor))} />
              <Figure
                label="Fees"
                value={signedMoney(of(totals.feesMinor))}
                hint="Already counted in the amounts"
              />
              {available ? (
                <Figure label="Available balance" value={money(available)} hint="Now, whatever the filter" />
              ) : (
                <Figure label="Net" value={signedMoney(of(totals.netMinor))} />
              )}
            </dl>
          </div>
        );
      })}
    </section>
  );
}
