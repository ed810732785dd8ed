import { expect, test } from '@playwright/test';
import { demoAdmin, newAccount, fillSignUpForm, signInViaApi } from './support/accounts.ts';
import { screenshots } from './support/screenshots.ts';
import { gotoInteractive } from './support/site.ts';

test('"Get matched to an expert" sends the problem to the concierge, who sees it and answers in Messages', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const need = `We need someone to validate a qPCR assay for a new viral target ${Date.now()}.`;
  await gotoInteractive(page, '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .locator('summary', { hasText: 'Find an Expert' })
    .click();
  await page
    .getByRole('link', { name: /Get matched to an expert/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/concierge\/request$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tell us the problem, we shortlist the experts' }),
  ).toBeVisible();

  // Too little to go on is refused on the spot, with the field marked.
  await page.getByRole('button', { name: 'Sign in and send' }).click();
  await expect(page.getByLabel('What do you need?')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('What do you need?').fill(need);
  await page.getByLabel('Deadline (optional)').fill('End of March');
  await screenshots(page, testInfo, 'concierge-request');
  // A visitor signs up over the page; what they typed is still there, and goes out.
  await page.getByRole('button', { name: 'Sign in and send' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Create Account' }).click();
  await fillSignUpForm(page, newAccount());
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('What do you need?')).toHaveValue(need);
  await page.getByRole('button', { name: 'Send to a project manager' }).click();

  await expect(page).toHaveURL(/\/chat\?conversation=/);
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText(need);
  await expect(messages).toContainText('Deadline: End of March');

  // The concierge (an admin) finds the request in their inbox.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInViaApi(adminPage, demoAdmin);
  const list = (await (await adminPage.request.get('/api/conversations')).json()) as {
    conversations: Array<{ lastMessage: { text: string } | null }>;
  };
  expect(list.conversations.some((conversation) => conversation.lastMessage?.text.includes(need))).toBe(true);
  await admin.close();
});
