import type { ContractReviewState, WriteReviewRequest } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { fund, hiredContract, moneyCall, submitWork, type Hired } from '../contracts/helpers.ts';
import { call, quoteInput, type Who } from '../projects/helpers.ts';

/** One milestone of $500.00, so a contract can be driven to its end in a few calls. */
export const oneMilestoneQuote = () =>
  quoteInput({
    priceMinor: 50_000,
    milestones: [{ title: 'Statistical report', amountMinor: 50_000, criteria: [] }],
  });

/** Hired, funded, delivered and released: a contract with every milestone settled, not yet ended. */
export async function releasedContract(app: FastifyInstance): Promise<Hired> {
  const hired = await hiredContract(app, oneMilestoneQuote());
  const milestoneId = hired.contract.milestones[0]!.id;
  expect((await fund(app, hired.client, milestoneId)).statusCode).toBe(200);
  expect((await submitWork(app, hired.expert, milestoneId)).statusCode).toBe(200);
  const approved = await moneyCall(app, `/api/milestones/${milestoneId}/approve`, hired.client, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return hired;
}

/** A released contract that one side ended through its route. */
export async function endedContract(app: FastifyInstance): Promise<Hired> {
  const hired = await releasedContract(app);
  const ended = await call(app, 'POST', `/api/contracts/${hired.contract.id}/end`, hired.client);
  expect(ended.statusCode, ended.body).toBe(200);
  return hired;
}

export const clientReview = (overrides: Partial<WriteReviewRequest> = {}): WriteReviewRequest => ({
  rating: 5,
  categories: { quality: 5, communication: 4, timeliness: 5 },
  text: 'A careful analysis, clearly written up and delivered when promised.',
  ...overrides,
});

export const expertReview = (overrides: Partial<WriteReviewRequest> = {}): WriteReviewRequest => ({
  rating: 4,
  text: 'Clear brief, quick answers to questions and prompt payment.',
  ...overrides,
});

export const writeReview = (app: FastifyInstance, who: Who, contractId: string, body: object) =>
  call(app, 'POST', `/api/contracts/${contractId}/reviews`, who, body);

export async function reviewState(app: FastifyInstance, who: Who, contractId: string) {
  const response = await call(app, 'GET', `/api/contracts/${contractId}/reviews`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContractReviewState>();
}
