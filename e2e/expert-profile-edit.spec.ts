import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { demoAdmin, signInViaApi } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { approvedExpert } from './support/experts.ts';
import { screenshots } from './support/screenshots.ts';

test('an approved expert edits their rate and headline at once, and new subjects after the vetting team approves', async ({
  browser,
}, testInfo) => {
  // A made-up word only this test's expert uses, so search can be asked for exactly them.
  const word = `zq${[...randomBytes(8)].map((byte) => 'bcdfghjklmnpqrstvwxz'[byte % 20]).join('')}`;
  const { page, context, account } = await approvedExpert(browser, 'Cancer genomics');
  const name = `${account.firstName} ${account.lastName}`;
  const { slug } = (await (await page.request.get('/api/expert-application')).json()) as { slug: string };

  // From their own public profile to the editor.
  await page.goto(`/experts/${slug}`);
  await page.getByRole('link', { name: 'Edit your profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit public profile' })).toBeVisible();

  // The offer applies at once.
  await page.getByLabel('Headline').fill(`Bioinformatician for ${word} single-cell studies`);
  await page.getByLabel('Hourly rate').fill('145');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved. Your public profile and search results show it now.')).toBeVisible();

  // Subjects wait for review.
  const newSubject = `Spatial transcriptomics ${word}`;
  const subjects = page.getByRole('combobox', { name: 'Subject areas' });
  await subjects.fill(newSubject);
  await subjects.press('Enter');
  await expect(page.getByRole('list', { name: 'Your subjects' })).toContainText(newSubject);
  await page.getByRole('button', { name: 'Send for review' }).click();
  const pending = page
    .getByRole('status')
    .filter({ hasText: 'Changes to subjects/credentials awaiting review' });
  await expect(pending).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw these changes' })).toBeVisible();
  await expectNoSeriousViolations(page, 'edit public profile');
  await screenshots(page, testInfo, 'expert-profile-edit');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/experts/${slug}`);
  await expect(page.getByText(`Bioinformatician for ${word} single-cell studies`)).toBeVisible();
  await expect(page.locator('p', { hasText: '$145 /hour' })).toBeVisible();
  const shownSubjects = page.getByRole('region', { name: 'Subjects', exact: true });
  await expect(shownSubjects).toContainText('Cancer genomics');
  await expect(shownSubjects).not.toContainText(newSubject);
  // Search finds the new headline straight away.
  await page.goto(`/find-an-expert?q=${word}`);
  // The search page's first query can be slow on a busy machine: wait for the answer, not a fixed time.
  await expect(page.getByRole('link', { name })).toBeVisible();

  // The vetting team sees before and after, and approves.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, demoAdmin);
  await admin.goto('/profile/admin/vetting');
  await expect(admin.getByRole('heading', { level: 1, name: 'Expert vetting' })).toBeVisible();
  const section = admin.getByRole('region', { name: 'Profile changes to review' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: `Review changes of ${name}` }).click();
  const item = section.getByRole('listitem').filter({ has: admin.getByRole('heading', { name }) });
  await expect(item.getByText('Now (approved)')).toBeVisible();
  await expect(item.getByText(newSubject)).toBeVisible();
  await expectNoSeriousViolations(admin, 'profile changes to review');
  await screenshots(admin, testInfo, 'admin-profile-changes');
  await admin.setViewportSize({ width: 1280, height: 800 });
  await item.getByRole('button', { name: 'Approve changes' }).click();
  await expect(section.getByText(`${name}'s changes are approved and public.`)).toBeVisible();
  await adminContext.close();

  await page.goto(`/experts/${slug}`);
  await expect(shownSubjects).toContainText(newSubject);
  await page.goto('/profile/expert-profile');
  await expect(page.getByRole('button', { name: 'Send for review' })).toBeVisible();
  await expect(pending).toHaveCount(0);
  await context.close();
});
