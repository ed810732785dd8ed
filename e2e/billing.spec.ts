import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { approvedThroughApi, fundedThroughApi, milestoneIds, submittedThroughApi } from './support/money.ts';
import { screenshots } from './support/screenshots.ts';

const MILESTONE = 'Differential expression analysis';

test('a funded milestone shows on the client’s billing page, and in its CSV; the expert sees the release with the balance', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = 'Tumour RNA-seq analysis for the board';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 100_000, criteria: [] },
    { title: 'Board report', amountMinor: 50_000, criteria: [] },
  ]);
  const [first] = await milestoneIds(client.page, contractId);

  // Before any money moves, the page says so plainly.
  await client.page.goto('/profile/billing');
  await expect(client.page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(client.page.getByRole('heading', { name: 'No money has moved yet' })).toBeVisible();

  await fundedThroughApi(client.page, first!);
  await client.page.reload();
  const table = client.page.getByRole('table', { name: 'Your movements, newest first' });
  const row = table.getByRole('row').filter({ hasText: 'Milestone funded' });
  await expect(row).toContainText(`${title} · ${MILESTONE}`);
  await expect(row).toContainText('-$1,050.00');
  await expect(row).toContainText('-$50.00');
  await expect(client.page.getByText('Money out')).toBeVisible();
  await expectNoSeriousViolations(client.page, 'billing page');

  // The filter by contract keeps it; a range before it shows the empty state.
  await client.page.getByLabel('Contract', { exact: true }).selectOption({ label: title });
  await expect(row).toBeVisible();
  await client.page.getByLabel('To', { exact: true }).fill('2020-01-01');
  await expect(client.page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
  await client.page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(row).toBeVisible();

  // The CSV of the same filter.
  const [download] = await Promise.all([
    client.page.waitForEvent('download'),
    client.page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sciwise-billing-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Milestone funded,fund');
  expect(csv).toContain('USD,-1050.00,-50.00');
  await screenshots(client.page, testInfo, 'billing-client');

  // The expert delivers, the client approves: the expert's page shows the release and the balance.
  await submittedThroughApi(expert.page, first!);
  await approvedThroughApi(client.page, first!);
  await expert.page.goto('/profile/billing');
  const released = expert.page
    .getByRole('table', { name: 'Your movements, newest first' })
    .getByRole('row')
    .filter({ hasText: 'Payment released' });
  await expect(released).toContainText('+$900.00', { timeout: 30_000 });
  await expect(released).toContainText('-$100.00');
  await expect(expert.page.getByText('Available balance')).toBeVisible();
  await screenshots(expert.page, testInfo, 'billing-expert');
  // On a phone the movements are a stacked list, not a squeezed table.
  await expert.page.setViewportSize({ width: 390, height: 900 });
  await expect(expert.page.getByRole('table')).toBeHidden();
  await expect(
    expert.page.getByRole('list', { name: 'Your movements, newest first' }).getByText('Payment released'),
  ).toBeVisible();
  await client.close();
  await expert.close();
});
