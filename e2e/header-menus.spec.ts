import { expect, test } from '@playwright/test';

/*
 * The header's menus are native <details>: on a prerendered page they work before the app's
 * JavaScript has arrived, and here with none at all. (With JavaScript, site.spec.ts checks that
 * Escape, a click elsewhere and navigation close them.)
 */
test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('at 1280 px a header dropdown opens and its link leads to its page', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'Solutions' }).click();
    const strategy = nav.getByRole('link', { name: /Strategy/ });
    await expect(strategy).toBeVisible();
    // Opening another closes the first, as with JavaScript.
    await nav.locator('summary', { hasText: 'Services' }).click();
    await expect(nav.getByRole('link', { name: 'Tools' })).toBeVisible();
    await expect(strategy).toBeHidden();
    await nav.locator('summary', { hasText: 'Solutions' }).click();
    await page.screenshot({ path: testInfo.outputPath('no-js-dropdown-1280.png') });
    await strategy.click();
    await expect(page).toHaveURL(/\/solutions\/strategy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('at 390 px the hamburger menu opens, closes beside it, and its links lead to their pages', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/how-it-works');
    const hamburger = page.getByLabel('Menu', { exact: true });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeHidden();
    await hamburger.click();
    await expect(menu).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('no-js-mobile-menu-390.png') });
    // The dimmed page beside the menu closes it.
    await page.mouse.click(20, 600);
    await expect(menu).toBeHidden();

    await hamburger.click();
    await menu.getByText('Services', { exact: true }).click();
    await menu.getByRole('link', { name: 'Scientific writing' }).click();
    await expect(page).toHaveURL(/\/services\/scientific-writing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
