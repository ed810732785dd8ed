import type { BillingMovement, BillingMovementsResponse } from '@sciwise/contracts';
import { billingQueryString, type BillingFilter } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../src/db/client.ts';
import { record } from '../../src/modules/payments/ledger.ts';
import { call, type Who } from '../support/requests.ts';

/** Every page of a person's movements for a filter, following nextCursor to the end. */
export async function allPages(
  app: FastifyInstance,
  who: Who,
  filter: BillingFilter = {},
): Promise<{ pages: BillingMovement[][]; movements: BillingMovement[] }> {
  const pages: BillingMovement[][] = [];
  let cursor: string | null = null;
  do {
    const response = await call(
      app,
      'GET',
      `/api/billing/movements${billingQueryString({ ...filter, cursor })}`,
      who,
    );
    if (response.statusCode !== 200) throw new Error(`billing: ${response.statusCode} ${response.body}`);
    const page: BillingMovementsResponse = response.json<BillingMovementsResponse>();
    pages.push(page.movements);
    cursor = page.nextCursor;
  } while (cursor);
  return { pages, movements: pages.flat() };
}

/**
 * A release-shaped movement written straight to the ledger, as the escrow would (escrow in,
 * expert and platform out), for tests that need many movements quickly. Each call is its own
 * statement, so each has its own time.
 */
export async function recordEarning(
  db: Executor,
  input: { contractId: string; milestoneId: string; expertId: string; netMinor: number; feeMinor: number },
): Promise<string> {
  return record(db, {
    kind: 'release',
    currency: 'USD',
    contractId: input.contractId,
    milestoneId: input.milestoneId,
    createdBy: null,
    memo: 'test earning',
    legs: [
      {
        account: { kind: 'escrow', milestoneId: input.milestoneId },
        amountMinor: -(input.netMinor + input.feeMinor),
      },
      { account: { kind: 'expert_available', userId: input.expertId }, amountMinor: input.netMinor },
      { account: { kind: 'platform_fees' }, amountMinor: input.feeMinor },
    ],
  });
}
