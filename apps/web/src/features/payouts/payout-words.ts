import type { Payout, PayoutState } from '@sciwise/contracts';
import { onFirstUse } from '../../lib/on-first-use.ts';

export const payoutStateLabel: Record<PayoutState, string> = {
  requested: 'Processing',
  in_transit: 'In transit',
  paid: 'Paid',
  failed: 'Failed',
};

export const payoutStateTone: Record<PayoutState, string> = {
  requested: 'bg-slate-100 text-slate-700',
  in_transit: 'bg-warning-50 text-warning-800',
  paid: 'bg-success-50 text-success-800',
  failed: 'bg-danger-50 text-danger-800',
};

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }),
);
export function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat().format(date);
}

/** One line on where the payout stands, in the expert's words. */
export function payoutProgress(payout: Payout): string {
  switch (payout.state) {
    case 'requested':
      return 'Being handed to the payment processor.';
    case 'in_transit':
      return payout.expectedArrivalAt
        ? `Expected in your account by ${formatDate(payout.expectedArrivalAt)}.`
        : 'On its way to your bank.';
    case 'paid':
      return `Arrived ${formatDate(payout.paidAt ?? payout.requestedAt)}.`;
    case 'failed':
      return payout.failureReason ?? 'The bank returned it; the money is back on your available balance.';
  }
}
