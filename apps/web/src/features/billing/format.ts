import type { BillingMovement } from '@sciwise/contracts';
import { money } from '../../lib/format.ts';

type Money = BillingMovement['amount'];

/** A movement's amount from the person's side: "+$900.00" in, "-$1,050.00" out. */
export const signedMoney = (value: Money) => `${value.amountMinor > 0 ? '+' : ''}${money(value)}`;

/** Where a movement belongs: the contract, and the milestone when it has one. */
export function movementSubject(movement: Pick<BillingMovement, 'contract' | 'milestone'>): string {
  if (!movement.contract) return 'Sciwise';
  return movement.milestone
    ? `${movement.contract.title} · ${movement.milestone.title}`
    : movement.contract.title;
}
