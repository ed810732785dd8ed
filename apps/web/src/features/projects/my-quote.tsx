import { useQuery } from '@tanstack/react-query';
import { formatMoney } from './format.ts';
import { myQuotesQuery } from './queries.ts';
import { QuoteMilestones } from './quote-milestones.tsx';
import { StatusBadge } from './shared.tsx';

/** The expert's own quote on a project's page: the terms the client is looking at. */
export function MyQuote({ quoteId }: { quoteId: string }) {
  const quotes = useQuery(myQuotesQuery);
  const quote = quotes.data?.quotes.find((q) => q.id === quoteId);
  if (!quote) return null;
  return (
    <section
      aria-labelledby="my-quote-heading"
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="my-quote-heading" className="text-lg font-semibold text-slate-900">
          Your quote
        </h2>
        <StatusBadge status={quote.status} kind="quote" />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {formatMoney(quote.price.amountMinor, quote.price.currency)} · {quote.durationDays} days
      </p>
      <div className="mt-4">
        <QuoteMilestones quote={quote} />
      </div>
    </section>
  );
}
