import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a workspace; its first load fetches the page's code, the contract and the conversation. */
export async function openWorkspace(page: Page, contractId: string, title: string) {
  await page.goto(`/profile/workspace/${contractId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
}

/** A sandbox test card typed into a form: the fund dialog's or Payment Details'. */
export async function fillCard(form: Locator, number: string) {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/39');
  await form.getByLabel('Security code').fill('123');
}
