import type { AcceptQuoteResponse, Contract, MatchesResponse, Quote } from '@sciwise/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { approvedExpert, openProject, quoteInput, signedInUser } from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('post, match, invite, quote, accept', async () => {
  const owner = await signedInUser(t.app);
  const expert = await approvedExpert(t.app);
  const project = await openProject(t.app, owner);
  const matches = await call(t.app, 'GET', `/api/projects/${project.id}/matches`, owner);
  expect(matches.statusCode, matches.body).toBe(200);
  const found = matches.json<MatchesResponse>().matches.find((m) => m.userId === expert.id);
  expect(found?.reason).toContain('Biostatistics');
  const invite = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
    expertId: expert.id,
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const quote = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput());
  expect(quote.statusCode, quote.body).toBe(201);
  const accept = await call(t.app, 'POST', `/api/quotes/${quote.json<Quote>().id}/accept`, owner);
  expect(accept.statusCode, accept.body).toBe(200);
  const contract = await call(
    t.app,
    'GET',
    `/api/contracts/${accept.json<AcceptQuoteResponse>().contractId}`,
    expert,
  );
  expect(contract.statusCode, contract.body).toBe(200);
  expect(contract.json<Contract>().milestones.map((m) => m.status)).toEqual(['pending', 'pending']);
});

it('every project, invitation, quote and contract call is in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, object>;
  }>();
  for (const path of [
    '/api/projects',
    '/api/projects/mine',
    '/api/projects/browse',
    '/api/projects/{id}',
    '/api/projects/{id}/publish',
    '/api/projects/{id}/cancel',
    '/api/projects/{id}/attachments',
    '/api/projects/{id}/attachments/{attachmentId}',
    '/api/projects/{id}/matches',
    '/api/projects/{id}/invitations',
    '/api/projects/{id}/quotes',
    '/api/invitations',
    '/api/invitations/{id}/accept',
    '/api/invitations/{id}/decline',
    '/api/quotes/mine',
    '/api/quotes/received',
    '/api/quotes/{id}',
    '/api/quotes/{id}/withdraw',
    '/api/quotes/{id}/decline',
    '/api/quotes/{id}/accept',
    '/api/contracts',
    '/api/contracts/{id}',
  ])
    expect(doc.paths, path).toHaveProperty([path]);
});
