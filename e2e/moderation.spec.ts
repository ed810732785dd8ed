import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { demoAdmin, signedInAccount, signInViaApi } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { approvedExpert } from './support/experts.ts';
import { screenshots } from './support/screenshots.ts';

// What the member and the chat read (packages/contracts/src/moderation.ts), as a person sees them.
const REPORT_RECEIVED = 'Thank you. Our moderators will review it; the author is not told who reported it.';
const REMOVED_MESSAGE_TEXT = 'This message was removed by Sciwise moderation.';

/** The open conversation's messages (the conversation list shows a preview of the last one too). */
const thread = (page: Page) => page.getByTestId('message-scroller');

/** Chooses a reason in the open report dialog, adds details and sends it. */
async function sendReport(page: Page, reason: string, details: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: reason }).check();
  await dialog.getByRole('textbox').fill(details);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toContainText(REPORT_RECEIVED);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test('members report a project and a message; an admin removes the message and dismisses the project report', async ({
  page,
  browser,
}, testInfo) => {
  // Three people in three browsers, two reports and two decisions: a long journey.
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const title = `Field survey weighting ${tag}`;
  const offending = `Pay me by bank transfer outside Sciwise and skip the fees (${tag}).`;

  // The client posts a project and writes to an approved expert, through the API.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await signedInAccount(client);
  const subject = `Survey statistics ${tag}`;
  const expert = await approvedExpert(browser, subject);
  const created = await client.request.post('/api/projects', {
    data: {
      title,
      description:
        'We ran a household survey in three districts and need post-stratification weights, variance estimates and a methods note.',
      category: 'data_analysts',
      subjects: [subject],
      budgetType: 'fixed',
      budgetMinMinor: 100_000,
      budgetMaxMinor: 300_000,
      currency: 'USD',
      visibility: 'public',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  expect((await client.request.post(`/api/projects/${projectId}/publish`)).status()).toBe(200);
  const me = (await (await expert.page.request.get('/api/me')).json()) as { id: string };
  const opened = await client.request.post('/api/conversations', { data: { userId: me.id } });
  const { id: conversationId } = (await opened.json()) as { id: string };
  const sent = await client.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { text: offending },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  // The expert reports the project from its page…
  await expert.page.goto(`/projects/${projectId}`);
  await expect(expert.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expert.page.getByRole('button', { name: 'Report this project' }).click();
  await expectNoSeriousViolations(expert.page, 'report dialog');
  await sendReport(expert.page, 'Misleading, fraudulent or unethical research', 'The budget looks too low.');

  // …and the client's message from its options menu in the chat.
  await expert.page.goto(`/chat?conversation=${conversationId}`);
  await expect(thread(expert.page).getByText(offending)).toBeVisible();
  await expert.page.getByRole('button', { name: 'Message options' }).last().click();
  await expert.page.getByRole('menuitem', { name: 'Report message' }).click();
  await sendReport(expert.page, 'Asks to pay or work outside Sciwise', 'Asks to pay outside the platform.');

  // The admin finds both in the moderation queue, counted on the admin home.
  await signInViaApi(page, demoAdmin);
  await page.goto('/profile/admin');
  const queues = page.getByRole('list', { name: 'What waits for the team' });
  await expect(queues.getByRole('listitem').filter({ hasText: 'Reported content' })).toContainText(
    /[1-9]\d* (project or message|projects or messages) reported, awaiting a decision\./,
  );
  await queues.getByRole('link', { name: 'Open the moderation queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reported content' })).toBeVisible();
  const open = page.getByRole('list', { name: 'Open reports' });
  const messageReport = open.getByRole('listitem').filter({ hasText: offending });
  const projectReport = open.getByRole('listitem').filter({ hasText: title });
  await expect(messageReport).toContainText('Asks to pay or work outside Sciwise');
  await expect(projectReport).toContainText('Misleading, fraudulent or unethical research');
  await expectNoSeriousViolations(page, 'moderation queue');
  await screenshots(page, testInfo, 'moderation-queue');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The expert keeps the chat open: the removal replaces the message there without a reload.
  await expect(thread(expert.page).getByText(offending)).toBeVisible();
  await messageReport.getByRole('button', { name: 'Remove…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('textbox', { name: 'Reason for the author' })
    .fill('Asking to be paid outside Sciwise removes the protection of escrow for both sides.');
  await dialog.getByRole('button', { name: 'Remove message' }).click();
  await expect(dialog).toBeHidden();
  await expect(open.getByRole('listitem').filter({ hasText: offending })).toHaveCount(0);
  await expect(thread(expert.page).getByText(REMOVED_MESSAGE_TEXT)).toBeVisible();
  await expect(thread(expert.page).getByText(offending)).toHaveCount(0);

  await projectReport.getByRole('button', { name: 'Dismiss…' }).click();
  await dialog.getByRole('button', { name: /^Dismiss reports?$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(open.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // The project stays; the client's own chat shows the removal too; the audit log has both.
  await client.goto(`/chat?conversation=${conversationId}`);
  await expect(thread(client).getByText(REMOVED_MESSAGE_TEXT)).toBeVisible();
  await expert.page.goto(`/projects/${projectId}`);
  await expect(expert.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.goto('/profile/admin/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByText(/removed reported content by/).first()).toBeVisible();
  await expect(page.getByText(/dismissed a report about content by/).first()).toBeVisible();

  await expert.context.close();
  await clientContext.close();
});
