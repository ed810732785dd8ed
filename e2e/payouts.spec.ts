import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';

const MILESTONE = 'Differential expression analysis';

/** The page at a phone's and a desktop's width, from its top, kept beside the test's results. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** Fund, deliver and approve the milestone through the API: $1,000.00 less the 10% fee is the expert's. */
async function releasedThroughApi(client: Page, expert: Page, milestoneId: string) {
  const card = await client.request.post('/api/payments/sandbox/tokens', {
    data: { number: '4242424242424242', expMonth: 12, expYear: 2039, cvc: '123' },
  });
  expect(card.status(), await card.text()).toBe(201);
  const { token } = (await card.json()) as { token: string };
  const funded = await client.request.post(`/api/milestones/${milestoneId}/fund`, {
    data: { paymentToken: token },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  const submitted = await expert.request.post(`/api/milestones/${milestoneId}/submissions`, {
    multipart: {
      note: 'The analysis with its figures.',
      files: { name: 'results.csv', mimeType: 'text/csv', buffer: Buffer.from('gene,log2fc\nTP53,2.1\n') },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const approved = await client.request.post(`/api/milestones/${milestoneId}/approve`, {
    data: { metCriteria: [] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

test('an expert with a released milestone adds a bank account, requests a payout and sees it in transit', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const { client, expert, contractId } = await hiredThroughApi(browser, 'RNA-seq analysis for a board', [
    { title: MILESTONE, amountMinor: 100_000, criteria: [] },
  ]);
  const contract = await client.page.request.get(`/api/contracts/${contractId}`);
  const { milestones } = (await contract.json()) as { milestones: Array<{ id: string }> };
  await releasedThroughApi(client.page, expert.page, milestones[0]!.id);

  const { page } = expert;
  await page.goto('/profile/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible({
    timeout: 30_000,
  });
  const methodCard = page.getByRole('region', { name: 'Payout method', exact: true });
  const payoutsCard = page.getByRole('region', { name: 'Payouts', exact: true });
  await expect(methodCard).toContainText('You have no bank account yet.');
  await expect(payoutsCard).toContainText('Available$900.00');
  await expect(payoutsCard).toContainText('Add a bank account above to request a payout.');
  await expect(payoutsCard).toContainText('No payouts yet.');
  await screenshots(page, testInfo, 'payouts-empty');

  // The account the processor refuses at entry: its message shows under the field.
  await methodCard.getByLabel('Name on the account').fill('Rosalind Tester');
  await methodCard.getByLabel('Account number or IBAN').fill('000111111113');
  await methodCard.getByRole('button', { name: 'Save bank account' }).click();
  await expect(methodCard).toContainText('The bank reports that this account is closed.');

  await methodCard.getByLabel('Account number or IBAN').fill('0001 2345 6789');
  await methodCard.getByRole('button', { name: 'Save bank account' }).click();
  await expect(methodCard).toContainText('Sandbox Test Bank ending in 6789');
  await expect(methodCard).not.toContainText('000123456789', { useInnerText: true });
  await expect(methodCard.getByRole('button', { name: 'Replace bank account' })).toBeVisible();

  // The minimum comes from the contracts package, shown and enforced before anything is sent.
  await expect(payoutsCard).toContainText('Minimum $20.00; up to $900.00.');
  await payoutsCard.getByLabel('Amount (USD)').fill('5');
  await payoutsCard.getByRole('button', { name: 'Request payout' }).click();
  await expect(payoutsCard).toContainText('The smallest payout is $20.00.');

  await payoutsCard.getByLabel('Amount (USD)').fill('250');
  await payoutsCard.getByRole('button', { name: 'Request payout' }).click();
  await expect(payoutsCard).toContainText('$250.00 is on its way to your bank account ending in 6789.');
  await expect(payoutsCard).toContainText('Available$650.00');
  await expect(payoutsCard).toContainText('In transit$250.00');
  const row = payoutsCard
    .getByRole('listitem')
    .filter({ hasText: '$250.00 to Sandbox Test Bank ending in 6789' });
  await expect(row).toContainText('In transit');
  await expect(row).toContainText('Expected in your account by');
  // The same amount again is a second payout, not a replay of the first.
  await payoutsCard.getByLabel('Amount (USD)').fill('250');
  await payoutsCard.getByRole('button', { name: 'Request payout' }).click();
  await expect(payoutsCard).toContainText('In transit$500.00');
  await expect(row).toHaveCount(2);
  await expect(payoutsCard).toContainText('Available$400.00');
  await expectNoSeriousViolations(page, 'payment details with a payout');
  await screenshots(page, testInfo, 'payouts-in-transit');

  await client.close();
  await expert.close();
});
