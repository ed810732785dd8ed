import { randomUUID } from 'node:crypto';
import type { Contract } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  approvedExpert,
  criteriaQuote,
  openProject,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';
import { call, cardToken, fund, getContract, submission, submitWork, type Who } from '../support/requests.ts';

/**
 * Every contract, milestone and payment call against every kind of person: anonymous, the
 * client, the expert, another client, another expert, an admin. Refusals run on one fixture (a
 * refusal changes nothing: the model test checks that); each success gets a fixture of its own.
 */
type Role = 'anonymous' | 'client' | 'expert' | 'otherClient' | 'otherExpert' | 'admin';
const roles: Role[] = ['anonymous', 'client', 'expert', 'otherClient', 'otherExpert', 'admin'];

let t: TestApp;
let people: Record<Role, Who>;
let clientCard: string;
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
  clientCard = await cardToken(t.app, people.client as SignedInUser);
});
afterAll(() => t.close());

type Stage = 'pending' | 'funded' | 'submitted' | 'disputed' | 'proposed';
interface Fixture {
  contract: Contract;
  milestoneId: string;
  fileUrl: string;
}

async function fixture(stage: Stage): Promise<Fixture> {
  const client = people.client as SignedInUser;
  const expert = people.expert as SignedInUser;
  const project = await openProject(t.app, client);
  const quote = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, criteriaQuote());
  const accepted = await call(
    t.app,
    'POST',
    `/api/quotes/${quote.json<{ id: string }>().id}/accept`,
    client,
    {},
  );
  let contract = await getContract(t.app, client, accepted.json<{ contractId: string }>().contractId);
  let milestoneId = contract.milestones[0]!.id;
  if (stage === 'proposed') {
    const proposed = await call(t.app, 'POST', `/api/contracts/${contract.id}/milestones`, expert, {
      title: 'Extra analysis',
      amountMinor: 10_000,
    });
    contract = proposed.json<Contract>();
    milestoneId = contract.milestones.at(-1)!.id;
  }
  if (stage === 'funded' || stage === 'submitted' || stage === 'disputed')
    expect((await fund(t.app, client, milestoneId)).statusCode).toBe(200);
  if (stage === 'submitted' || stage === 'disputed') {
    const submitted = await submitWork(t.app, expert, milestoneId);
    contract = submitted.json<Contract>();
  }
  if (stage === 'disputed')
    await call(t.app, 'POST', `/api/milestones/${milestoneId}/dispute`, client, {
      reason: 'We disagree about what the plan covers.',
    });
  const fileUrl = contract.milestones[0]!.submissions[0]?.files[0]?.url ?? '/api/submission-files/none';
  return { contract, milestoneId, fileUrl };
}

interface Row {
  name: string;
  stage: Stage;
  request: (f: Fixture) => {
    method: 'GET' | 'POST';
    url: string;
    body?: object;
    multipart?: boolean;
    money?: boolean;
  };
  /** anonymous, client, expert, other client, other expert, admin */
  expected: [number, number, number, number, number, number];
}

const m = (f: Fixture, action: string) => `/api/milestones/${f.milestoneId}/${action}`;
const rows: Row[] = [
  {
    name: 'GET a contract',
    stage: 'pending',
    request: (f) => ({ method: 'GET', url: `/api/contracts/${f.contract.id}` }),
    expected: [401, 200, 200, 404, 404, 200],
  },
  {
    name: 'GET its activity',
    stage: 'pending',
    request: (f) => ({ method: 'GET', url: `/api/contracts/${f.contract.id}/activity` }),
    expected: [401, 200, 200, 404, 404, 200],
  },
  {
    name: 'fund a milestone',
    stage: 'pending',
    request: (f) => ({ method: 'POST', url: m(f, 'fund'), body: { paymentToken: clientCard }, money: true }),
    expected: [401, 200, 403, 404, 404, 403],
  },
  {
    name: 'submit work',
    stage: 'funded',
    request: (f) => ({ method: 'POST', url: m(f, 'submissions'), multipart: true }),
    expected: [401, 403, 200, 404, 404, 403],
  },
  {
    name: 'ask for changes',
    stage: 'submitted',
    request: (f) => ({
      method: 'POST',
      url: m(f, 'request-changes'),
      body: { reason: 'The plan misses endpoints.', unmetCriteria: [0] },
    }),
    expected: [401, 200, 403, 404, 404, 403],
  },
  {
    name: 'approve',
    stage: 'submitted',
    request: (f) => ({ method: 'POST', url: m(f, 'approve'), body: { metCriteria: [0, 1] }, money: true }),
    expected: [401, 200, 403, 404, 404, 403],
  },
  {
    name: 'refund before any submission',
    stage: 'funded',
    request: (f) => ({
      method: 'POST',
      url: m(f, 'refund'),
      body: { reason: 'Stopping here.' },
      money: true,
    }),
    expected: [401, 200, 200, 404, 404, 403],
  },
  {
    name: 'refund after a submission',
    stage: 'submitted',
    request: (f) => ({
      method: 'POST',
      url: m(f, 'refund'),
      body: { reason: 'Stopping here.' },
      money: true,
    }),
    expected: [401, 403, 200, 404, 404, 403],
  },
  {
    name: 'open a dispute',
    stage: 'submitted',
    request: (f) => ({
      method: 'POST',
      url: m(f, 'dispute'),
      body: { reason: 'We disagree about what the plan covers.' },
    }),
    expected: [401, 200, 200, 404, 404, 403],
  },
  {
    name: 'resolve a dispute',
    stage: 'disputed',
    request: (f) => ({
      method: 'POST',
      url: m(f, 'resolve'),
      body: { outcome: 'split', expertShareMinor: 50_000, note: 'Half of the plan was delivered.' },
      money: true,
    }),
    expected: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'propose a milestone',
    stage: 'pending',
    request: (f) => ({
      method: 'POST',
      url: `/api/contracts/${f.contract.id}/milestones`,
      body: { title: 'More work', amountMinor: 5_000 },
    }),
    expected: [401, 200, 200, 404, 404, 403],
  },
  {
    name: 'accept a proposal',
    stage: 'proposed',
    request: (f) => ({ method: 'POST', url: m(f, 'accept-proposal') }),
    expected: [401, 200, 403, 404, 404, 403],
  },
  {
    name: 'decline a proposal',
    stage: 'proposed',
    request: (f) => ({ method: 'POST', url: m(f, 'decline-proposal') }),
    expected: [401, 200, 403, 404, 404, 403],
  },
  {
    name: 'withdraw a proposal',
    stage: 'proposed',
    request: (f) => ({ method: 'POST', url: m(f, 'withdraw-proposal') }),
    expected: [401, 403, 200, 404, 404, 403],
  },
  {
    name: 'cancel a contract',
    stage: 'pending',
    request: (f) => ({
      method: 'POST',
      url: `/api/contracts/${f.contract.id}/cancel`,
      body: { reason: 'The project was called off.' },
    }),
    expected: [401, 200, 200, 404, 404, 403],
  },
  {
    name: 'end a contract (nothing settled yet)',
    stage: 'pending',
    request: (f) => ({ method: 'POST', url: `/api/contracts/${f.contract.id}/end` }),
    expected: [401, 409, 409, 404, 404, 403],
  },
  {
    name: 'download a delivered file',
    stage: 'submitted',
    request: (f) => ({ method: 'GET', url: f.fileUrl }),
    expected: [401, 200, 200, 404, 404, 200],
  },
  {
    name: 'GET the disputes queue',
    stage: 'pending',
    request: () => ({ method: 'GET', url: '/api/admin/disputes' }),
    expected: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'GET the payment terms',
    stage: 'pending',
    request: () => ({ method: 'GET', url: '/api/payments/terms' }),
    expected: [401, 200, 200, 200, 200, 200],
  },
];

function send(who: Who, request: ReturnType<Row['request']>) {
  if (request.multipart) {
    const body = submission('The plan, delivered.', [{ name: 'plan.txt', data: Buffer.from('The plan\n') }]);
    return t.app.inject({
      method: 'POST',
      url: request.url,
      headers: { ...who?.headers, ...body.headers },
      payload: body.payload,
    });
  }
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...who?.headers, ...(request.money ? { 'idempotency-key': randomUUID() } : {}) },
    ...(request.body ? { payload: request.body } : {}),
  });
}

describe('authorization matrix: contracts, milestones, payments', () => {
  for (const row of rows) {
    it(row.name, async () => {
      const shared = await fixture(row.stage);
      const got: number[] = [];
      for (const [index, role] of roles.entries()) {
        const succeeds = row.expected[index]! < 400;
        const f = succeeds && row.request(shared).method === 'POST' ? await fixture(row.stage) : shared;
        got.push((await send(people[role], row.request(f))).statusCode);
      }
      expect(got).toEqual(row.expected);
    });
  }

  it('the sandbox card form takes a card from anyone signed in, never from the anonymous', async () => {
    const card = {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    };
    for (const role of roles) {
      const response = await call(t.app, 'POST', '/api/payments/sandbox/tokens', people[role], card);
      expect(response.statusCode, role).toBe(role === 'anonymous' ? 401 : 201);
    }
  });
});
