import { randomUUID } from 'node:crypto';
import type { PayoutListResponse, PayoutMethodRequest } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { moneyCall, type Who } from '../support/requests.ts';
import { type SignedInUser } from '../factories.ts';

export const BANK_ACCOUNTS = {
  succeeds: '000123456789',
  iban: 'GB33 BUKB 2020 1555 5555 55',
  payoutFails: '000111111116',
  rejected: '000111111113',
};

export function putPayoutMethod(
  app: FastifyInstance,
  who: Who,
  overrides: Partial<PayoutMethodRequest> = {},
) {
  return app.inject({
    method: 'PUT',
    url: '/api/me/payout-method',
    headers: who?.headers,
    payload: {
      accountHolderName: 'Ada Lovelace',
      accountNumber: BANK_ACCOUNTS.succeeds,
      currency: 'USD',
      ...overrides,
    },
  });
}

export async function addBankAccount(
  app: FastifyInstance,
  who: SignedInUser,
  accountNumber = BANK_ACCOUNTS.succeeds,
) {
  const response = await putPayoutMethod(app, who, { accountNumber });
  expect(response.statusCode, response.body).toBe(200);
}

export function requestPayout(
  app: FastifyInstance,
  who: Who,
  amountMinor: number,
  key: string | null = randomUUID(),
  currency = 'USD',
) {
  return moneyCall(app, '/api/me/payouts', who, { amountMinor, currency }, key);
}

export async function payoutsOf(app: FastifyInstance, who: SignedInUser): Promise<PayoutListResponse> {
  const response = await app.inject({ method: 'GET', url: '/api/me/payouts', headers: who.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutListResponse>();
}
