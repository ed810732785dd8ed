import type { RateCurrency } from '@sciwise/contracts';
import { formatFeeRate } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { paymentTermsQuery } from '../../lib/payment-terms.ts';
import { formatMoney } from './format.ts';
import { expertEarnings } from './hire-figures.ts';

/** The quote's total, the service fee and what the expert takes home, as the amounts are typed. */
export function QuoteEarnings({
  amountsMinor,
  currency,
}: {
  amountsMinor: number[];
  currency: RateCurrency;
}) {
  const terms = useQuery(paymentTermsQuery);
  const price = amountsMinor.reduce((sum, amount) => sum + amount, 0);
  return (
    <div className="rounded-card border border-slate-200 bg-slate-50 p-4" aria-live="polite">
      <p className="text-base font-semibold text-slate-900">Total price: {formatMoney(price, currency)}</p>
      {terms.isPending ? (
        <p className="mt-1 text-sm text-slate-600">Loading the service fee…</p>
      ) : terms.isError ? (
        <p className="mt-1 text-sm text-danger-700">
          We could not load the service fee, so we cannot show what you receive. {errorMessage(terms.error)}
        </p>
      ) : (
        <Figures amountsMinor={amountsMinor} currency={currency} expertFeeBps={terms.data.expertFeeBps} />
      )}
    </div>
  );
}

function Figures({
  amountsMinor,
  currency,
  expertFeeBps,
}: {
  amountsMinor: number[];
  currency: RateCurrency;
  expertFeeBps: number;
}) {
  const earnings = expertEarnings(amountsMinor, expertFeeBps);
  return (
    <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-700">
        Sciwise service fee ({formatFeeRate(expertFeeBps)}), taken on release
      </dt>
      <dd className="text-right text-slate-700 tabular-nums">−{formatMoney(earnings.feeMinor, currency)}</dd>
      <dt className="font-semibold text-slate-900">You receive</dt>
      <dd className="text-right font-semibold text-slate-900 tabular-nums">
        {formatMoney(earnings.netMinor, currency)}
      </dd>
    </dl>
  );
}
