import type { ContractReviewState, WriteReviewRequest } from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type Who } from '../support/requests.ts';

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
