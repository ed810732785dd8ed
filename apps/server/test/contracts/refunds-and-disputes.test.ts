import type { Contract, DisputeQueueResponse } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { call, fund, getContract, moneyCall, submitWork } from '../support/requests.ts';
import { adminUser, hiredContract, type SignedInUser } from '../factories.ts';
import { ledgerProblems, movementsOf } from '../support/ledger.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function cardRefundsOf(milestoneId: string): Promise<number[]> {
  const result = (await t.app.db.execute(sql`
    select r.amount_minor from sandbox_refunds r
    join sandbox_charges c on c.id = r.charge_id
    join payment_attempts a on a.id::text = c.idempotency_key
    where a.milestone_id = ${milestoneId} order by r.created_at`)) as unknown as {
    rows: { amount_minor: number }[];
  };
  return result.rows.map((row) => Number(row.amount_minor));
}

describe('money back', () => {
  it('the client takes a funded milestone back before any submission: everything paid, fee included, back to the card', async () => {
    const { app } = t;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    const refunded = await moneyCall(app, `/api/milestones/${milestone.id}/refund`, client, {
      reason: 'Plans changed.',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Contract>().milestones[0]).toMatchObject({
      status: 'refunded',
      settlement: { toExpert: { amountMinor: 0 }, toClient: { amountMinor: 100_000 } },
    });
    expect((await movementsOf(app.db, milestone.id)).at(-1)).toEqual({
      kind: 'refund',
      accounts: { client_funding: 105_000, escrow: -100_000, platform_fees: -5_000 },
    });
    expect(await cardRefundsOf(milestone.id)).toEqual([105_000]);
    // Settled once: a second refund is a 409 that names the state.
    const again = await moneyCall(app, `/api/milestones/${milestone.id}/refund`, expert, {
      reason: 'Again.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('has already been refunded');
    expect(await ledgerProblems(app.db)).toEqual([]);
  });

  it('after a submission only the expert can give the money back', async () => {
    const { app } = t;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    await submitWork(app, expert, milestone.id);
    const byClient = await moneyCall(app, `/api/milestones/${milestone.id}/refund`, client, {
      reason: 'Not what I wanted.',
    });
    expect(byClient.statusCode).toBe(403);
    expect(byClient.json().message).toBe(
      'Only the expert can refund a milestone once work has been submitted.',
    );
    expect((await getContract(app, client, contract.id)).milestones[0]!.actions).toEqual([
      'request_changes',
      'approve',
      'dispute',
    ]);
    const byExpert = await moneyCall(app, `/api/milestones/${milestone.id}/refund`, expert, {
      reason: 'We agreed to stop.',
    });
    expect(byExpert.statusCode).toBe(200);
    expect(await cardRefundsOf(milestone.id)).toEqual([105_000]);
  });
});

describe('disputes', () => {
  it('either side opens one; auto-release stops; the admin queue lists it; a split adds up to the hold', async () => {
    const { app } = t;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    await submitWork(app, expert, milestone.id);
    const opened = await call(app, 'POST', `/api/milestones/${milestone.id}/dispute`, client, {
      reason: 'Half of the endpoints are missing from the plan.',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Contract>().milestones[0]).toMatchObject({
      status: 'disputed',
      autoReleaseAt: null,
      actions: [],
    });

    const queue = (await call(app, 'GET', '/api/admin/disputes', admin)).json<DisputeQueueResponse>();
    expect(queue.disputes.find((d) => d.milestoneId === milestone.id)).toMatchObject({ openedBy: 'client' });
    expect((await call(app, 'GET', '/api/admin/disputes', client)).statusCode).toBe(403);
    expect((await getContract(app, admin, contract.id)).milestones[0]!.actions).toEqual(['resolve']);

    const url = `/api/milestones/${milestone.id}/resolve`;
    const byParty = await moneyCall(app, url, client, { outcome: 'refund', note: 'I decide for myself.' });
    expect(byParty.statusCode).toBe(403);
    const tooMuch = await moneyCall(app, url, admin, {
      outcome: 'split',
      expertShareMinor: 100_000,
      note: 'All of it.',
    });
    expect(tooMuch.statusCode).toBe(400);
    const split = await moneyCall(app, url, admin, {
      outcome: 'split',
      expertShareMinor: 60_000,
      note: 'The plan covers most endpoints; 60% of the work is done.',
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json<Contract>().milestones[0]).toMatchObject({
      status: 'split',
      settlement: { toExpert: { amountMinor: 60_000 }, toClient: { amountMinor: 40_000 } },
    });
    // 60,000 to the expert less 10% (6,000); 40,000 back with 40% of the 5,000 fee (2,000).
    expect((await movementsOf(app.db, milestone.id)).at(-1)).toEqual({
      kind: 'split',
      accounts: { client_funding: 42_000, escrow: -100_000, expert_available: 54_000, platform_fees: 4_000 },
    });
    expect(await cardRefundsOf(milestone.id)).toEqual([42_000]);
    expect(await ledgerProblems(app.db)).toEqual([]);
  });
});

describe('the database keeps the ledger honest even if code forgets', () => {
  it('refuses an unbalanced transaction, an edit of an entry and a second settlement', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    const [hold] = (
      (await app.db.execute(
        sql`select * from escrow_holds where milestone_id = ${milestone.id}`,
      )) as unknown as {
        rows: { funding_transaction_id: string }[];
      }
    ).rows;
    const unbalanced = app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, currency, amount_minor)
        select ${hold!.funding_transaction_id}, account_id, currency, 1 from ledger_entries
        where transaction_id = ${hold!.funding_transaction_id} limit 1`);
    });
    await expect(unbalanced).rejects.toThrow();
    await expect(app.db.execute(sql`update ledger_entries set amount_minor = 0`)).rejects.toThrow();
    await expect(app.db.execute(sql`delete from escrow_holds`)).rejects.toThrow();
    const twice = app.db.transaction(async (tx) => {
      for (let i = 0; i < 2; i++)
        await tx.execute(sql`insert into escrow_settlements (milestone_id, transaction_id, outcome, to_expert_minor, to_client_minor)
          values (${milestone.id}, ${hold!.funding_transaction_id}, 'posted', 100000, 0)`);
    });
    await expect(twice).rejects.toThrow();
    expect(await ledgerProblems(app.db)).toEqual([]);
  });
});
