import type {
  DocumentListResponse,
  NotificationListResponse,
  Payout,
  PayoutMethodResponse,
} from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/lib/clock.ts';
import { ProviderUnavailableError } from '../../src/modules/payments/provider.ts';
import { payoutStatement } from '../../src/modules/payouts/payout-read.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addBankAccount, BANK_ACCOUNTS, payoutsOf, putPayoutMethod, requestPayout } from './helpers.ts';
import { balanceOf, ledgerProblems } from '../support/ledger.ts';
import { call } from '../support/requests.ts';
import { expertWithReleasedMilestone, signedInUser } from '../factories.ts';

/*
 * Payouts end to end through the API: the bank account, the request, and the bank's answer a day
 * later through the durable jobs, on a clock the test moves (never a sleep).
 */
let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ overrides: { clock } });
});
afterAll(() => t.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}
const mailsTo = (email: string, subject: string) =>
  count(sql`select count(*)::int as n from dev_outbox where to_address = ${email} and subject = ${subject}`);
const runJobs = async () => {
  while ((await t.app.jobs.runDue()) > 0);
};

describe('the payout method', () => {
  it('keeps only the token, bank name, last four, holder and currency; a new account replaces the old', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    const empty = await call(app, 'GET', '/api/me/payout-method', expert);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<PayoutMethodResponse>().method).toBeNull();
    expect(empty.json<PayoutMethodResponse>().testBankAccounts.map((a) => a.outcome)).toContain('rejected');

    const added = await putPayoutMethod(app, expert, { accountNumber: '0001 2345 6789' });
    expect(added.statusCode).toBe(200);
    expect(added.json<PayoutMethodResponse>().method).toMatchObject({
      bankName: 'Sandbox Test Bank',
      last4: '6789',
      accountHolderName: 'Ada Lovelace',
      currency: 'USD',
    });
    expect(JSON.stringify(added.json<PayoutMethodResponse>().method)).not.toContain('123456789');

    const replaced = await putPayoutMethod(app, expert, {
      accountNumber: BANK_ACCOUNTS.iban,
      currency: 'USD',
    });
    expect(replaced.json<PayoutMethodResponse>().method?.last4).toBe('5555');
    const stored = (await app.db.execute(
      sql`select token, last4 from payout_methods where user_id = ${expert.id}`,
    )) as unknown as { rows: { token: string; last4: string }[] };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ last4: '5555' });
    expect(stored.rows[0]!.token).toMatch(/^ba_sandbox_/);
    // Nothing of ours holds the whole account number.
    expect(
      await count(
        sql`select count(*)::int as n from payout_methods where token like '%123456789%' or last4 like '%123456789%'`,
      ),
    ).toBe(0);
  });

  it('refuses the closed test account with the processor’s message and keeps the old account', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    const refused = await putPayoutMethod(app, expert, { accountNumber: BANK_ACCOUNTS.rejected });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invalid_input',
      message: 'The bank reports that this account is closed. Enter a different bank account.',
      details: [{ field: 'accountNumber' }],
    });
    const kept = await call(app, 'GET', '/api/me/payout-method', expert);
    expect(kept.json<PayoutMethodResponse>().method?.last4).toBe('6789');
  });

  it('refuses bad input with a clear message, and a number that is not a test account', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    const cases: Array<[object, string]> = [
      [{ accountNumber: '12' }, 'Enter an account number or IBAN of 6 to 34 letters and digits.'],
      [{ accountHolderName: ' ' }, 'Enter the name on the bank account.'],
      [{ currency: 'JPY' }, 'The currency is one of USD, EUR, GBP.'],
      [
        { accountNumber: '987654321000' },
        'This is a sandbox: no real bank account can be paid. Use one of the test account numbers shown.',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await putPayoutMethod(app, expert, overrides);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
  });
});

describe('a payout', () => {
  it('moves available → in transit at once, then in transit → paid out a day later through the jobs', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    expect((await payoutsOf(app, expert)).balances).toEqual([
      { currency: 'USD', available: 90_000, inTransit: 0, paidOut: 0 },
    ]);

    const requested = await requestPayout(app, expert, 50_000);
    expect(requested.statusCode, requested.body).toBe(201);
    const payout = requested.json<Payout>();
    expect(payout).toMatchObject({
      amount: { amountMinor: 50_000, currency: 'USD' },
      state: 'in_transit',
      bankName: 'Sandbox Test Bank',
      last4: '6789',
      paidAt: null,
      failureReason: null,
    });
    expect(new Date(payout.expectedArrivalAt!).getTime()).toBe(clock.now().getTime() + DAY_MS);
    expect((await payoutsOf(app, expert)).balances[0]).toMatchObject({
      available: 40_000,
      inTransit: 50_000,
    });
    expect(await mailsTo(expert.email, 'Payout of $500.00 sent')).toBe(0);
    await runJobs();
    expect(await mailsTo(expert.email, 'Payout of $500.00 sent')).toBe(1);

    // Half a day on, the bank has not answered: nothing moves.
    clock.advance(DAY_MS / 2);
    await runJobs();
    expect((await payoutsOf(app, expert)).payouts[0]!.state).toBe('in_transit');

    clock.advance(DAY_MS / 2);
    await runJobs();
    const after = await payoutsOf(app, expert);
    expect(after.balances[0]).toEqual({ currency: 'USD', available: 40_000, inTransit: 0, paidOut: 50_000 });
    expect(after.payouts[0]).toMatchObject({ id: payout.id, state: 'paid' });
    expect(after.payouts[0]!.paidAt).not.toBeNull();
    expect(await balanceOf(app.db, 'expert_available', expert.id)).toBe(40_000);
    expect(await mailsTo(expert.email, 'Payout of $500.00 paid')).toBe(1);
    const titles = (await call(app, 'GET', '/api/notifications', expert))
      .json<NotificationListResponse>()
      .notifications.map((n) => n.title);
    expect(titles).toEqual(expect.arrayContaining(['Payout of $500.00 sent', 'Payout of $500.00 paid']));
    // Its statement was issued with the movement, addressed to the expert.
    const statements = (await call(app, 'GET', '/api/documents', expert))
      .json<DocumentListResponse>()
      .documents.filter((d) => d.kind === 'payout_statement');
    expect(statements).toHaveLength(1);
    expect(statements[0]!.total).toMatchObject({ amountMinor: 50_000, currency: 'USD' });

    // Running the jobs again (another node, a replay) changes nothing.
    clock.advance(DAY_MS);
    await runJobs();
    expect((await payoutsOf(app, expert)).balances[0]).toMatchObject({ available: 40_000, paidOut: 50_000 });
    expect(
      await count(sql`select count(*)::int as n from ledger_transactions where kind = 'payout_paid'
        and id = (select settle_transaction_id from payouts where id = ${payout.id})`),
    ).toBe(1);
    expect(await ledgerProblems(app.db)).toEqual([]);
    expect(
      (await call(app, 'GET', '/api/documents', expert))
        .json<DocumentListResponse>()
        .documents.filter((d) => d.kind === 'payout_statement'),
    ).toHaveLength(1);
  });

  it('comes back to the available balance when the bank returns it, and tells the expert why', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert, BANK_ACCOUNTS.payoutFails);
    const requested = await requestPayout(app, expert, 90_000);
    expect(requested.json<Payout>().state).toBe('in_transit');
    expect((await payoutsOf(app, expert)).balances[0]).toMatchObject({ available: 0, inTransit: 90_000 });

    clock.advance(DAY_MS);
    await runJobs();
    const after = await payoutsOf(app, expert);
    expect(after.balances[0]).toEqual({ currency: 'USD', available: 90_000, inTransit: 0, paidOut: 0 });
    expect(after.payouts[0]).toMatchObject({
      state: 'failed',
      failureReason:
        'Your bank returned the payout: it could not find the account. Check the account number and add your bank account again.',
    });
    expect(await mailsTo(expert.email, 'Payout of $900.00 failed')).toBe(1);
    const failed = (await call(app, 'GET', '/api/notifications', expert))
      .json<NotificationListResponse>()
      .notifications.find((n) => n.title === 'Payout of $900.00 failed');
    expect(failed?.body).toContain('is back on your available balance');
    expect(failed?.link).toBe('/profile/payment');
    expect(await ledgerProblems(app.db)).toEqual([]);

    // The money can go out again, to a working account.
    await addBankAccount(app, expert);
    expect((await requestPayout(app, expert, 90_000)).statusCode).toBe(201);
  });

  it('is handed to the processor by its job when the request could not reach it', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    const original = app.ctx.payments.createPayout;
    app.ctx.payments.createPayout = () => Promise.reject(new Error('connection refused'));
    let payout: Payout;
    try {
      const requested = await requestPayout(app, expert, 30_000);
      expect(requested.statusCode).toBe(201);
      payout = requested.json<Payout>();
      expect(payout).toMatchObject({ state: 'requested', expectedArrivalAt: null });
    } finally {
      app.ctx.payments.createPayout = original;
    }
    await runJobs();
    expect((await payoutsOf(app, expert)).payouts[0]).toMatchObject({ id: payout.id, state: 'in_transit' });
    clock.advance(DAY_MS);
    await runJobs();
    expect((await payoutsOf(app, expert)).payouts[0]).toMatchObject({ id: payout.id, state: 'paid' });
    const sent = (await app.db.execute(
      sql`select count(*)::int as n from sandbox_payouts where idempotency_key = ${payout.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(sent.rows[0]!.n)).toBe(1);
  });

  it('is settled by the reconciler when the processor was down for longer than the job kept trying', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    const payout = (await requestPayout(app, expert, 40_000)).json<Payout>();
    const original = app.ctx.payments.findPayout;
    app.ctx.payments.findPayout = () => Promise.reject(new ProviderUnavailableError('connection refused'));
    try {
      clock.advance(DAY_MS);
      for (let pass = 0; pass < 10; pass++) {
        await runJobs();
        clock.advance(2 * 60 * 60 * 1000);
      }
    } finally {
      app.ctx.payments.findPayout = original;
    }
    expect(
      await count(sql`select count(*)::int as n from jobs
        where kind = 'payout-settle' and payload->>'payoutId' = ${payout.id} and failed_at is not null`),
    ).toBe(1);
    expect((await payoutsOf(app, expert)).payouts[0]).toMatchObject({ id: payout.id, state: 'in_transit' });

    await app.reconcilePayments();
    expect((await payoutsOf(app, expert)).payouts[0]).toMatchObject({ id: payout.id, state: 'paid' });
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  it('refuses less than the minimum, more than is available, no bank account, another currency, no key', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    const noAccount = await requestPayout(app, expert, 5_000);
    expect(noAccount.statusCode).toBe(409);
    expect(noAccount.json().message).toBe('Add a bank account for payouts before you request one.');
    await addBankAccount(app, expert);

    const tooSmall = await requestPayout(app, expert, 1_999);
    expect(tooSmall.statusCode).toBe(400);
    expect(JSON.stringify(tooSmall.json())).toContain('The smallest payout is 20.00.');
    const tooMuch = await requestPayout(app, expert, 90_001);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe('You can take out at most $900.00, your available balance.');
    const otherCurrency = await requestPayout(app, expert, 5_000, undefined, 'EUR');
    expect(otherCurrency.statusCode).toBe(409);
    expect(otherCurrency.json().message).toContain('Your bank account takes USD, not EUR.');
    const fractional = await requestPayout(app, expert, 2_500.5);
    expect(fractional.statusCode).toBe(400);
    const noKey = await requestPayout(app, expert, 5_000, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toContain('Idempotency-Key');

    // None of these moved money.
    expect((await payoutsOf(app, expert)).balances[0]).toMatchObject({ available: 90_000, inTransit: 0 });
    expect((await payoutsOf(app, expert)).payouts).toEqual([]);
  });

  it('answers a replayed key with the first payout, and refuses the key with another amount', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    const first = await requestPayout(app, expert, 20_000, 'payout-key-1');
    const replay = await requestPayout(app, expert, 20_000, 'payout-key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    const mismatch = await requestPayout(app, expert, 30_000, 'payout-key-1');
    expect(mismatch.statusCode).toBe(422);
    expect((await payoutsOf(app, expert)).payouts).toHaveLength(1);
    expect((await payoutsOf(app, expert)).balances[0]).toMatchObject({
      available: 70_000,
      inTransit: 20_000,
    });
  });

  it('is refused to someone who is not an expert', async () => {
    const { app } = t;
    const client = await signedInUser(app);
    for (const response of [
      await call(app, 'GET', '/api/me/payouts', client),
      await call(app, 'GET', '/api/me/payout-method', client),
      await putPayoutMethod(app, client),
      await requestPayout(app, client, 5_000),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('Payouts are for experts.');
    }
  });
});

describe('the statement of a payout', () => {
  it('has the amount, the dates, the bank account’s last four and the expert’s name', async () => {
    const { app } = t;
    const { expert } = await expertWithReleasedMilestone(app);
    await addBankAccount(app, expert);
    const payout = (await requestPayout(app, expert, 25_000)).json<Payout>();
    clock.advance(DAY_MS + 60 * 60 * 1000);
    await runJobs();
    const statement = await payoutStatement(app.db, payout.id);
    expect(statement).toMatchObject({
      payoutId: payout.id,
      state: 'paid',
      amountMinor: 25_000,
      currency: 'USD',
      expert: { id: expert.id, name: expect.stringMatching(/^Ada Expert\w+$/), email: expert.email },
      method: { bankName: 'Sandbox Test Bank', last4: '6789', accountHolderName: 'Ada Lovelace' },
      failureReason: null,
    });
    expect(statement!.requestedAt).toBeInstanceOf(Date);
    expect(statement!.settledAt).toEqual(clock.now());
    expect(statement!.settleTransactionId).not.toBeNull();
    expect(await payoutStatement(app.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
