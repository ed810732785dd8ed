import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { approvedThroughApi, fundedThroughApi, milestoneIds, submittedThroughApi } from './support/money.ts';
import { screenshots } from './support/screenshots.ts';

const MILESTONE = 'Differential expression analysis';

test('an expert with a released milestone adds a bank account, requests a payout and sees it in transit', async ({
  browser,
}, testInfo) => {
  const { client, expert, contractId } = await hiredThroughApi(browser, 'RNA-seq analysis for a board', [
    { title: MILESTONE, amountMinor: 100_000, criteria: [] },
  ]);
  // Funded, delivered and approved: $1,000.00 less the 10% fee is the expert's.
  const [milestoneId] = await milestoneIds(client.page, contractId);
  await fundedThroughApi(client.page, milestoneId!);
  await submittedThroughApi(expert.page, milestoneId!);
  await approvedThroughApi(client.page, milestoneId!);

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
