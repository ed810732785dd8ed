import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** The ids of a contract's milestones, in their order, as one of its people reads them. */
export async function milestoneIds(page: Page, contractId: string) {
  const contract = await page.request.get(`/api/contracts/${contractId}`);
  expect(contract.status(), await contract.text()).toBe(200);
  return ((await contract.json()) as { milestones: Array<{ id: string }> }).milestones.map((m) => m.id);
}

/** The client funds a milestone with a fresh sandbox Visa, through the API. */
export async function fundedThroughApi(client: Page, milestoneId: string) {
  const card = await client.request.post('/api/payments/sandbox/tokens', {
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2039, cvc: '123' },
  });
  expect(card.status(), await card.text()).toBe(201);
  const { token } = (await card.json()) as { token: string };
  const funded = await client.request.post(`/api/milestones/${milestoneId}/fund`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentToken: token },
  });
  expect(funded.status(), await funded.text()).toBe(200);
}

/** The expert delivers a milestone with one small file, through the API. */
export async function submittedThroughApi(expert: Page, milestoneId: string) {
  const submitted = await expert.request.post(`/api/milestones/${milestoneId}/submissions`, {
    multipart: {
      note: 'The analysis with its figures.',
      files: { name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from('gene,log2fc\nTP53,2.1\n') },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
}

/** The client approves a delivered milestone (one without criteria), releasing it, through the API. */
export async function approvedThroughApi(client: Page, milestoneId: string) {
  const approved = await client.request.post(`/api/milestones/${milestoneId}/approve`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { metCriteria: [] },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}
