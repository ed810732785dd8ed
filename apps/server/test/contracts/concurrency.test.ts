import { randomUUID } from 'node:crypto';
import type { Contract } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { call, cardToken, fund, getContract, moneyCall, submitWork } from '../support/requests.ts';
import { hiredContract } from '../factories.ts';
import { ledgerProblems, movementsOf } from '../support/ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ROUNDS = 3;

describe('many hands on one milestone at once', () => {
  it('50 concurrent approve / refund / dispute / double-approve calls: exactly one outcome, every time', async () => {
    const { app } = t;
    for (let round = 0; round < ROUNDS; round++) {
      const { client, expert, contract } = await hiredContract(app);
      const milestone = contract.milestones[0]!;
      await fund(app, client, milestone.id);
      await submitWork(app, expert, milestone.id);
      const url = (action: string) => `/api/milestones/${milestone.id}/${action}`;
      const sameKey = randomUUID();
      const calls = Array.from({ length: 50 }, (_, i) => {
        switch (i % 5) {
          case 0:
            return moneyCall(app, url('approve'), client, { metCriteria: [0, 1] });
          case 1:
            return moneyCall(app, url('approve'), client, { metCriteria: [0, 1] }, sameKey);
          case 2:
            return moneyCall(app, url('refund'), expert, { reason: 'Giving it back.' });
          case 3:
            return call(app, 'POST', url('dispute'), client, {
              reason: 'Opening a dispute at the same moment.',
            });
          default:
            return call(app, 'POST', url('dispute'), expert, {
              reason: 'Opening a dispute at the same moment.',
            });
        }
      });
      const responses = await Promise.all(calls);
      const codes = responses.map((r) => r.statusCode);
      // Everything is a clear answer: a win, a replay of the one keyed win, or a 409 naming the state.
      expect(
        codes.every((code) => code === 200 || code === 409),
        codes.join(','),
      ).toBe(true);
      const after = await getContract(app, client, contract.id);
      const status = after.milestones[0]!.status;
      expect(['released', 'refunded', 'disputed']).toContain(status);
      const winners = responses.filter(
        (r) => r.statusCode === 200 && r.headers['idempotent-replayed'] !== 'true',
      );
      expect(winners).toHaveLength(1);
      expect(winners[0]!.json<Contract>().milestones[0]!.status).toBe(status);
      const settlements = (await movementsOf(app.db, milestone.id)).filter((m) => m.kind !== 'fund');
      expect(settlements).toHaveLength(status === 'disputed' ? 0 : 1);
      expect(await ledgerProblems(app.db)).toEqual([]);
    }
  });

  it('50 concurrent fund clicks charge the card once', async () => {
    const { app } = t;
    const { client, contract } = await hiredContract(app);
    const milestone = contract.milestones[0]!;
    const paymentToken = await cardToken(app, client);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        moneyCall(app, `/api/milestones/${milestone.id}/fund`, client, { paymentToken }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(
      codes.every((code) => code === 200 || code === 409),
      codes.join(','),
    ).toBe(true);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    expect(await movementsOf(app.db, milestone.id)).toHaveLength(1);
    const charges = (await app.db.execute(
      sql`select count(*)::int as n from sandbox_charges c join payment_attempts a on a.id::text = c.idempotency_key where a.milestone_id = ${milestone.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(charges.rows[0]!.n)).toBe(1);
    expect(await ledgerProblems(app.db)).toEqual([]);
  });
});
