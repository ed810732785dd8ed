import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A fresh person per test, so tests never depend on each other or on running order. */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    email: `e2e-${id}@example.test`,
    password: `pipette-${id}-notebook`,
    firstName: 'Rosalind',
    lastName: `Tester${id.slice(0, 4)}`,
    ...overrides,
  };
}

export async function createAccount(request: APIRequestContext, overrides: Partial<TestAccount> = {}) {
  const account = newAccount(overrides);
  const response = await request.post('/api/User/AddNewUser', {
    data: {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: '+44 7700 900123',
      password: account.password,
      heardFrom: 'conference',
      newsletterOptIn: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in through the API; page.request shares the browser context's cookies. */
export async function signInViaApi(page: Page, account: TestAccount) {
  const response = await page.request.post('/api/Account/Login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status()).toBe(200);
}

export async function signedInAccount(page: Page) {
  const account = await createAccount(page.request);
  await signInViaApi(page, account);
  return account;
}
