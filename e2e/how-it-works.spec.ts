import { expect, test, type Page } from '@playwright/test';
import { gotoInteractive, pauseClock, recordScrollBy, scrollCalls } from './support/site.ts';

const revealed = (page: Page) => page.getByTestId('timeline').locator('li[data-revealed="true"]');
const word = (page: Page) => page.getByTestId('rolling-word');

test('how it works has every section of the spec', async ({ page }) => {
  await gotoInteractive(page, '/how-it-works');
  await expect(page.getByTestId('header-banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('for your next project');
  await expect(page.getByTestId('timeline').getByRole('listitem')).toHaveCount(4);
  await expect(
    page.getByRole('region', { name: 'Why clients choose Sciwise' }).getByRole('heading', { level: 3 }),
  ).toHaveCount(4);
  await expect(
    page.getByRole('region', { name: 'Two ways to work' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Post a project', 'Browse and invite']);
  const table = page.getByRole('table', { name: 'Consulting firms compared with Sciwise freelancers' });
  await expect(table.getByRole('columnheader')).toHaveText(['Consulting firm', 'Sciwise freelance expert']);
  await expect(
    page.getByRole('region', { name: 'Frequently asked questions' }).locator('details'),
  ).toHaveCount(7);

  const tiles = page.getByTestId('service-tiles').getByRole('link');
  await expect(tiles).toHaveText([
    'Data science',
    'Scientific consulting',
    'Statistical analysis',
    'Food science and technology',
    'Medical writing',
    'Clinical evaluation report',
    'Scientific report',
    'Secondary research',
    'Literature search',
    'Scientific editing',
  ]);
  for (const tile of await tiles.all()) await expect(tile).toHaveAttribute('href', '/create-project');

  const stories = page.getByTestId('stories-slider');
  const figures: [cost: string, time: string][] = [
    ['USD 1,200', '2 months'],
    ['USD 950', '1.5 months'],
    ['USD 1,500', '3 months'],
  ];
  for (const [cost, time] of figures) {
    await expect(stories.getByText(cost, { exact: true })).toBeVisible();
    await expect(stories.getByText(time, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId('testimonials-slider').locator('figure')).toHaveCount(5);
  await expect(page.getByTestId('blog-slider').getByRole('link')).toHaveText([
    'How to choose a scientific consultant',
    'Trends in freelance science',
    'Why institutions hire experts on demand',
  ]);
  await expect(page.getByTestId('expert-carousel').getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/experts\//,
  );
});

test('the timeline reveals one step every 600 ms, starting after 100 ms', async ({ page }) => {
  await pauseClock(page);
  await gotoInteractive(page, '/how-it-works');
  await expect(revealed(page)).toHaveCount(0);
  await page.clock.runFor(99);
  await expect(revealed(page)).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(revealed(page)).toHaveCount(1);
  for (const count of [2, 3, 4]) {
    await page.clock.runFor(599);
    await expect(revealed(page)).toHaveCount(count - 1);
    await page.clock.runFor(1);
    await expect(revealed(page)).toHaveCount(count);
  }
});

test('the rolling word changes every 2 s with a 500 ms animation, and holds while hovered', async ({
  page,
}) => {
  await pauseClock(page);
  await gotoInteractive(page, '/how-it-works');
  await expect(word(page)).toHaveText('an expert');
  await page.clock.runFor(1_999);
  await expect(word(page)).toHaveText('an expert');
  await page.clock.runFor(1);
  await expect(word(page)).toHaveText('a scientist');
  await expect(word(page)).toHaveCSS('animation-duration', '0.5s');
  for (const next of [
    'an engineer',
    'a mathematician',
    'a physicist',
    'a biologist',
    'a chemist',
    'an astrophysicist',
    'an expert',
  ]) {
    await page.clock.runFor(2_000);
    await expect(word(page)).toHaveText(next);
  }
  await page.getByRole('heading', { level: 1 }).hover();
  await page.clock.runFor(10_000);
  await expect(word(page)).toHaveText('an expert');
  await page.mouse.move(0, 0);
  await page.clock.runFor(2_000);
  await expect(word(page)).toHaveText('a scientist');
});

test('under prefers-reduced-motion the word stands still and every step shows at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pauseClock(page);
  await gotoInteractive(page, '/how-it-works');
  await expect(revealed(page)).toHaveCount(4);
  await page.clock.runFor(10_000);
  await expect(word(page)).toHaveText('an expert');
  await expect(word(page)).toHaveCSS('animation-name', 'none');
});

test('FAQ items open and close', async ({ page }) => {
  for (const path of ['/how-it-works', '/faq']) {
    await gotoInteractive(page, path);
    const item = page.locator('details').filter({ hasText: 'How do milestone payments work?' });
    const answer = item.getByText(/You fund each milestone into escrow/);
    await expect(answer).toBeHidden();
    await item.getByText('How do milestone payments work?').click();
    await expect(item).toHaveAttribute('open', '');
    await expect(answer).toBeVisible();
    await item.getByText('How do milestone payments work?').click();
    await expect(answer).toBeHidden();
  }
});

test('sliders move 390 px, the expert carousel 370 px on a wide screen', async ({ page }) => {
  await recordScrollBy(page);
  await gotoInteractive(page, '/how-it-works');
  await expect(page.getByTestId('expert-carousel').getByRole('link').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next: Success stories' }).click();
  await page.getByRole('button', { name: 'Next: Testimonials' }).click();
  await page.getByRole('button', { name: 'Previous: Featured blog posts' }).click();
  await page.getByRole('button', { name: 'Next: Featured experts' }).click();
  await expect(async () =>
    expect(await scrollCalls(page)).toEqual([
      { left: 390, behavior: 'smooth' },
      { left: 390, behavior: 'smooth' },
      { left: -390, behavior: 'smooth' },
      { left: 370, behavior: 'smooth' },
    ]),
  ).toPass();
  await expect
    .poll(() => page.getByTestId('testimonials-slider').evaluate((list) => list.scrollLeft))
    .toBeGreaterThan(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the expert carousel moves 280 px and the other sliders 390 px', async ({ page }) => {
    await recordScrollBy(page);
    await gotoInteractive(page, '/how-it-works');
    await expect(page.getByTestId('expert-carousel').getByRole('link').first()).toBeAttached();
    await page.getByRole('button', { name: 'Next: Featured experts' }).click();
    await page.getByRole('button', { name: 'Next: Success stories' }).click();
    await expect(async () =>
      expect(await scrollCalls(page)).toEqual([
        { left: 280, behavior: 'smooth' },
        { left: 390, behavior: 'smooth' },
      ]),
    ).toPass();
    await expect
      .poll(() => page.getByTestId('expert-carousel').evaluate((list) => list.scrollLeft))
      .toBe(280);
  });
});
