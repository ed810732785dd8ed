import type { Payout } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/lib/clock.ts';
import { record } from '../../src/modules/payments/ledger.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addBankAccount, payoutsOf, requestPayout } from './helpers.ts';
import { balanceOf, ledgerProblems } from '../support/ledger.ts';
import { expertWithReleasedMilestone } from '../factories.ts';

/*
 * Concurrent payout requests against one balance: the lock on the expert's available-balance
 * account lets them through one at a time, so the total paid out never exceeds what was there.
 * On PostgreSQL these really run at once on a pool of connections.
 */
let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ overrides: { clock } });
});
afterAll(() => t.close());

describe('concurrent payout requests', () => {
  it('20 requests of $100.00 against $900.00: exactly 9 go through, the balance never goes below zero', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestPayout(app, expert, 10_000)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expect(refused.json().message).toMatch(/^You have \$0\.00 available|^You can take out at most/);
    expect((await payoutsOf(app, expert)).balances[0]).toEqual({
      currency: 'USD',
      available: 0,
      inTransit: 90_000,
      paidOut: 0,
    });
    expect(await ledgerProblems(app.db)).toEqual([]);

    clock.advance(DAY_MS);
    while ((await app.jobs.runDue()) > 0);
    const after = await payoutsOf(app, expert);
    expect(after.balances[0]).toEqual({ currency: 'USD', available: 0, inTransit: 0, paidOut: 90_000 });
    expect(after.payouts.map((p: Payout) => p.state)).toEqual(Array(9).fill('paid'));
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  it('the database itself refuses a movement that would overdraw an expert, even without the lock', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    const overdraw = app.db.transaction((tx) =>
      record(tx, {
        kind: 'payout',
        currency: 'USD',
        contractId: null,
        milestoneId: null,
        createdBy: expert.id,
        memo: 'an overdraft the code forgot to check',
        legs: [
          { account: { kind: 'expert_available', userId: expert.id }, amountMinor: -90_001 },
          { account: { kind: 'expert_payout_in_transit', userId: expert.id }, amountMinor: 90_001 },
        ],
      }),
    );
    await expect(overdraw).rejects.toThrow();
    expect(await balanceOf(app.db, 'expert_available', expert.id)).toBe(90_000);
  });
});
