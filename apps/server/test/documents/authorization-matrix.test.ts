import type { DocumentListResponse } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { issuePayoutStatement } from '../../src/modules/documents/payout-statement.ts';
import { outcomes, testMatrix, type Outcome } from '../support/authorization-table.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { institution } from './helpers.ts';
import { call, fund, getContract, moneyCall, submitWork, type Who } from '../support/requests.ts';
import {
  adminUser,
  approvedExpert,
  criteriaQuote,
  openProject,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';

/**
 * Every documents and billing route against every kind of person. A read counts as seen when it
 * answers 200 with the document in it; a document not addressed to the reader is a 404, the same
 * as one that does not exist.
 */
const roles = ['anonymous', 'client', 'expert', 'otherClient', 'otherExpert', 'admin'] as const;
type Role = (typeof roles)[number];
const expect6 = outcomes(roles);

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
});
afterAll(() => t.close());

interface Fixture {
  contractId: string;
  receiptUrl: string;
  clientInvoiceUrl: string;
  expertInvoiceUrl: string;
  statementUrl: string;
}

/** A contract whose first milestone was funded and released, and a payout statement for its expert. */
async function fixture(): Promise<Fixture> {
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
  const contract = await getContract(t.app, client, accepted.json<{ contractId: string }>().contractId);
  const milestoneId = contract.milestones[0]!.id;
  expect((await fund(t.app, client, milestoneId)).statusCode).toBe(200);
  expect((await submitWork(t.app, expert, milestoneId)).statusCode).toBe(200);
  expect(
    (await moneyCall(t.app, `/api/milestones/${milestoneId}/approve`, client, { metCriteria: [0, 1] }))
      .statusCode,
  ).toBe(200);
  const statement = await t.app.db.transaction((tx) =>
    issuePayoutStatement(tx, {
      expertId: expert.id,
      expertName: 'The expert',
      amountMinor: 90_000,
      currency: 'USD',
      requestedAt: new Date(),
      paidAt: new Date(),
      methodLast4: '0001',
      reference: `payout-${milestoneId}`,
    }),
  );
  const list = (who: Who) =>
    call(t.app, 'GET', `/api/documents?contractId=${contract.id}`, who).then(
      (r) => r.json<DocumentListResponse>().documents,
    );
  const clientDocuments = await list(client);
  const expertDocuments = await list(expert);
  return {
    contractId: contract.id,
    receiptUrl: clientDocuments.find((d) => d.kind === 'funding_receipt')!.downloadUrl,
    clientInvoiceUrl: clientDocuments.find((d) => d.kind === 'fee_invoice')!.downloadUrl,
    expertInvoiceUrl: expertDocuments.find((d) => d.kind === 'fee_invoice')!.downloadUrl,
    statementUrl: `/api/documents/${statement.id}/pdf`,
  };
}

const status = (response: { statusCode: number }): Outcome => response.statusCode;

/** The list a person gets, as the number of this fixture's documents it shows them. */
async function listed(f: Fixture, who: Who, url: string): Promise<Outcome> {
  const response = await call(t.app, 'GET', url, who);
  if (response.statusCode !== 200) return response.statusCode;
  const urls = new Set([f.receiptUrl, f.clientInvoiceUrl, f.expertInvoiceUrl, f.statementUrl]);
  return `sees ${response.json<DocumentListResponse>().documents.filter((d) => urls.has(d.downloadUrl)).length}`;
}

describe('documents and billing: authorisation matrix', () => {
  testMatrix<Role, Fixture>({
    roles,
    fixture,
    rows: [
      {
        action: 'GET /api/documents (mine)',
        readOnly: true,
        // The client: receipt + fee invoice; the expert: their fee invoice + the statement; admin: their own (none).
        expected: expect6(401, 'sees 2', 'sees 2', 'sees 0', 'sees 0', 'sees 0'),
        attempt: (f, role) => listed(f, people[role], '/api/documents'),
      },
      {
        action: 'GET /api/documents?contractId= (a contract’s)',
        readOnly: true,
        expected: expect6(401, 'sees 2', 'sees 1', 'sees 0', 'sees 0', 'sees 3'),
        attempt: (f, role) => listed(f, people[role], `/api/documents?contractId=${f.contractId}`),
      },
      {
        action: 'GET a funding receipt PDF',
        readOnly: true,
        expected: expect6(401, 200, 404, 404, 404, 200),
        attempt: async (f, role) => status(await call(t.app, 'GET', f.receiptUrl, people[role])),
      },
      {
        action: 'GET the client’s fee invoice PDF',
        readOnly: true,
        expected: expect6(401, 200, 404, 404, 404, 200),
        attempt: async (f, role) => status(await call(t.app, 'GET', f.clientInvoiceUrl, people[role])),
      },
      {
        action: 'GET the expert’s fee invoice PDF',
        readOnly: true,
        expected: expect6(401, 404, 200, 404, 404, 200),
        attempt: async (f, role) => status(await call(t.app, 'GET', f.expertInvoiceUrl, people[role])),
      },
      {
        action: 'GET a payout statement PDF',
        readOnly: true,
        expected: expect6(401, 404, 200, 404, 404, 200),
        attempt: async (f, role) => status(await call(t.app, 'GET', f.statementUrl, people[role])),
      },
      {
        action: 'GET /api/contracts/:id/billing',
        readOnly: true,
        expected: expect6(401, 200, 200, 404, 404, 200),
        attempt: async (f, role) =>
          status(await call(t.app, 'GET', `/api/contracts/${f.contractId}/billing`, people[role])),
      },
      {
        action: 'PUT /api/contracts/:id/billing',
        expected: expect6(401, 200, 403, 404, 404, 403),
        attempt: async (f, role) =>
          status(
            await t.app.inject({
              method: 'PUT',
              url: `/api/contracts/${f.contractId}/billing`,
              headers: people[role]?.headers,
              payload: { purchaseOrderNumber: `PO-${role}` },
            }),
          ),
      },
      {
        action: 'GET /api/me/billing-entity',
        readOnly: true,
        expected: expect6(401, 200, 200, 200, 200, 200),
        attempt: async (_f, role) => status(await call(t.app, 'GET', '/api/me/billing-entity', people[role])),
      },
      {
        action: 'PUT /api/me/billing-entity (one’s own only: there is no id to send)',
        readOnly: true,
        expected: expect6(401, 200, 200, 200, 200, 200),
        attempt: async (_f, role) =>
          status(
            await t.app.inject({
              method: 'PUT',
              url: '/api/me/billing-entity',
              headers: people[role]?.headers,
              payload: institution,
            }),
          ),
      },
      {
        action: 'DELETE /api/me/billing-entity',
        readOnly: true,
        expected: expect6(401, 200, 200, 200, 200, 200),
        attempt: async (_f, role) =>
          status(await call(t.app, 'DELETE', '/api/me/billing-entity', people[role])),
      },
    ],
  });
});
