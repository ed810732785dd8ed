import type { BillingEntityResponse, ContractBilling } from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { institution } from './helpers.ts';
import { hiredContract } from '../factories.ts';
import { call } from '../support/requests.ts';

/** The billing entity and a contract's purchase order: what is accepted, what is refused and why. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (url: string, who: { headers: object }, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.headers as Record<string, string>, payload });

describe('the billing entity', () => {
  it('is saved, read back and removed; blank optional fields are stored as none', async () => {
    const { client } = await hiredContract(t.app);
    expect((await call(t.app, 'GET', '/api/me/billing-entity', client)).json()).toEqual({
      billingEntity: null,
    });
    const saved = await put('/api/me/billing-entity', client, {
      ...institution,
      address: '  Nobels väg 6\r\n171 77 Solna  ',
      taxId: '',
      defaultCostCentre: '   ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<BillingEntityResponse>().billingEntity).toMatchObject({
      organisationName: 'Karolinska Institutet',
      address: 'Nobels väg 6\n171 77 Solna',
      taxId: null,
      defaultCostCentre: null,
    });
    expect(
      (await call(t.app, 'GET', '/api/me/billing-entity', client)).json<BillingEntityResponse>(),
    ).toEqual(saved.json());
    expect((await call(t.app, 'DELETE', '/api/me/billing-entity', client)).json()).toEqual({
      billingEntity: null,
    });
  });

  it('refuses a malformed entity with a message per field, and keeps what was saved', async () => {
    const { client } = await hiredContract(t.app);
    await put('/api/me/billing-entity', client, institution);
    const refused = await put('/api/me/billing-entity', client, {
      organisationName: 'X',
      address: 'abc',
      taxId: 'GB<script>',
      surprise: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBeTruthy();
    const after = (await call(t.app, 'GET', '/api/me/billing-entity', client)).json<BillingEntityResponse>();
    expect(after.billingEntity?.organisationName).toBe('Karolinska Institutet');
  });
});

describe("a contract's purchase order and cost centre", () => {
  it('shows the entity’s default cost centre until the contract names its own', async () => {
    const { client, contract } = await hiredContract(t.app);
    await put('/api/me/billing-entity', client, institution);
    const read = await call(t.app, 'GET', `/api/contracts/${contract.id}/billing`, client);
    expect(read.json<ContractBilling>()).toEqual({
      purchaseOrderNumber: null,
      costCentre: null,
      defaultCostCentre: 'CC-4410 Epidemiology',
      canEdit: true,
    });
    const set = await put(`/api/contracts/${contract.id}/billing`, client, {
      purchaseOrderNumber: 'PO 88/2026',
      costCentre: 'CC-9',
    });
    expect(set.json<ContractBilling>()).toMatchObject({
      purchaseOrderNumber: 'PO 88/2026',
      costCentre: 'CC-9',
    });
  });

  it('refuses a purchase order longer than the limit', async () => {
    const { client, contract } = await hiredContract(t.app);
    const refused = await put(`/api/contracts/${contract.id}/billing`, client, {
      purchaseOrderNumber: 'P'.repeat(61),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('at most 60 characters');
  });

  it('can no longer change once the contract has ended', async () => {
    const { client, contract } = await hiredContract(t.app);
    const cancelled = await call(t.app, 'POST', `/api/contracts/${contract.id}/cancel`, client, {
      reason: 'The project was stopped.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await put(`/api/contracts/${contract.id}/billing`, client, {
      purchaseOrderNumber: 'PO-1',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('has ended');
    const read = await call(t.app, 'GET', `/api/contracts/${contract.id}/billing`, client);
    expect(read.json<ContractBilling>().canEdit).toBe(false);
  });
});
