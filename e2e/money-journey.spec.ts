import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { pdfText } from '../apps/server/test/support/pdf-text.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { milestoneIds, submittedThroughApi } from './support/money.ts';
import { screenshots } from './support/screenshots.ts';
import { fillCard, openWorkspace } from './support/workspace.ts';

const MILESTONE = 'Differential expression analysis';

/**
 * Issue 14's journey, the money end to end, a client and an expert each in their own browser.
 * Only the hiring and the expert's delivery go through the API: every money step is the UI's.
 */
test('a saved card funds a milestone with a receipt, the release pays out to a bank, and the ended contract is reviewed in public', async ({
  browser,
}, testInfo) => {
  // Two browsers and some twenty steps, on a machine other runs share.
  test.setTimeout(300_000);
  const title = 'RNA-seq analysis for the board';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 100_000, criteria: [] },
  ]);

  // The client saves a test card on Payment Details.
  await client.page.goto('/profile/payment');
  await expect(client.page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible({
    timeout: 30_000,
  });
  const cards = client.page.getByRole('region', { name: 'Saved cards' });
  await cards.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(cards.getByRole('form', { name: 'Add a card' }), '4242 4242 4242 4242');
  await cards.getByRole('button', { name: 'Save card' }).click();
  await expect(cards.getByRole('status')).toContainText(
    'Your Visa ending 4242 is saved as your default card.',
  );
  await screenshots(client.page, testInfo, '01-client-card-saved');

  // The client funds the milestone with it: no card number typed.
  await openWorkspace(client.page, contractId, title);
  const clientMilestone = client.page.getByRole('article', { name: MILESTONE });
  await clientMilestone.getByRole('button', { name: 'Fund milestone' }).click();
  const fund = client.page.getByRole('dialog', { name: `Fund “${MILESTONE}”` });
  await expect(fund).toContainText('You will be charged $1,050.00: $1,000.00 plus the 5% marketplace fee.');
  await expect(fund.getByRole('radio', { name: 'Visa ending 4242 (default)' })).toBeChecked();
  await expect(fund.getByLabel('Card number')).toHaveCount(0);
  await screenshots(client.page, testInfo, '02-client-fund-dialog', false);
  await fund.getByRole('button', { name: 'Pay $1,050.00' }).click();
  await expect(fund).toBeHidden({ timeout: 30_000 });
  await expect(clientMilestone.getByText('Funded', { exact: true })).toBeVisible();
  await expect(clientMilestone).toContainText('with Visa ending 4242');

  // The receipt is in the workspace's documents, and its PDF says what was paid.
  const documents = client.page.getByRole('region', { name: 'Receipts & invoices' });
  await expect(documents).toContainText(/Receipt SW-R-\d{4}-\d{6}/);
  await expect(documents).toContainText('$1,050.00');
  await screenshots(client.page, testInfo, '03-client-workspace-funded');
  const receiptLink = documents.getByRole('link', { name: /^Download receipt SW-R-/ });
  const receiptNumber = /SW-R-\d{4}-\d{6}/.exec((await receiptLink.getAttribute('aria-label')) ?? '')![0];
  const download = client.page.waitForEvent('download');
  await receiptLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Sciwise Receipt ${receiptNumber}.pdf`);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const receipt = await pdfText(bytes);
  expect(receipt).toContain(`No. ${receiptNumber}`);
  expect(receipt).toMatch(/Total paid \$1,050\.00/);
  expect(receipt).toMatch(/Paid with Visa ending 4242/);

  // The same receipt on the client's billing page, beside the movement.
  await client.page.goto('/profile/billing');
  const billingDocuments = client.page.getByRole('region', { name: 'Receipts, invoices and statements' });
  const listed = billingDocuments.getByRole('listitem').filter({ hasText: receiptNumber });
  await expect(listed).toContainText('$1,050.00', { timeout: 30_000 });
  await expect(listed).toContainText(title);
  await expect(
    client.page
      .getByRole('table', { name: 'Your movements, newest first' })
      .getByRole('row')
      .filter({ hasText: 'Milestone funded' }),
  ).toContainText('-$1,050.00');
  await screenshots(client.page, testInfo, '04-client-billing');

  // The expert delivers (through the API: delivery is not this journey's point); the client releases.
  const [milestoneId] = await milestoneIds(expert.page, contractId);
  await submittedThroughApi(expert.page, milestoneId!);
  await openWorkspace(client.page, contractId, title);
  await expect(clientMilestone.getByRole('link', { name: 'results.csv' })).toBeVisible();
  await clientMilestone.getByRole('button', { name: 'Approve and release' }).click();
  const approve = client.page.getByRole('dialog');
  await expect(approve).toContainText(
    `$1,000.00 is released to ${expert.name}; ${expert.account.firstName} receives $900.00 after the 10% service fee.`,
  );
  await screenshots(client.page, testInfo, '05-client-approve-dialog', false);
  await approve.getByRole('button', { name: 'Release $1,000.00' }).click();
  await expect(approve).toBeHidden({ timeout: 30_000 });
  await expect(clientMilestone.getByText('Released', { exact: true })).toBeVisible();
  await expect(client.page.getByRole('region', { name: 'Money' })).toContainText('Released$1,000.00');

  // The expert adds a bank account and pays part of the release out.
  const { page } = expert;
  await page.goto('/profile/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible({
    timeout: 30_000,
  });
  const method = page.getByRole('region', { name: 'Payout method', exact: true });
  const payouts = page.getByRole('region', { name: 'Payouts', exact: true });
  await expect(payouts).toContainText('Available$900.00');
  await method.getByLabel('Name on the account').fill(expert.name);
  await method.getByLabel('Account number or IBAN').fill('0001 2345 6789');
  await method.getByRole('button', { name: 'Save bank account' }).click();
  await expect(method).toContainText('Sandbox Test Bank ending in 6789');
  await payouts.getByLabel('Amount (USD)').fill('500');
  await payouts.getByRole('button', { name: 'Request payout' }).click();
  await expect(payouts).toContainText('$500.00 is on its way to your bank account ending in 6789.');
  await expect(payouts).toContainText('Available$400.00');
  await expect(payouts).toContainText('In transit$500.00');
  await expect(
    payouts.getByRole('listitem').filter({ hasText: '$500.00 to Sandbox Test Bank ending in 6789' }),
  ).toContainText('In transit');
  await screenshots(page, testInfo, '06-expert-payout-in-transit');

  // The client ends the contract: nothing is left in escrow, so no money moves.
  await client.page.getByRole('button', { name: 'End contract' }).click();
  const end = client.page.getByRole('dialog', { name: 'End the contract' });
  await expect(end).toContainText('Nothing is held in escrow, so no money moves.');
  await end.getByRole('button', { name: 'End contract' }).click();
  await expect(end).toBeHidden({ timeout: 30_000 });
  await expect(client.page.getByText('Completed', { exact: true })).toBeVisible();

  // Both review in the workspace; each review shows once both are written.
  const clientReview = client.page.getByRole('region', { name: 'Leave a review' });
  await clientReview
    .getByRole('group', { name: `Overall, how was working with ${expert.name}?` })
    .getByRole('radio', { name: '5 stars: excellent' })
    .check();
  for (const category of ['Quality of work', 'Communication', 'Timeliness'])
    await clientReview
      .getByRole('group', { name: category })
      .getByRole('radio', { name: '5 stars: excellent' })
      .check();
  const clientText = 'Clear figures our board understood at once, and paid out without a hitch.';
  await clientReview.getByRole('textbox', { name: 'Your review' }).fill(clientText);
  await clientReview.getByRole('button', { name: 'Submit review' }).click();
  await expect(client.page.getByRole('region', { name: 'Reviews' })).toContainText(clientText);

  await openWorkspace(page, contractId, title);
  const expertReview = page.getByRole('region', { name: 'Leave a review' });
  await expect(expertReview).toContainText(`${client.name} has written their review.`);
  await expertReview
    .getByRole('group', { name: `Overall, how was working with ${client.name}?` })
    .getByRole('radio', { name: '5 stars: excellent' })
    .check();
  const expertText = 'A precise brief, quick answers, and the milestone funded before I started.';
  await expertReview.getByRole('textbox', { name: 'Your review' }).fill(expertText);
  await expertReview.getByRole('button', { name: 'Submit review' }).click();
  const expertReviews = page.getByRole('region', { name: 'Reviews' });
  await expect(expertReviews).toContainText(expertText);
  await expect(expertReviews).toContainText(clientText);
  await screenshots(page, testInfo, '07-expert-reviews');

  // The client's review is on the expert's public profile.
  const contract = await client.page.request.get(`/api/contracts/${contractId}`);
  const { slug } = ((await contract.json()) as { expert: { slug: string } }).expert;
  await client.page.goto(`/experts/${slug}`);
  const profileReviews = client.page.getByRole('region', { name: 'Reviews' });
  await expect(profileReviews).toContainText(clientText, { timeout: 30_000 });
  await expect(profileReviews).toContainText('5.0 out of 5');
  await expect(profileReviews.getByText(expertText)).toHaveCount(0);
  await screenshots(client.page, testInfo, '08-expert-public-profile');

  await client.close();
  await expert.close();
});
