import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, request as playwrightRequest } from '@playwright/test';

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

/** A new account through the sign-up API, its e-mail address confirmed unless `verified` is false. */
export async function createAccount(
  request: APIRequestContext,
  overrides: Partial<TestAccount> = {},
  { verified = true }: { verified?: boolean } = {},
) {
  const account = newAccount(overrides);
  const response = await request.post('/api/User/AddNewUser', {
    data: {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      phoneNumber: '+44 7400 123456',
      password: account.password,
      heardFrom: 'conference',
      newsletterOptIn: false,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (verified) await confirmEmail(request, account.email);
  return account;
}

/** Opens the confirmation link e-mailed to a new account, as its owner would (through the API). */
export async function confirmEmail(request: APIRequestContext, email: string) {
  const response = await request.post('/api/Account/VerifyEmail', {
    data: { token: (await verificationLinkFor(email)).searchParams.get('token') },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The address the tests' server answers on (as playwright.config.ts sets it), for contexts made here. */
const baseURL = `http://localhost:${process.env.E2E_PORT ?? 4310}`;

/** The confirmation link e-mailed to a new account (it goes out just after the sign-up answer). */
export async function verificationLinkFor(email: string): Promise<URL> {
  // The admin reads the outbox from a context of its own, so the page's session stays as it was.
  const reader = await playwrightRequest.newContext({ baseURL });
  let link: string | undefined;
  try {
    await expect
      .poll(async () => {
        link = (await newestMailTo(reader, email)).match(/https?:\/\/\S+\/verify-email\?token=[\w-]+/)?.[0];
        return link;
      })
      .toBeTruthy();
  } finally {
    await reader.dispose();
  }
  return new URL(link!);
}

/** The admin the test server seeds, as the README's quick start lists it. */
export const demoAdmin: TestAccount = {
  email: 'admin@demo.sciwise.local',
  password: 'demo-admin-lab-2026',
  firstName: 'Ada',
  lastName: 'Fischer',
};

/**
 * The newest e-mail to `email` in the development outbox, read as the demo admin (only admins
 * may read it). A bearer token keeps the admin's session apart from the page's.
 */
export async function newestMailTo(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/Account/Login', {
    data: { email: demoAdmin.email, password: demoAdmin.password },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(outbox.status()).toBe(200);
  const { messages } = (await outbox.json()) as { messages: Array<{ text: string }> };
  return messages[0]?.text ?? '';
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

/**
 * Fills the open sign-up form, leaving submit and the newsletter box to the test. auth.spec.ts
 * checks the stored phone number and heardFrom against the values chosen here.
 */
export async function fillSignUpForm(page: Page, account: TestAccount) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(account.firstName);
  await dialog.getByLabel('Last name').fill(account.lastName);
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog
    .getByRole('combobox', { name: 'Country', exact: true })
    .selectOption({ label: 'Germany (+49)' });
  // As dialled in Germany, with the trunk 0: stored as +49 30 1234567.
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill('030 1234567');
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('How did you hear about us?').selectOption('linkedin');
  await dialog.getByLabel('Yes, I understand and agree to the Privacy Policy').check();
}
