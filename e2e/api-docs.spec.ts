import { expect, test } from '@playwright/test';

/*
 * /api/docs runs under the app's own Content-Security-Policy (no exception for Swagger UI), so
 * this walks it in a real browser: the operations render and run, and nothing is blocked.
 */
test('the API docs work under the strict CSP, with nothing blocked', async ({ page }) => {
  test.setTimeout(60_000); // the first load builds the OpenAPI document from every route's schema
  await page.addInitScript(() => {
    const blocked: string[] = [];
    (window as unknown as { blocked: string[] }).blocked = blocked;
    document.addEventListener('securitypolicyviolation', (event) =>
      blocked.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self';");
  await expect(page.getByRole('heading', { name: /Sciwise API/ })).toBeVisible({ timeout: 20_000 });

  await page.locator('.opblock', { hasText: '/healthz' }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.live-responses-table tr.response .response-col_status')).toHaveText('200');

  expect(await page.evaluate(() => (window as unknown as { blocked: string[] }).blocked)).toEqual([]);
});
