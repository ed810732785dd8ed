import { describe, expect, it } from 'vitest';
import {
  PAYOUT_MIN_MINOR,
  payoutAmountProblem,
  payoutMethodRequestSchema,
  payoutRequestSchema,
} from './payouts.ts';

describe('payout rules, shared by the form and the server', () => {
  it('takes anything from the minimum up to the available balance', () => {
    expect(payoutAmountProblem(PAYOUT_MIN_MINOR, 90_000, 'USD')).toBeNull();
    expect(payoutAmountProblem(90_000, 90_000, 'USD')).toBeNull();
  });

  it('names the minimum and the balance in the currency when an amount is outside them', () => {
    expect(payoutAmountProblem(1_999, 90_000, 'EUR')).toBe('The smallest payout is €20.00.');
    expect(payoutAmountProblem(90_001, 90_000, 'USD')).toBe(
      'You can take out at most $900.00, your available balance.',
    );
    expect(payoutAmountProblem(5_000, 1_000, 'GBP')).toBe(
      'You have £10.00 available; a payout needs at least £20.00.',
    );
    expect(payoutAmountProblem(2_500.5, 90_000, 'USD')).toBe('Enter the amount in whole cents.');
  });

  it('refuses a request below the minimum before any balance is read', () => {
    expect(payoutRequestSchema.safeParse({ amountMinor: 1_999, currency: 'USD' }).success).toBe(false);
    expect(payoutRequestSchema.safeParse({ amountMinor: 2_000, currency: 'USD' }).success).toBe(true);
  });

  it('reads an account number with spaces and dashes, in capitals', () => {
    const parsed = payoutMethodRequestSchema.parse({
      accountHolderName: '  Ada Lovelace ',
      accountNumber: 'gb33 bukb-2020 1555 5555 55',
      currency: 'GBP',
    });
    expect(parsed).toEqual({
      accountHolderName: 'Ada Lovelace',
      accountNumber: 'GB33BUKB20201555555555',
      currency: 'GBP',
    });
  });
});
