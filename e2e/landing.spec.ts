import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';
import { gotoInteractive, pauseClock, recordScrollBy, scrollCalls } from './support/site.ts';

interface Featured {
  categories: { category: string; label: string; experts: { name: string; slug: string }[] }[];
}

async function featured(page: Page): Promise<Featured> {
  return (await page.request.get('/api/experts/featured')).json() as Promise<Featured>;
}

const slider = (page: Page) => page.getByTestId('expert-slider');
const featuredName = (page: Page) => page.getByTestId('featured-expert').getByRole('link');

test('the landing page has every section of the spec, with real experts and figures', async ({ page }) => {
  const api = await featured(page);
  const stats = (await (await page.request.get('/api/experts/stats')).json()) as { experts: number };
  // Time stands still, so the featured card cannot rotate between two checks on a slow machine.
  await pauseClock(page);
  await gotoInteractive(page, '/');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Work with our network of scientists & industry experts' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search subject areas' })).toHaveAttribute(
    'placeholder',
    'Search subject areas',
  );
  await expect(page.getByRole('main').getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Join as expert' })).toHaveAttribute(
    'href',
    '/join-expert',
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Request a Service', exact: true }),
  ).toHaveAttribute('href', '/request-service');

  const card = page.getByTestId('featured-expert');
  const writers = api.categories.find((entry) => entry.category === 'writers')!.experts;
  await expect(featuredName(page)).toHaveText(writers[0]!.name);
  await expect(card.getByRole('img', { name: `Avatar of ${writers[0]!.name}` })).toBeVisible();
  await expect(card.getByRole('img', { name: /^Rated [0-5] out of 5$/ })).toBeVisible();

  await expect(page.getByTestId('trusted-by').getByRole('link', { name: '298 reviews' })).toBeVisible();
  const marquee = page.getByRole('region', { name: 'Why Sciwise' });
  await expect(marquee.locator('li:not([aria-hidden="true"])')).toHaveCount(10);

  // The expert count is the database's, not a slogan.
  await expect(page.getByText('vetted experts listed today').locator('..')).toContainText(
    new Intl.NumberFormat('en-US').format(stats.experts),
  );

  const tabs = page.getByRole('tablist', { name: 'Expert categories' }).getByRole('tab');
  await expect(tabs).toHaveText([
    'Writers',
    'Data Analysts',
    'Consultants',
    'Product Developers',
    'Researchers',
  ]);
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Writers');
  await expect(slider(page).getByRole('link')).toHaveText(writers.map((expert) => expert.name));
  await expect(slider(page).getByRole('link').first()).toHaveAttribute(
    'href',
    `/experts/${writers[0]!.slug}`,
  );
  await expect(page.getByRole('link', { name: 'View our network of experts' })).toHaveAttribute(
    'href',
    '/find-an-expert',
  );
  await expect(page.locator('#testimonials figure')).toHaveCount(3);
});

test('tab switching shows one category at a time and changes the slider list', async ({ page }) => {
  const api = await featured(page);
  await gotoInteractive(page, '/');
  for (const entry of api.categories) {
    await page.getByRole('tab', { name: entry.label }).click();
    await expect(page.getByRole('tab', { selected: true })).toHaveText(entry.label);
    await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
    await expect(slider(page)).toHaveAccessibleName(`${entry.label} experts`);
    await expect(slider(page).getByRole('link')).toHaveText(entry.experts.map((expert) => expert.name));
  }
  // Keyboard: arrow keys move between tabs (WAI-ARIA tabs).
  await page.getByRole('tab', { name: 'Writers' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Data Analysts' })).toBeFocused();
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Data Analysts');
});

test('the search goes to the directory with the query, suggesting subject areas on the way', async ({
  page,
}) => {
  await gotoInteractive(page, '/');
  const search = page.getByRole('combobox', { name: 'Search subject areas' });
  await search.fill('bioinf');
  const listId = await search.getAttribute('list');
  await expect(page.locator(`datalist[id="${listId}"] option[value="Bioinformatics"]`)).toHaveCount(1);
  await search.fill('Bioinformatics');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/find-an-expert\?q=Bioinformatics$/);
});

test('the desktop slider moves three 370 px cards per click, smoothly', async ({ page }) => {
  await recordScrollBy(page);
  await gotoInteractive(page, '/');
  await expect(slider(page).getByRole('link').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next writers' }).click();
  await expect(async () =>
    expect(await scrollCalls(page)).toEqual([{ left: 1110, behavior: 'smooth' }]),
  ).toPass();
  await expect.poll(() => slider(page).evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Previous writers' }).click();
  await expect(async () =>
    expect((await scrollCalls(page)).at(-1)).toEqual({ left: -1110, behavior: 'smooth' }),
  ).toPass();
  await expect.poll(() => slider(page).evaluate((list) => list.scrollLeft)).toBe(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slider moves one 280 px card per click', async ({ page }) => {
    await recordScrollBy(page);
    await gotoInteractive(page, '/');
    await expect(slider(page).getByRole('link').first()).toBeAttached();
    await page.getByRole('button', { name: 'Next writers' }).click();
    await expect(async () =>
      expect(await scrollCalls(page)).toEqual([{ left: 280, behavior: 'smooth' }]),
    ).toPass();
    await expect.poll(() => slider(page).evaluate((list) => list.scrollLeft)).toBe(280);
    await page.getByRole('button', { name: 'Next writers' }).click();
    await expect.poll(() => slider(page).evaluate((list) => list.scrollLeft)).toBe(560);
  });
});

test('the featured expert changes every 4 s, holds while hovered, and through five experts', async ({
  page,
}) => {
  const writers = (await featured(page)).categories.find((entry) => entry.category === 'writers')!.experts;
  await pauseClock(page);
  await gotoInteractive(page, '/');
  const name = featuredName(page);
  await expect(name).toHaveText(writers[0]!.name);

  await page.clock.runFor(3_900);
  await expect(name).toHaveText(writers[0]!.name);
  await page.clock.runFor(100);
  await expect(name).toHaveText(writers[1]!.name);
  for (const expert of [...writers.slice(2), writers[0]!]) {
    await page.clock.runFor(4_000);
    await expect(name).toHaveText(expert.name);
  }

  await page.getByTestId('featured-expert').hover();
  await page.clock.runFor(12_000);
  await expect(name).toHaveText(writers[0]!.name);
  await page.mouse.move(0, 0);
  await page.clock.runFor(4_000);
  await expect(name).toHaveText(writers[1]!.name);

  // Keyboard focus inside the card holds it too.
  await name.focus();
  await page.clock.runFor(12_000);
  await expect(name).toHaveText(writers[1]!.name);
  await name.blur();
  await page.clock.runFor(4_000);
  await expect(name).toHaveText(writers[2]!.name);

  // The card follows the chosen category.
  const analysts = (await featured(page)).categories.find(
    (entry) => entry.category === 'data_analysts',
  )!.experts;
  await page.getByRole('tab', { name: 'Data Analysts' }).click();
  await expect(name).toHaveText(analysts[2]!.name);
});

test('the marquee pauses on hover; nothing moves for visitors who prefer reduced motion', async ({
  page,
}) => {
  await gotoInteractive(page, '/');
  const track = page.getByRole('region', { name: 'Why Sciwise' }).locator('ul');
  await expect(track).toHaveCSS('animation-play-state', 'running');
  // The track itself never stands still, so the pointer goes to the band around it.
  await page.getByRole('region', { name: 'Why Sciwise' }).hover();
  await expect(track).toHaveCSS('animation-play-state', 'paused');

  const writers = (await featured(page)).categories.find((entry) => entry.category === 'writers')!.experts;
  const reduced = await page.context().newPage();
  await reduced.emulateMedia({ reducedMotion: 'reduce' });
  await pauseClock(reduced);
  await gotoInteractive(reduced, '/');
  await expect(featuredName(reduced)).toHaveText(writers[0]!.name);
  await reduced.clock.runFor(20_000);
  await expect(featuredName(reduced)).toHaveText(writers[0]!.name);
  await expect(reduced.getByRole('region', { name: 'Why Sciwise' }).locator('ul')).toHaveCSS(
    'animation-name',
    'none',
  );
});

test('experts that arrive late take space reserved for them: no layout shift', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The API answers well after the page is on screen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/experts/{featured,stats}', async (route) => {
    await held;
    await route.continue();
  });
  await gotoInteractive(page, '/');
  await expect(page.getByTestId('expert-slider')).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByTestId('expert-slider')).toHaveAttribute('aria-busy', 'false');
  await expect(featuredName(page)).toBeVisible();
  await page.getByTestId('expert-slider').scrollIntoViewIfNeeded();
  const total = await page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0),
  );
  expect(total).toBeLessThanOrEqual(0.02);
});

test('a browser that is signed in goes from / straight to the dashboard', async ({ page }) => {
  await signedInAccount(page);
  // Any signed-in page confirms the session and leaves this browser's signed-in marker.
  await page.goto('/profile');
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  await expect(page.getByText("You're managing projects as an owner")).toBeVisible();
});
