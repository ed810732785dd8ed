import {
  formatAmount,
  payoutAmountProblem,
  type Payout,
  type PayoutBalance,
  type PayoutMethod,
  type RateCurrency,
} from '@sciwise/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toMinor } from '../../lib/format.ts';
import { useIdempotencyKeys } from '../workspace/idempotency.ts';
import { formatDate, payoutProgress, payoutStateLabel, payoutStateTone } from './payout-words.ts';
import { payoutMethodQuery, payoutsQuery, useRequestPayout } from './queries.ts';

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-control border border-slate-200 bg-slate-50 px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>
    </div>
  );
}

function Balances({ balance }: { balance: PayoutBalance }) {
  const money = (minor: number) => formatAmount(minor, balance.currency);
  return (
    <dl className="grid gap-3 sm:grid-cols-3" aria-label={`Balance in ${balance.currency}`}>
      <Figure label="Available" value={money(balance.available)} hint="Released to you, less fees" />
      <Figure label="In transit" value={money(balance.inTransit)} hint="On its way to your bank" />
      <Figure label="Paid out" value={money(balance.paidOut)} hint="Arrived in your bank account" />
    </dl>
  );
}

function RequestPayoutForm({ balance, minimumMinor }: { balance: PayoutBalance; minimumMinor: number }) {
  const request = useRequestPayout();
  const keyFor = useIdempotencyKeys();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A retry of the same request reuses its key; after a payout went through, the next one is new.
  const [sent, setSent] = useState(0);
  const { currency, available } = balance;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const minor = toMinor(amount);
    const problem =
      minor === null
        ? 'Enter an amount such as 250 or 249.99.'
        : payoutAmountProblem(minor, available, currency);
    setFieldError(problem);
    if (minor === null || problem) return;
    const body = { amountMinor: minor, currency };
    try {
      const payout = await request.mutateAsync({ body, idempotencyKey: keyFor({ ...body, sent }) });
      setSent((count) => count + 1);
      setAmount('');
      setDone(
        `${formatAmount(payout.amount.amountMinor, currency)} is on its way to your bank account ending in ${payout.last4}.`,
      );
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Request a payout"
      className="space-y-3"
    >
      {request.isError && <Alert>{errorMessage(request.error)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="flex flex-wrap items-start gap-3">
        <InputField
          label={`Amount (${currency})`}
          inputMode="decimal"
          placeholder={String(available / 100)}
          wrapperClassName="w-full max-w-64"
          hint={`Minimum ${formatAmount(minimumMinor, currency)}; up to ${formatAmount(available, currency)}.`}
          error={fieldError ?? undefined}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <div className="flex gap-2 sm:mt-6">
          <Button type="submit" loading={request.isPending}>
            Request payout
          </Button>
          <Button
            variant="secondary"
            onClick={() => setAmount((available / 100).toFixed(2))}
            disabled={available < minimumMinor}
          >
            All of it
          </Button>
        </div>
      </div>
    </form>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900 tabular-nums">
          {formatAmount(payout.amount.amountMinor, payout.amount.currency)}
          <span className="font-normal text-slate-600">
            {' '}
            to {payout.bankName ?? 'bank account'} ending in {payout.last4}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          Requested {formatDate(payout.requestedAt)}. {payoutProgress(payout)}
        </p>
      </div>
      <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', payoutStateTone[payout.state])}>
        {payoutStateLabel[payout.state]}
      </span>
    </li>
  );
}

const zero = (currency: RateCurrency): PayoutBalance => ({
  currency,
  available: 0,
  inTransit: 0,
  paidOut: 0,
});

/** Balances, the request form (in the bank account's currency) and the payouts so far. */
export function PayoutsCard() {
  const list = useInfiniteQuery(payoutsQuery);
  const methodQuery = useQuery(payoutMethodQuery);
  const method: PayoutMethod | null = methodQuery.data?.method ?? null;
  const first = list.data?.pages[0];
  const payouts = list.data?.pages.flatMap((page) => page.payouts) ?? [];
  const currency = method?.currency ?? first?.balances[0]?.currency ?? 'USD';
  const balance = first?.balances.find((b) => b.currency === currency) ?? zero(currency);
  const others = first?.balances.filter(
    (b) => b.currency !== currency && b.available + b.inTransit + b.paidOut > 0,
  );
  return (
    <Card
      id="payouts"
      title="Payouts"
      description="Money released to you, less the service fee, is available to pay out to your bank account."
    >
      {list.isPending ? (
        <Spinner label="Loading your balance…" />
      ) : list.isError ? (
        <RetryAlert onRetry={list.refetch}>
          {errorMessage(list.error, 'We could not load your balance.')}
        </RetryAlert>
      ) : (
        <div className="space-y-6">
          <Balances balance={balance} />
          {others?.map((other) => (
            <div key={other.currency} className="space-y-2">
              <p className="text-sm text-slate-700">
                You also have money in {other.currency}. To take it out, use a bank account in{' '}
                {other.currency}.
              </p>
              <Balances balance={other} />
            </div>
          ))}
          <section aria-labelledby="request-payout-title" className="space-y-3">
            <h3 id="request-payout-title" className="text-sm font-semibold text-slate-900">
              Request a payout
            </h3>
            {!method ? (
              <p className="text-sm text-slate-700">Add a bank account above to request a payout.</p>
            ) : balance.available < first!.minimumMinor ? (
              <p className="text-sm text-slate-700">
                You can request a payout once your available balance reaches{' '}
                {formatAmount(first!.minimumMinor, currency)}.
              </p>
            ) : (
              <RequestPayoutForm balance={balance} minimumMinor={first!.minimumMinor} />
            )}
          </section>
          <section aria-labelledby="payout-history-title">
            <h3 id="payout-history-title" className="text-sm font-semibold text-slate-900">
              Your payouts
            </h3>
            {payouts.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No payouts yet. Your payouts will be listed here.</p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-200">
                {payouts.map((payout) => (
                  <PayoutRow key={payout.id} payout={payout} />
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-2"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show older payouts
              </Button>
            )}
          </section>
        </div>
      )}
    </Card>
  );
}
