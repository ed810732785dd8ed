import type { Page, TestInfo } from '@playwright/test';

/**
 * The page at a phone's and a desktop's width, kept beside the test's results to be looked at:
 * the whole page from its top, or only the screen while a dialog is open.
 */
export async function screenshots(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage });
  }
}
