import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { demoAdmin, signInViaApi, signedInAccount } from './support/accounts.ts';
import { waitForInteractive } from './support/site.ts';

// Every prerendered page (the sitemap) and the 404 page pass axe with no violation at all in
// site.spec.ts; these are the public pages that are not prerendered.
const publicPages = ['/join-expert', '/reset-password?token=abc'];

test('public pages outside the sitemap have no serious or critical axe violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const path of publicPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, path);
  }
});

test('the admin home has no serious or critical axe violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInViaApi(page, demoAdmin);
  await page.goto('/profile/admin');
  await expect(page.getByRole('list', { name: 'What waits for the team' })).toBeVisible();
  await expectNoSeriousViolations(page, '/profile/admin');
});

test('the login and sign-up modal has no serious or critical axe violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await waitForInteractive(page);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'login tab');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expectNoSeriousViolations(page, 'sign-up tab');
});

test('signed-in pages have no serious or critical axe violations', async ({ page }) => {
  test.slow(); // axe on page after page: give a busy machine time
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedInAccount(page);
  const pages = [
    '/chat',
    '/profile/freelancer-dashboard',
    '/profile/project-owner-dashboard',
    '/profile',
    '/profile/settings',
    '/profile/browse',
    '/profile/my-projects',
    '/profile/payment',
    '/profile/notifications',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await expectNoSeriousViolations(page, path);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the landing page and the drawer have no serious or critical axe violations', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForInteractive(page);
    await expectNoSeriousViolations(page, 'landing 390');
    await page.getByLabel('Menu', { exact: true }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectNoSeriousViolations(page, 'drawer 390');
  });

  test('signed in, the drawer with the account links has no serious or critical axe violations', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signedInAccount(page);
    // A signed-in page leaves the browser's signed-in marker, as after any sign-in.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/find-an-expert');
    await waitForInteractive(page);
    await page.getByLabel('Menu', { exact: true }).click();
    await expect(
      page.getByRole('navigation', { name: 'Mobile' }).getByRole('list', { name: 'Your account' }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'signed-in drawer 390');
  });
});
