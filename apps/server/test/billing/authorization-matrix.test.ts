import type { BillingMovementsResponse, BillingSummary } from '@sciwise/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { outcomes, testMatrix, type Outcome } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, anotherContract, approvedExpert, signedInUser, type SignedInUser } from '../factories.ts';
import { call, fund, moneyCall, submitWork, type Who } from '../support/requests.ts';

/**
 * Billing against every kind of person. Everyone signed in has a billing page, and it shows their
 * own money only: the cells say which movements each person saw ("nothing" for none). A filter
 * naming someone else's contract is the same 404 as one that does not exist.
 */
const roles = ['anonymous', 'client', 'expert', 'otherClient', 'otherExpert', 'admin'] as const;
type Role = (typeof roles)[number];
const row = outcomes(roles);

let t: TestApp;
let people: Record<Role, Who>;
beforeAll(async () => {
  t = await createTestApp();
  people = {
    anonymous: null,
    client: await signedInUser(t.app),
    expert: await approvedExpert(t.app),
    otherClient: await signedInUser(t.app),
    otherExpert: await approvedExpert(t.app),
    admin: await adminUser(t.app),
  };
  // Six accounts, two of them vetted experts: slow on a busy machine.
}, 180_000);
afterAll(() => t.close());

interface Fixture {
  contractId: string;
}

/** A contract between the client and the expert whose first milestone was funded and released. */
async function fixture(): Promise<Fixture> {
  const client = people.client as SignedInUser;
  const expert = people.expert as SignedInUser;
  const contract = await anotherContract(t.app, { client, expert });
  const milestoneId = contract.milestones[0]!.id;
  expect((await fund(t.app, client, milestoneId)).statusCode).toBe(200);
  expect((await submitWork(t.app, expert, milestoneId)).statusCode).toBe(200);
  const approved = await moneyCall(t.app, `/api/milestones/${milestoneId}/approve`, client, {
    metCriteria: [0, 1],
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { contractId: contract.id };
}

/** What a person saw of the fixture's contract: the kinds of its movements on their page, or the refusal. */
async function seen(url: string, role: Role, contractId: string): Promise<Outcome> {
  const response = await call(t.app, 'GET', url, people[role]);
  if (response.statusCode !== 200) return response.statusCode;
  let kinds: string[];
  if (url.startsWith('/api/billing/movements.csv')) {
    const records = parse(response.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
    const onPage = (
      await call(t.app, 'GET', url.replace('movements.csv', 'movements'), people[role])
    ).json<BillingMovementsResponse>();
    const ofContract = new Set(
      onPage.movements.filter((m) => m.contract?.id === contractId).map((m) => m.id),
    );
    kinds = records.filter((r) => ofContract.has(r.transaction_id!)).map((r) => r.kind!);
  } else if (url.startsWith('/api/billing/summary')) {
    const summary = response.json<BillingSummary>();
    return summary.totals.length === 0 ? 'nothing' : 'totals';
  } else {
    kinds = response
      .json<BillingMovementsResponse>()
      .movements.filter((m) => m.contract?.id === contractId)
      .map((m) => m.kind);
  }
  return kinds.length === 0 ? 'nothing' : kinds.sort().join(',');
}

describe('authorization matrix: billing', () => {
  testMatrix<Role, Fixture>({
    roles,
    fixture,
    rows: [
      {
        action: 'GET /api/billing/movements',
        readOnly: true,
        expected: row(401, 'fund', 'release', 'nothing', 'nothing', 'nothing'),
        attempt: (f, role) => seen('/api/billing/movements', role, f.contractId),
      },
      {
        action: 'GET /api/billing/movements?contractId=',
        readOnly: true,
        expected: row(401, 'fund', 'release', 404, 404, 404),
        attempt: (f, role) => seen(`/api/billing/movements?contractId=${f.contractId}`, role, f.contractId),
      },
      {
        action: 'GET /api/billing/summary',
        readOnly: true,
        expected: row(401, 'totals', 'totals', 'nothing', 'nothing', 'nothing'),
        attempt: (f, role) => seen('/api/billing/summary', role, f.contractId),
      },
      {
        action: 'GET /api/billing/summary?contractId=',
        readOnly: true,
        expected: row(401, 'totals', 'totals', 404, 404, 404),
        attempt: (f, role) => seen(`/api/billing/summary?contractId=${f.contractId}`, role, f.contractId),
      },
      {
        action: 'GET /api/billing/movements.csv',
        readOnly: true,
        expected: row(401, 'fund', 'release', 'nothing', 'nothing', 'nothing'),
        attempt: (f, role) => seen('/api/billing/movements.csv', role, f.contractId),
      },
      {
        action: 'GET /api/billing/movements.csv?contractId=',
        readOnly: true,
        expected: row(401, 'fund', 'release', 404, 404, 404),
        attempt: (f, role) =>
          seen(`/api/billing/movements.csv?contractId=${f.contractId}`, role, f.contractId),
      },
    ],
  });
});
