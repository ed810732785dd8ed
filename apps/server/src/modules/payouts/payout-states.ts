import type { PayoutState } from '@sciwise/contracts';

/**
 * The life of a payout and its money, in one place (DESIGN §4):
 *
 *   (request) --> requested --submit--> in_transit --pay--> paid
 *                     |                    |
 *                     +-------fail---------+-----> failed
 *
 *   request  the expert    expert_available -amount, expert_payout_in_transit +amount  (ledger: payout)
 *   submit   the system    none: the processor accepted it and names the day it arrives
 *   pay      the system    expert_payout_in_transit -amount, external_payouts +amount  (payout_paid)
 *   fail     the system    expert_payout_in_transit -amount, expert_available +amount  (payout_returned)
 *
 * `pay` is allowed from `requested` too: a processor may report a payout as arrived the first
 * time it is asked. Each transition runs in one transaction with the payout row locked FOR
 * UPDATE (a request locks the expert's available-balance account instead, since the payout row
 * does not exist yet); a settled payout names its settling ledger transaction, once (a unique
 * index and a check in migration 0013).
 */
export type PayoutTransition = 'submit' | 'pay' | 'fail';
export type PayoutMoneyEffect = 'none' | 'to_external' | 'back_to_available';

interface TransitionRule {
  from: readonly PayoutState[];
  to: PayoutState;
  money: PayoutMoneyEffect;
}

export const payoutTransitions: Record<PayoutTransition, TransitionRule> = {
  submit: { from: ['requested'], to: 'in_transit', money: 'none' },
  pay: { from: ['requested', 'in_transit'], to: 'paid', money: 'to_external' },
  fail: { from: ['requested', 'in_transit'], to: 'failed', money: 'back_to_available' },
};

/** The state a transition leads to, or null when the payout has moved past it (a replayed job). */
export function payoutTransition(name: PayoutTransition, from: PayoutState): PayoutState | null {
  const rule = payoutTransitions[name];
  return rule.from.includes(from) ? rule.to : null;
}

/** Money is on its way in these states: counted in transit, not available. */
export const openPayoutStates: readonly PayoutState[] = ['requested', 'in_transit'];
