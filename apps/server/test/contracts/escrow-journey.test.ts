import type { ActivityResponse, Contract, NotificationListResponse } from '@sciwise/contracts';
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { call, CARDS, cardToken, fund, getContract, moneyCall, submitWork } from '../support/requests.ts';
import { hiredContract } from '../factories.ts';
import { ledgerProblems, movementsOf } from '../support/ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the escrow loop: fund, submit, ask for changes, resubmit, approve', () => {
  it('moves exactly the money the pages promise, and says so in the log', async () => {
    const { app } = t;
    const { client, expert, contract } = await hiredContract(app);
    const [first] = contract.milestones;
    expect(first!.status).toBe('pending');
    expect(first!.criteria).toEqual([
      'Covers every endpoint in the protocol',
      'Names the software and its version',
    ]);
    // The fee is shown before paying: $1,000.00 plus 5%.
    expect(first!.funding).toEqual({
      fee: { amountMinor: 5_000, currency: 'USD' },
      total: { amountMinor: 105_000, currency: 'USD' },
    });
    expect(first!.actions).toEqual(['fund']);
    expect((await getContract(app, expert, contract.id)).milestones[0]!.actions).toEqual([]);

    const funded = await fund(app, client, first!.id);
    expect(funded.statusCode, funded.body).toBe(200);
    const afterFunding = funded.json<Contract>().milestones[0]!;
    expect(afterFunding.status).toBe('funded');
    expect(afterFunding.paidWith).toEqual({ brand: 'Visa', last4: '4242' });
    expect(funded.json<Contract>().escrow.held.amountMinor).toBe(100_000);

    const v1 = await submitWork(app, expert, first!.id);
    expect(v1.statusCode, v1.body).toBe(200);
    const submitted = v1.json<Contract>().milestones[0]!;
    expect(submitted.status).toBe('submitted');
    const file = submitted.submissions[0]!.files[0]!;
    expect(file.sha256).toBe(
      createHash('sha256')
        .update('Statistical analysis plan\nEndpoints: all\nSoftware: R 4.4\n')
        .digest('hex'),
    );
    expect(new Date(submitted.autoReleaseAt!).getTime() - new Date(submitted.submittedAt!).getTime()).toBe(
      14 * 86_400_000,
    );
    const download = await call(app, 'GET', file.url, client);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');

    const changes = await call(app, 'POST', `/api/milestones/${first!.id}/request-changes`, client, {
      reason: 'The plan skips the secondary endpoints.',
      unmetCriteria: [0],
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const revising = changes.json<Contract>().milestones[0]!;
    expect(revising.status).toBe('revision_requested');
    expect(revising.revisionRequest).toMatchObject({ unmetCriteria: [0] });
    expect(revising.autoReleaseAt).toBeNull();

    const v2 = await submitWork(app, expert, first!.id, 'Secondary endpoints added.');
    expect(v2.json<Contract>().milestones[0]!.submissions.map((s) => s.version)).toEqual([2, 1]);

    const unticked = await moneyCall(app, `/api/milestones/${first!.id}/approve`, client, {
      metCriteria: [1],
    });
    expect(unticked.statusCode).toBe(400);
    const approved = await moneyCall(app, `/api/milestones/${first!.id}/approve`, client, {
      metCriteria: [0, 1],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const released = approved.json<Contract>();
    expect(released.milestones[0]!.status).toBe('released');
    expect(released.milestones[0]!.settlement).toMatchObject({
      toExpert: { amountMinor: 100_000 },
      toClient: { amountMinor: 0 },
    });
    expect(released.escrow).toMatchObject({ held: { amountMinor: 0 }, released: { amountMinor: 100_000 } });

    expect(await movementsOf(app.db, first!.id)).toEqual([
      { kind: 'fund', accounts: { client_funding: -105_000, escrow: 100_000, platform_fees: 5_000 } },
      { kind: 'release', accounts: { escrow: -100_000, expert_available: 90_000, platform_fees: 10_000 } },
    ]);
    expect(await ledgerProblems(app.db)).toEqual([]);

    const log = (
      await call(app, 'GET', `/api/contracts/${contract.id}/activity`, expert)
    ).json<ActivityResponse>();
    expect(log.activity.map((entry) => entry.kind)).toEqual([
      'milestone_released_approved',
      'work_submitted',
      'changes_requested',
      'work_submitted',
      'milestone_funded',
      'contract_created',
    ]);
    expect(log.activity.at(-2)!.text).toContain('$1,050.00 charged to Visa ending 4242');

    const told = (await call(app, 'GET', '/api/notifications', expert)).json<NotificationListResponse>();
    expect(told.notifications.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Milestone funded: you can start',
        'Changes requested',
        'Payment released to you',
      ]),
    );
  });

  it('a declined card shows the processor message and changes nothing', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    for (const [number, message] of [
      [CARDS.declined, 'Your card was declined.'],
      [CARDS.insufficientFunds, 'Your card has insufficient funds.'],
      [CARDS.processingError, 'An error occurred while processing your card. Try again in a little bit.'],
    ] as const) {
      const response = await fund(app, client, milestone.id, number);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ code: 'payment_failed', message });
    }
    const after = await getContract(app, client, contract.id);
    expect(after.milestones[0]!.status).toBe('pending');
    expect(after.escrow.held.amountMinor).toBe(0);
    expect(await movementsOf(app.db, milestone.id)).toEqual([]);
    // A good card afterwards works: nothing was left half-done.
    expect((await fund(app, client, milestone.id)).statusCode).toBe(200);
  });
});

describe('idempotency keys', () => {
  it('a replay returns the first answer byte for byte; another body with the key is a 422; no key is a 400', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    const paymentToken = await cardToken(app, client);
    const url = `/api/milestones/${milestone.id}/fund`;
    const first = await moneyCall(app, url, client, { paymentToken }, 'key-fund-1');
    const replay = await moneyCall(app, url, client, { paymentToken }, 'key-fund-1');
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await movementsOf(app.db, milestone.id)).toHaveLength(1);

    const other = await moneyCall(
      app,
      url,
      client,
      { paymentToken: await cardToken(app, client) },
      'key-fund-1',
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_mismatch');
    const missing = await moneyCall(app, url, client, { paymentToken }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Idempotency-Key');
  });

  it('keeps the JSON text, not the compressed bytes, when the client takes brotli', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    const fundOnce = async (paymentToken: string) =>
      app.inject({
        method: 'POST',
        url: `/api/milestones/${milestone.id}/fund`,
        headers: { ...client.headers, 'idempotency-key': 'key-fund-br', 'accept-encoding': 'br' },
        payload: { paymentToken },
      });
    const paymentToken = await cardToken(app, client);
    const first = await fundOnce(paymentToken);
    const replay = await fundOnce(paymentToken);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const text = (response: typeof first) => brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(JSON.parse(text(replay))).toEqual(JSON.parse(text(first)));
    expect(await movementsOf(app.db, milestone.id)).toHaveLength(1);
  });
});
