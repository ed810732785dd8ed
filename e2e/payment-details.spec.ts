import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { screenshots } from './support/screenshots.ts';
import { fillCard } from './support/workspace.ts';

const MILESTONE = 'Differential expression analysis';

test('a client saves a test card on Payment Details, sees it as the default, changes the default, removes one, and funds a milestone with the other', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = 'RNA-seq analysis for a board meeting';
  const { client, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 80_000, criteria: [] },
  ]);
  const page = client.page;

  await page.goto('/profile/payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Details' })).toBeVisible({
    timeout: 30_000,
  });
  const section = page.getByRole('region', { name: 'Saved cards' });
  await expect(section).toContainText('No saved cards yet.');
  await screenshots(page, testInfo, 'payment-details-empty');

  await section.getByRole('button', { name: 'Add a card' }).click();
  const form = section.getByRole('form', { name: 'Add a card' });
  await expect(form).toContainText('Sandbox: no real money moves; try 4242 4242 4242 4242');
  await fillCard(form, '4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Save card' }).click();

  await expect(section.getByRole('status')).toContainText(
    'Your Visa ending 4242 is saved as your default card.',
  );
  const listed = section.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('Visa');
  await expect(listed.first()).toContainText('4242');
  await expect(listed.first()).toContainText('Default');
  await expect(listed.first()).toContainText('Expires 12/39');
  await expectNoSeriousViolations(page, 'payment details with a saved card');
  await screenshots(page, testInfo, 'payment-details-saved');

  // A second card; the default moves to it when asked, and removing the old one asks first.
  await section.getByRole('button', { name: 'Add a card' }).click();
  await fillCard(form, '5555 5555 5555 4444');
  await screenshots(page, testInfo, 'payment-details-add-form');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(section.getByRole('status')).toContainText('Your Mastercard ending 4444 is saved.');
  await expect(listed).toHaveCount(2);
  await section.getByRole('button', { name: 'Make the Mastercard ending 4444 your default card' }).click();
  await expect(section.getByRole('status')).toContainText(
    'Your Mastercard ending 4444 is now your default card.',
  );
  await expect(listed.first()).toContainText('4444');
  await expect(listed.first()).toContainText('Default');
  await section.getByRole('button', { name: 'Remove the Visa ending 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the Visa ending 4242?' });
  await expect(confirm).toContainText('It will never be charged again.');
  await screenshots(page, testInfo, 'payment-details-remove', false);
  await confirm.getByRole('button', { name: 'Remove card' }).click();
  await expect(section.getByRole('status')).toContainText('Your Visa ending 4242 is removed.');
  await expect(listed).toHaveCount(1);
  await screenshots(page, testInfo, 'payment-details-after');

  // The fund dialog offers the saved card, chosen already: paying needs no card number.
  await page.goto(`/profile/workspace/${contractId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  const milestone = page.getByRole('article', { name: MILESTONE });
  await milestone.getByRole('button', { name: 'Fund milestone' }).click();
  const dialog = page.getByRole('dialog', { name: `Fund “${MILESTONE}”` });
  const saved = dialog.getByRole('radio', { name: 'Mastercard ending 4444 (default)' });
  await expect(saved).toBeChecked();
  await expect(dialog.getByLabel('Card number')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'fund dialog with a saved card');
  await screenshots(page, testInfo, 'fund-dialog-saved-card', false);
  await dialog.getByRole('radio', { name: 'A new card' }).check();
  await expect(dialog.getByLabel('Save this card in Payment Details for next time')).not.toBeChecked();
  await screenshots(page, testInfo, 'fund-dialog-new-card', false);
  await saved.check();
  await dialog.getByRole('button', { name: 'Pay $840.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(milestone).toContainText('Funded');
  await expect(milestone).toContainText('with Mastercard ending 4444');
  await client.close();
});
