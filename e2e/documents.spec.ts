import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { fillCard } from './support/workspace.ts';

const MILESTONE = 'Differential expression analysis';

/** The page at a phone's and a desktop's width, kept beside the test's results to be looked at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string, locatorText?: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (locatorText) await page.getByRole('heading', { name: locatorText }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: !locatorText });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an institution’s client names its organisation and purchase order, funds, and downloads the receipt as PDF', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = 'RNA-seq analysis for the board';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 100_000, criteria: [] },
  ]);
  const page = client.page;

  // Billing details on Account settings: refused while incomplete, then saved.
  await page.goto('/profile/settings');
  const entity = page.getByRole('form', { name: 'Billing entity' });
  await expect(entity).toBeVisible({ timeout: 30_000 });
  await entity.getByLabel('Organisation name').fill('Karolinska Institutet');
  await entity.getByRole('button', { name: 'Save billing details' }).click();
  await expect(entity.getByText('Enter the billing address as it should appear on invoices.')).toBeVisible();
  await entity.getByLabel('Billing address').fill('Nobels väg 6\n171 77 Solna\nSweden');
  await entity.getByLabel('VAT or tax number (optional)').fill('SE202100297301');
  await entity.getByLabel('Default cost centre (optional)').fill('CC-4410');
  await entity.getByRole('button', { name: 'Save billing details' }).click();
  await expect(entity.getByText('Saved. Receipts and invoices issued from now on')).toBeVisible();
  await expectNoSeriousViolations(page, 'settings with billing details');
  await screenshots(page, testInfo, 'settings-billing-entity', 'Billing details for invoices');

  // The purchase order on the workspace, then the funding.
  await page.goto(`/profile/workspace/${contractId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  const documents = page.getByRole('region', { name: 'Receipts & invoices' });
  await expect(documents).toContainText('No documents yet.');
  const po = page.getByRole('form', { name: 'Purchase order and cost centre' });
  await po.getByLabel('Purchase-order number').fill('PO-2026-0042');
  await po.getByRole('button', { name: 'Save' }).click();
  await expect(po.getByText('Saved.')).toBeVisible();

  const card = page.getByRole('article', { name: MILESTONE });
  await card.getByRole('button', { name: 'Fund milestone' }).click();
  const dialog = page.getByRole('dialog');
  await fillCard(dialog, '4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Pay $1,050.00' }).click();
  await expect(dialog).toBeHidden();

  // The receipt and the fee invoice appear without a reload, and the receipt downloads as a PDF.
  await expect(documents).toContainText(/Receipt SW-R-\d{4}-\d{6}/);
  await expect(documents).toContainText('$1,050.00');
  await expect(documents).toContainText(/Invoice SW-\d{4}-\d{6}/);
  await expect(documents).toContainText('$50.00');
  await expectNoSeriousViolations(page, 'workspace with documents');
  await screenshots(page, testInfo, 'workspace-documents', 'Receipts & invoices');

  const download = page.waitForEvent('download');
  await documents.getByRole('link', { name: /^Download receipt SW-R-/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Sciwise Receipt SW-R-\d{4}-\d{6}\.pdf$/);
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The expert sees none of the client's documents on the same contract.
  await expert.page.goto(`/profile/workspace/${contractId}`);
  const expertDocuments = expert.page.getByRole('region', { name: 'Receipts & invoices' });
  await expect(expertDocuments).toContainText(
    'An invoice for the service fee is issued each time money is released to you.',
    {
      timeout: 30_000,
    },
  );
  await client.close();
  await expert.close();
});
