import type { EscrowSummary } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { call, fund, getContract, moneyCall, submitWork } from '../support/requests.ts';
import { hiredContract, signedInUser } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function summary(who: Parameters<typeof call>[3]): Promise<EscrowSummary> {
  const response = await call(t.app, 'GET', '/api/me/escrow-summary', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EscrowSummary>();
}

describe('GET /api/me/escrow-summary', () => {
  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/me/escrow-summary', null)).statusCode).toBe(401);
  });

  it('is empty for someone without contracts, and for a contract nobody funded yet', async () => {
    const stranger = await signedInUser(t.app);
    expect(await summary(stranger)).toEqual({ asClient: [], asExpert: [] });
    const { client, expert } = await hiredContract(t.app);
    expect(await summary(client)).toEqual({ asClient: [], asExpert: [] });
    expect(await summary(expert)).toEqual({ asClient: [], asExpert: [] });
  });

  it('follows the money: funded is held on both sides, released is held no more', async () => {
    const { client, expert, contract } = await hiredContract(t.app);
    const [first, second] = contract.milestones;
    expect((await fund(t.app, client, first!.id)).statusCode).toBe(200);
    expect((await fund(t.app, client, second!.id)).statusCode).toBe(200);
    const held = (await getContract(t.app, client, contract.id)).escrow.held;
    expect(held.amountMinor).toBeGreaterThan(0);
    expect(await summary(client)).toEqual({ asClient: [held], asExpert: [] });
    expect(await summary(expert)).toEqual({ asClient: [], asExpert: [held] });
    // A third person sees none of it.
    expect(await summary(await signedInUser(t.app))).toEqual({ asClient: [], asExpert: [] });

    expect((await submitWork(t.app, expert, first!.id)).statusCode).toBe(200);
    const approved = await moneyCall(t.app, `/api/milestones/${first!.id}/approve`, client, {
      metCriteria: [0, 1],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const left = (await getContract(t.app, client, contract.id)).escrow.held;
    expect(left.amountMinor).toBeLessThan(held.amountMinor);
    expect(await summary(client)).toEqual({ asClient: [left], asExpert: [] });
    expect(await summary(expert)).toEqual({ asClient: [], asExpert: [left] });
  });
});
