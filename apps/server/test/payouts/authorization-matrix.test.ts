import type { Payout, PayoutListResponse, PayoutMethodResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe } from 'vitest';
import { outcomes, testMatrix, type Matrix } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addBankAccount, BANK_ACCOUNTS, payoutsOf, putPayoutMethod, requestPayout } from './helpers.ts';
import {
  adminUser,
  approvedExpert,
  expertWithReleasedMilestone,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';
import { call, type Who } from '../support/requests.ts';

/**
 * Every payout route against every kind of person: anonymous, the client who paid the expert,
 * the expert, another client, another expert, an admin. The routes act on the caller's own
 * money, so what matters is that nobody sees or moves the expert's: another expert gets their
 * own (empty) answers, everyone without an expert profile a 403, someone else's payout a 404.
 */
type Role = 'anonymous' | 'client' | 'expert' | 'otherClient' | 'otherExpert' | 'admin';
const roles: Role[] = ['anonymous', 'client', 'expert', 'otherClient', 'otherExpert', 'admin'];
const expect6 = outcomes(roles);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Fixture {
  people: Record<Role, Who>;
  expert: SignedInUser;
  payout: Payout;
}

/**
 * An expert paid $900.00 by a client, with an IBAN on file (last four 5555) and a $200.00 payout
 * on its way; everyone else is new too, so no row depends on what an earlier one did.
 */
async function fixture(): Promise<Fixture> {
  const { client, expert } = await expertWithReleasedMilestone(t.app);
  const [otherClient, otherExpert, admin] = await Promise.all([
    signedInUser(t.app),
    approvedExpert(t.app),
    adminUser(t.app),
  ]);
  await addBankAccount(t.app, expert, BANK_ACCOUNTS.iban);
  const payout = (await requestPayout(t.app, expert, 20_000)).json<Payout>();
  return {
    people: { anonymous: null, client, expert, otherClient, otherExpert, admin },
    expert,
    payout,
  };
}

/** The expert's own figures, read after the attempt: what someone else must never change. */
async function expertUntouched(f: Fixture): Promise<boolean> {
  const list = await payoutsOf(t.app, f.expert);
  const method = (await call(t.app, 'GET', '/api/me/payout-method', f.expert)).json<PayoutMethodResponse>();
  return (
    list.payouts.length === 1 &&
    list.balances[0]?.available === 70_000 &&
    method.method?.last4 === '5555' &&
    method.method.accountHolderName === 'Ada Lovelace'
  );
}

const matrix: Matrix<Role, Fixture> = {
  roles,
  fixture,
  rows: [
    {
      action: 'GET /api/me/payout-method shows only the caller’s own bank account',
      readOnly: true,
      expected: expect6(401, 403, 'the expert’s', 403, 'own (none)', 403),
      async attempt(f, role) {
        const response = await call(t.app, 'GET', '/api/me/payout-method', f.people[role]);
        if (response.statusCode !== 200) return response.statusCode;
        const { method } = response.json<PayoutMethodResponse>();
        return method === null ? 'own (none)' : method.last4 === '5555' ? 'the expert’s' : 'another';
      },
    },
    {
      action: 'PUT /api/me/payout-method changes only the caller’s own bank account',
      expected: expect6(401, 403, 200, 403, 'own changed', 403),
      async attempt(f, role) {
        const response = await putPayoutMethod(t.app, f.people[role], {
          accountHolderName: 'Mallory',
          accountNumber: BANK_ACCOUNTS.succeeds,
        });
        if (role === 'expert' || response.statusCode !== 200) return response.statusCode;
        return (await expertUntouched(f)) ? 'own changed' : 'changed the expert’s';
      },
    },
    {
      action: 'GET /api/me/payouts lists only the caller’s own balances and payouts',
      readOnly: true,
      expected: expect6(401, 403, 'the expert’s', 403, 'own (none)', 403),
      async attempt(f, role) {
        const response = await call(t.app, 'GET', '/api/me/payouts', f.people[role]);
        if (response.statusCode !== 200) return response.statusCode;
        const list = response.json<PayoutListResponse>();
        if (list.payouts.length === 0 && list.balances.length === 0) return 'own (none)';
        return list.payouts[0]?.id === f.payout.id ? 'the expert’s' : 'another';
      },
    },
    {
      action: 'POST /api/me/payouts takes only from the caller’s own balance',
      expected: expect6(401, 403, 201, 403, 409, 403),
      async attempt(f, role) {
        const response = await requestPayout(t.app, f.people[role], 5_000);
        if (role !== 'expert' && !(await expertUntouched(f))) return 'moved the expert’s money';
        return response.statusCode;
      },
    },
    {
      action: 'GET /api/me/payouts/:id is the expert’s alone',
      readOnly: true,
      expected: expect6(401, 404, 200, 404, 404, 404),
      attempt: async (f, role) =>
        (await call(t.app, 'GET', `/api/me/payouts/${f.payout.id}`, f.people[role])).statusCode,
    },
  ],
};

describe('payouts: route × person', () => {
  testMatrix(matrix);
});
