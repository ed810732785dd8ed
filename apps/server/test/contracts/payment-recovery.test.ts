import type { Contract } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../../src/modules/payments/provider.ts';
import { sandboxProvider } from '../../src/modules/payments/sandbox-provider.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../support/test-app.ts';
import { CARDS, cardToken, fund, getContract, moneyCall, submitWork } from '../support/requests.ts';
import { hiredContract } from '../factories.ts';
import { ledgerProblems, movementsOf } from '../support/ledger.ts';

/*
 * The processor is outside our transactions. These tests cut the line at the worst moments (the
 * card charged but the answer lost; the request lost before the processor saw it) and check that
 * a retry or the reconciler ends with the money recorded once, or not charged at all.
 */
let database: TestDatabase;
let t: TestApp;
const clock = new ManualClock();
let fault: 'none' | 'lose-answer' | 'unreachable' = 'none';

beforeAll(async () => {
  database = await createTestDatabase();
  const real = sandboxProvider(database.handle.db);
  const flaky: PaymentProvider = {
    ...real,
    async charge(request) {
      if (fault === 'unreachable') throw new ProviderUnavailableError('connection refused');
      const outcome = await real.charge(request);
      if (fault === 'lose-answer') throw new ProviderUnavailableError('socket hang up after the charge');
      return outcome;
    },
  };
  t = await createTestApp({ database, overrides: { clock, payments: flaky } });
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

async function chargesFor(milestoneId: string): Promise<number> {
  const result = (await t.app.db.execute(sql`
    select count(*)::int as n from sandbox_charges c join payment_attempts a on a.id::text = c.idempotency_key
    where a.milestone_id = ${milestoneId} and c.status = 'succeeded'`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
}

describe('a crash between "charged" and "recorded"', () => {
  it('a retry with the same key finishes the payment the processor already took, without charging again', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    const paymentToken = await cardToken(app, client);
    fault = 'lose-answer';
    const lost = await moneyCall(
      app,
      `/api/milestones/${milestone.id}/fund`,
      client,
      { paymentToken },
      'fund-retry-1',
    );
    fault = 'none';
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toContain('never be charged twice');
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('pending');

    const retry = await moneyCall(
      app,
      `/api/milestones/${milestone.id}/fund`,
      client,
      { paymentToken },
      'fund-retry-1',
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<Contract>().milestones[0]!.status).toBe('funded');
    expect(await chargesFor(milestone.id)).toBe(1);
    expect(await movementsOf(app.db, milestone.id)).toHaveLength(1);
  });

  it('without a retry, the reconciler records it a few minutes later', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    clock.setTo(new Date());
    fault = 'lose-answer';
    expect((await fund(app, client, milestone.id)).statusCode).toBe(503);
    fault = 'none';
    await app.reconcilePayments();
    // Too recent: the first request might still be waiting for its answer.
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('pending');
    clock.advance(3 * 60_000);
    await app.reconcilePayments();
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('funded');
    expect(await chargesFor(milestone.id)).toBe(1);
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  it('a payment the processor never saw is closed as failed, and the client can pay again', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    clock.setTo(new Date());
    fault = 'unreachable';
    expect((await fund(app, client, milestone.id)).statusCode).toBe(503);
    fault = 'none';
    clock.advance(3 * 60_000);
    await app.reconcilePayments();
    expect(await chargesFor(milestone.id)).toBe(0);
    expect((await fund(app, client, milestone.id)).statusCode).toBe(200);
    expect(await chargesFor(milestone.id)).toBe(1);
  });
});

describe('a bonus on approval', () => {
  it('is charged with the marketplace fee and paid to the expert less the service fee; declined, nothing moves', async () => {
    const { app } = t;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    await submitWork(app, expert, milestone.id);
    const url = `/api/milestones/${milestone.id}/approve`;
    const declined = await moneyCall(app, url, client, {
      metCriteria: [0, 1],
      bonusMinor: 20_000,
      paymentToken: await cardToken(app, client, CARDS.declined),
    });
    expect(declined.statusCode).toBe(402);
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('submitted');

    const approved = await moneyCall(app, url, client, {
      metCriteria: [0, 1],
      bonusMinor: 20_000,
      paymentToken: await cardToken(app, client),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Contract>().milestones[0]!.settlement).toMatchObject({
      bonus: { amountMinor: 20_000 },
    });
    const movements = await movementsOf(app.db, milestone.id);
    // The release and the bonus are one database transaction: same time, either order.
    expect(movements.map((m) => m.kind).sort()).toEqual(['bonus', 'fund', 'release']);
    expect(movements.find((m) => m.kind === 'bonus')!.accounts).toEqual({
      client_funding: -21_000,
      expert_available: 18_000,
      platform_fees: 3_000,
    });
    expect(await ledgerProblems(app.db)).toEqual([]);
  });
});
