import type { ActivityResponse, Contract, NotificationListResponse } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/lib/clock.ts';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../support/test-app.ts';
import { call, fund, getContract, submitWork } from '../support/requests.ts';
import { hiredContract } from '../factories.ts';
import { ledgerProblems, movementsOf } from '../support/ledger.ts';

/*
 * Auto-release and its reminders are durable jobs on the app clock: these tests move the clock
 * (never sleep) and run due jobs by hand, on two app nodes sharing one database.
 */
let database: TestDatabase;
let clock: ManualClock;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  clock = new ManualClock();
  a = await createTestApp({ database, overrides: { clock } });
  b = await createTestApp({ database, overrides: { clock } });
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.drop();
});

const runBothNodes = () => Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await a.app.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

describe('automatic release', () => {
  it('reminds the client 3 and 1 days before, then releases once, 14 days after submission, on one of two nodes', async () => {
    const { app } = a;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    await submitWork(app, expert, milestone.id);

    clock.advance(10 * DAY_MS);
    await runBothNodes();
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('submitted');

    clock.advance(DAY_MS + 60_000);
    await runBothNodes();
    const titles = async () =>
      (await call(app, 'GET', '/api/notifications', client))
        .json<NotificationListResponse>()
        .notifications.map((n) => n.title);
    expect((await titles()).filter((title) => title === 'Automatic release in 3 days')).toHaveLength(1);

    clock.advance(2 * DAY_MS);
    await runBothNodes();
    expect((await titles()).filter((title) => title === 'Automatic release in 1 day')).toHaveLength(1);
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('submitted');

    clock.advance(DAY_MS);
    const ran = await runBothNodes();
    expect(ran[0] + ran[1]).toBeGreaterThanOrEqual(1);
    await runBothNodes();
    const released = await getContract(b.app, expert, contract.id);
    expect(released.milestones[0]).toMatchObject({ status: 'released', autoReleaseAt: null });
    expect((await movementsOf(app.db, milestone.id)).map((m) => m.kind)).toEqual(['fund', 'release']);
    const log = (
      await call(app, 'GET', `/api/contracts/${contract.id}/activity`, client)
    ).json<ActivityResponse>();
    expect(log.activity.filter((entry) => entry.kind === 'milestone_released_auto')).toHaveLength(1);
    expect(log.activity[0]).toMatchObject({ actor: null, kind: 'milestone_released_auto' });
    expect(
      await count(
        sql`select count(*)::int as n from jobs where done_at is null and failed_at is null and run_at <= ${clock.now()}`,
      ),
    ).toBe(0);
    expect(await ledgerProblems(app.db)).toEqual([]);
    // The e-mails went out once each, through the e-mail jobs.
    expect(
      await count(
        sql`select count(*)::int as n from dev_outbox where subject like ${'Payment released to you%'}`,
      ),
    ).toBe(1);
  });

  it('finds nothing to do when the client answered first, or when a newer version was submitted', async () => {
    const { app } = a;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    await submitWork(app, expert, milestone.id);
    clock.advance(5 * DAY_MS);
    await call(app, 'POST', `/api/milestones/${milestone.id}/request-changes`, client, {
      reason: 'Please add the sample size calculation.',
      unmetCriteria: [0],
    });
    clock.advance(5 * DAY_MS);
    await submitWork(app, expert, milestone.id, 'Version two, with the sample size.');
    // Version 1's deadline passes: nothing happens, version 2 still has its full 14 days.
    clock.advance(5 * DAY_MS);
    await runBothNodes();
    const waiting = await getContract(app, client, contract.id);
    expect(waiting.milestones[0]!.status).toBe('submitted');
    clock.advance(10 * DAY_MS);
    await runBothNodes();
    expect((await getContract(app, client, contract.id)).milestones[0]!.status).toBe('released');
  });

  it('a dispute stops the clock', async () => {
    const { app } = a;
    const { client, expert, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    await fund(app, client, milestone.id);
    await submitWork(app, expert, milestone.id);
    await call(app, 'POST', `/api/milestones/${milestone.id}/dispute`, expert, {
      reason: 'The client is not answering and the deadline is near.',
    });
    clock.advance(30 * DAY_MS);
    await runBothNodes();
    expect((await getContract(app, expert, contract.id)).milestones[0]!.status).toBe('disputed');
  });
});

describe('a running contract changes by agreement', () => {
  it('one side proposes a milestone, the other accepts it; the contract ends only when everything is settled', async () => {
    const { app } = a;
    const { client, expert, contract } = await hiredContract(app);
    const proposed = await call(app, 'POST', `/api/contracts/${contract.id}/milestones`, expert, {
      title: 'Extra sensitivity analysis',
      amountMinor: 25_000,
      criteria: ['Three alternative models'],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const extra = proposed.json<Contract>().milestones.at(-1)!;
    expect(extra).toMatchObject({ status: 'proposed', proposedBy: 'expert', actions: ['withdraw_proposal'] });
    const forClient = (await getContract(app, client, contract.id)).milestones.at(-1)!;
    expect(forClient.actions).toEqual(['accept_proposal', 'decline_proposal']);
    expect((await call(app, 'POST', `/api/milestones/${extra.id}/accept-proposal`, expert)).statusCode).toBe(
      403,
    );
    const accepted = await call(app, 'POST', `/api/milestones/${extra.id}/accept-proposal`, client);
    expect(accepted.json<Contract>().price.amountMinor).toBe(175_000);
    expect(accepted.json<Contract>().milestones.at(-1)!.status).toBe('pending');

    const early = await call(app, 'POST', `/api/contracts/${contract.id}/end`, client);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('is not settled yet');

    // Cancelling needs no money held; unfunded milestones fall away and the project is closed.
    await fund(app, client, contract.milestones[0]!.id);
    const blocked = await call(app, 'POST', `/api/contracts/${contract.id}/cancel`, client, {
      reason: 'We found the budget elsewhere.',
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain('still has money in escrow');
  });

  it('cancelling with nothing held cancels the unfunded milestones and the project', async () => {
    const { app } = a;
    const { client, expert, contract } = await hiredContract(app);
    const cancelled = await call(app, 'POST', `/api/contracts/${contract.id}/cancel`, expert, {
      reason: 'I can no longer take this on, sorry.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = cancelled.json<Contract>();
    expect(after.status).toBe('cancelled');
    expect(after.milestones.map((m) => m.status)).toEqual(['cancelled', 'cancelled']);
    expect(after.actions).toEqual([]);
    const project = await call(app, 'GET', `/api/projects/${after.project.id}`, client);
    expect(project.json().details.status).toBe('cancelled');
  });
});
