import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Sections far below the fold skip rendering until the reader nears them (content-visibility:
 * auto, deferred-render.ts). For an element in a skipped section Chromium can report unstyled
 * values (black 16 px text; seen under load on the landing page's third testimonial), so axe
 * measured a contrast nobody sees. It checks every section rendered, as each is once reached.
 * (Through each element's style: the page's CSP refuses a style sheet added by a script.)
 */
async function withEverySectionRendered<T>(page: Page, check: () => Promise<T>): Promise<T> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('*').forEach((element) => {
      if (getComputedStyle(element).contentVisibility !== 'auto') return;
      element.dataset.axeDeferred = '';
      element.style.contentVisibility = 'visible';
    });
  });
  try {
    return await check();
  } finally {
    await page.evaluate(() => {
      document.querySelectorAll<HTMLElement>('[data-axe-deferred]').forEach((element) => {
        element.style.contentVisibility = '';
        delete element.dataset.axeDeferred;
      });
    });
  }
}

/** axe's WCAG 2.2 AA violations of the page as it is now, as short readable records. */
export async function axeViolations(page: Page) {
  const results = await withEverySectionRendered(page, () =>
    new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze(),
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

async function seriousViolations(page: Page) {
  return (await axeViolations(page)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/**
 * Fails with the list when axe finds a serious or critical violation that stays. A page can pass
 * through a state for a frame that nobody reads: a click or a fill scrolls the page, and the site
 * header turns solid on the scroll event that follows, so an axe run in between measured its white
 * links against the white page below it (reviews.spec, seen once). Each run takes a second or more.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await expect.poll(() => seriousViolations(page), { message: label }).toEqual([]);
}
