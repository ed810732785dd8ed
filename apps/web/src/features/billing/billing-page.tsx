import { billingFilterQuerySchema, type BillingFilter } from '@sciwise/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ReceiptIcon } from '../../components/ui/app-icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Card } from '../../components/ui/card.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { DocumentList } from '../documents/document-list.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { contractsQuery } from '../projects/queries.ts';
import { BillingFilters } from './billing-filters.tsx';
import { BillingSummaryPanel } from './billing-summary.tsx';
import { MovementsList } from './movements-list.tsx';
import { csvHref, movementsQuery, summaryQuery } from './queries.ts';

const FILTER_KEYS = ['contractId', 'from', 'to'] as const;

/** The filter in the address, read with the shared contract; anything it refuses is left out. */
function filterFrom(params: URLSearchParams): BillingFilter {
  const raw = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : [])),
  );
  const parsed = billingFilterQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** `/profile/billing`: every movement of the person's money, with totals and a CSV download. */
export function BillingPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const [rangeError, setRangeError] = useState<string>();
  const contracts = useQuery(contractsQuery);
  const summary = useQuery(summaryQuery(filter));
  const movements = useInfiniteQuery(movementsQuery(filter));
  const rows = movements.data?.pages.flatMap((page) => page.movements) ?? [];
  const filtered = Boolean(filter.contractId || filter.from || filter.to);

  const applyFilter = (next: BillingFilter) => {
    const checked = billingFilterQuerySchema.safeParse(next);
    if (!checked.success) {
      setRangeError(checked.error.issues[0]?.message);
      return;
    }
    setRangeError(undefined);
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (checked.data[key]) search.set(key, checked.data[key]);
    setParams(search, { replace: true });
  };

  return (
    <>
      <PageHeading
        title="Billing"
        actions={
          rows.length > 0 && (
            <a href={csvHref(filter)} download className={buttonClasses('secondary')}>
              Download CSV
            </a>
          )
        }
      >
        Every payment, release, refund, bonus and payout, with its fees, newest first; and the receipts,
        invoices and statements issued for them.
      </PageHeading>

      <div className="space-y-6">
        <BillingFilters
          filter={filter}
          contracts={contracts.data?.contracts ?? []}
          rangeError={rangeError}
          onChange={applyFilter}
        />

        {summary.data && summary.data.totals.length > 0 && <BillingSummaryPanel summary={summary.data} />}

        {movements.isPending ? (
          <Spinner label="Loading your movements..." />
        ) : !movements.data ? (
          <RetryAlert onRetry={movements.refetch}>{errorMessage(movements.error)}</RetryAlert>
        ) : rows.length === 0 ? (
          filtered ? (
            <EmptyState
              icon={<ReceiptIcon />}
              title="Nothing matches these filters"
              actions={
                <Button variant="secondary" onClick={() => applyFilter({})}>
                  Clear filters
                </Button>
              }
            >
              No money moved on this contract or in these dates. Try another contract or a wider range.
            </EmptyState>
          ) : (
            <EmptyState
              icon={<ReceiptIcon />}
              title="No money has moved yet"
              actions={<ButtonLink to="/profile/workspace">Go to your contracts</ButtonLink>}
            >
              When you fund a milestone, or one of yours is released, refunded or paid a bonus, it is listed
              here with its fees, and you can download the list as CSV.
            </EmptyState>
          )
        ) : (
          <section aria-labelledby="billing-movements" className="space-y-4">
            <h2 id="billing-movements" className="text-lg font-semibold text-slate-900">
              Movements
            </h2>
            <MovementsList movements={rows} showBalance={rows.some((row) => row.balanceAfter !== null)} />
            {/* A failed page keeps what was loaded: the error shows under it, with a retry. */}
            {movements.isFetchNextPageError && <Alert>{errorMessage(movements.error)}</Alert>}
            {movements.hasNextPage && (
              <Button
                variant="secondary"
                loading={movements.isFetchingNextPage}
                onClick={() => void movements.fetchNextPage()}
              >
                Load more
              </Button>
            )}
          </section>
        )}

        <Card id="billing-documents" title="Receipts, invoices and statements">
          <DocumentList
            contractId={null}
            empty="No documents yet. A receipt and a fee invoice are issued each time you fund a milestone, a service-fee invoice each time money is released to you, and a statement for each payout that arrives."
          />
        </Card>
      </div>
    </>
  );
}
