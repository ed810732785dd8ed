import { formatAmount, formatFeeRate, type PaymentTerms, type Quote } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { hireFigures } from './hire-figures.ts';
import { paymentTermsQuery } from '../../lib/payment-terms.ts';
import { CriteriaList } from './quote-milestones.tsx';

export const firstName = (name: string) => name.split(' ')[0] ?? name;

function Figures({ quote, terms }: { quote: Quote; terms: PaymentTerms }) {
  const figures = hireFigures(quote, terms.clientFeeBps);
  const currency = quote.price.currency;
  const money = (minor: number) => formatAmount(minor, currency);
  const percent = formatFeeRate(terms.clientFeeBps);
  return (
    <>
      <h3 className="text-sm font-semibold text-slate-900">Milestones</h3>
      <ol className="mt-2 divide-y divide-slate-200 rounded-control border border-slate-200">
        {figures.milestones.map((m, index) => (
          <li key={index} className="px-3 py-2.5 text-sm">
            <div className="flex justify-between gap-3">
              <span className="min-w-0 font-medium break-words text-slate-900">
                {index + 1}. {m.title}
              </span>
              <span className="font-semibold whitespace-nowrap text-slate-900">{money(m.amountMinor)}</span>
            </div>
            <CriteriaList criteria={m.criteria} milestone={m.title} />
            <p className="mt-1 text-xs text-slate-600">
              Funding it costs {money(m.totalMinor)}: {money(m.amountMinor)} plus {money(m.feeMinor)} fee
            </p>
          </li>
        ))}
      </ol>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Price of the work</dt>
          <dd className="text-slate-900">{money(figures.priceMinor)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Marketplace fee ({percent}, paid as you fund)</dt>
          <dd className="text-slate-900">{money(figures.feeMinor)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
          <dt className="text-slate-900">Total you will pay</dt>
          <dd className="text-slate-900">{money(figures.totalMinor)}</dd>
        </div>
      </dl>
    </>
  );
}

function Terms({ expert, terms }: { expert: string; terms: PaymentTerms }) {
  return (
    <>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">How paying works</h3>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
        <li>
          Nothing is charged now. You fund each milestone when you want work on it to start; the money is held
          in escrow, and {expert} starts a milestone once it is funded.
        </li>
        <li>
          The money for a milestone is released to {expert} only when you approve the work, or automatically{' '}
          {terms.autoReleaseDays} days after {expert} submits it if you do nothing.
        </li>
        <li>
          Until work on a funded milestone is submitted, you can get a full refund of what you paid for it,
          fee included.
        </li>
        <li>
          If you disagree about the work, either of you can open a dispute: a Sciwise mediator decides, and
          the money stays in escrow until then.
        </li>
      </ul>
    </>
  );
}

/**
 * Hiring commits the client to a price: before the quote is accepted they see the milestones,
 * the fee each funding adds, the total and the escrow terms, and confirm. Nothing is sent until
 * they do.
 */
export function HireDialog({
  quote,
  open,
  onClose,
  onConfirm,
  pending,
  error,
}: {
  quote: Quote;
  open: boolean;
  onClose: () => void;
  onConfirm: (terms: PaymentTerms) => void;
  pending: boolean;
  /** The accept call's failure, e.g. a 409 when the expert changed the quote meanwhile. */
  error: unknown;
}) {
  return (
    <Modal open={open} onClose={onClose} title={`Hire ${quote.expert.name}`} showTitle className="max-w-xl">
      <HireDialogBody quote={quote} onClose={onClose} onConfirm={onConfirm} pending={pending} error={error} />
    </Modal>
  );
}

function HireDialogBody({
  quote,
  onClose,
  onConfirm,
  pending,
  error,
}: {
  quote: Quote;
  onClose: () => void;
  onConfirm: (terms: PaymentTerms) => void;
  pending: boolean;
  error: unknown;
}) {
  const terms = useQuery(paymentTermsQuery);
  const expert = firstName(quote.expert.name);
  return (
    <div>
      <p className="text-sm text-slate-700">
        A contract for “{quote.project.title}”: {quote.milestones.length} milestone
        {quote.milestones.length === 1 ? '' : 's'} over {quote.durationDays} days, as quoted.
      </p>
      <div className="mt-4">
        {terms.isPending ? (
          <Spinner label="Loading the fees..." />
        ) : terms.isError ? (
          <RetryAlert onRetry={terms.refetch}>
            We could not load the fees, so we cannot show what hiring costs. {errorMessage(terms.error)}
          </RetryAlert>
        ) : (
          <>
            <Figures quote={quote} terms={terms.data} />
            <Terms expert={expert} terms={terms.data} />
          </>
        )}
      </div>
      {Boolean(error) && <Alert className="mt-4">{errorMessage(error)}</Alert>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={pending}
          disabled={pending || !terms.isSuccess}
          onClick={() => terms.data && onConfirm(terms.data)}
        >
          Hire {expert} for {formatAmount(quote.price.amountMinor, quote.price.currency)}
        </Button>
      </div>
    </div>
  );
}
