import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';

const MILESTONE = 'Differential expression analysis';

/** The page at a phone's and a desktop's width, kept beside the test's results to be looked at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

async function fundThroughApi(page: Page, milestoneId: string) {
  const card = await page.request.post('/api/payments/sandbox/tokens', {
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2039, cvc: '123' },
  });
  expect(card.status(), await card.text()).toBe(201);
  const { token } = (await card.json()) as { token: string };
  const funded = await page.request.post(`/api/milestones/${milestoneId}/fund`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { paymentToken: token },
  });
  expect(funded.status(), await funded.text()).toBe(200);
}

test('a funded milestone shows on the client’s billing page, and in its CSV; the expert sees the release with the balance', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = 'Tumour RNA-seq analysis for the board';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 100_000, criteria: [] },
    { title: 'Board report', amountMinor: 50_000, criteria: [] },
  ]);
  const contract = await (await client.page.request.get(`/api/contracts/${contractId}`)).json();
  const [first] = (contract as { milestones: { id: string }[] }).milestones;

  // Before any money moves, the page says so plainly.
  await client.page.goto('/profile/billing');
  await expect(client.page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(client.page.getByRole('heading', { name: 'No money has moved yet' })).toBeVisible();

  await fundThroughApi(client.page, first!.id);
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
  const delivered = await expert.page.request.post(`/api/milestones/${first!.id}/submissions`, {
    multipart: {
      note: 'The analysis, with figures.',
      files: { name: 'analysis.txt', mimeType: 'text/plain', buffer: Buffer.from('Results\n') },
    },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  const approved = await client.page.request.post(`/api/milestones/${first!.id}/approve`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { metCriteria: [] },
  });
  expect(approved.status(), await approved.text()).toBe(200);
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
