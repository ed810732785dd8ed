import { expect, test, type APIRequestContext } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { gotoInteractive, waitForInteractive } from './support/site.ts';

/** Every page the sitemap lists, as paths. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}

const linkedPaths = [
  '/join-expert',
  '/how-it-works',
  '/find-expert',
  '/find-an-expert',
  '/projects',
  '/concierge',
  '/request-service',
  '/create-project',
  '/faq',
  '/privacy-policy',
  '/user-agreement',
  '/cookie-policy',
  '/story-1',
  '/story-2',
  '/story-3',
  '/solutions/consulting',
  '/solutions/strategy',
  '/solutions/technology',
  '/services/consulting',
  '/services/support',
  '/services/tools',
  '/services/scientific-writing',
  '/services/scientific-consulting',
  '/services/secondary-research',
  '/find-an-expert/subject/data-analysis',
  '/find-an-expert/subject/product-development',
  '/blog',
  '/blog/choose-consultant',
  '/blog/trends-freelance-science',
  '/blog/institutions-on-demand',
];

test('every linked path of the spec resolves to a page with the site header and footer', async ({ page }) => {
  test.slow(); // thirty pages in a row: give a busy machine time
  for (const path of linkedPaths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We can't find that page");
    await expect(page.getByRole('contentinfo')).toBeVisible();
  }
  await page.goto('/join-expert');
  await expect(page.getByRole('heading', { name: 'Join as Expert' })).toBeVisible();
  await expect(page.getByText('Share your knowledge and help others grow.')).toBeVisible();
});

test('unknown paths get a real 404 page with a way home', async ({ page }) => {
  for (const path of ['/no/such/page', '/profile/no-such-section', '/how-it-works/extra']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  expect((await page.request.get('/profile/workspace/any-contract')).status()).toBe(200);
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header turns solid after scrolling more than 10 px, and is always solid on /how-it-works', async ({
  page,
}) => {
  await gotoInteractive(page, '/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-solid', 'false');
  await page.mouse.wheel(0, 600);
  await expect(header).toHaveAttribute('data-solid', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-solid', 'false');
  await expect(page.getByTestId('header-banner')).toHaveCount(0);

  await page.goto('/how-it-works');
  await expect(header).toHaveAttribute('data-solid', 'true');
  await expect(page.getByTestId('header-banner')).toBeVisible();
});

test('navigation dropdowns open one at a time and close on Escape, a click elsewhere and navigation', async ({
  page,
}, testInfo) => {
  await gotoInteractive(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const solutions = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Solutions' }) });
  const services = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Services' }) });
  await solutions.locator('summary').click();
  await expect(solutions.getByRole('link', { name: /Strategy/ })).toBeVisible();
  await services.locator('summary').click();
  await expect(services.getByRole('link', { name: 'Tools' })).toBeVisible();
  await expect(solutions.getByRole('link', { name: /Strategy/ })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(services).not.toHaveAttribute('open');
  await expect(services.locator('summary')).toBeFocused();

  await solutions.locator('summary').click();
  await expect(solutions).toHaveAttribute('open');
  await page.mouse.click(640, 600);
  await expect(solutions).not.toHaveAttribute('open');

  await nav.locator('summary', { hasText: 'Find an Expert' }).click();
  await page.screenshot({ path: testInfo.outputPath('header-dropdown-open-1280.png') });
  await nav.getByRole('link', { name: /Data analysis experts/ }).click();
  await expect(page).toHaveURL(/\/find-an-expert\/subject\/data-analysis$/);
  await expect(nav.locator('details[open]')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger menu holds the menu, closes on Escape, a tap beside it and at 768 px', async ({
    page,
  }, testInfo) => {
    await gotoInteractive(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const hamburger = page.getByLabel('Menu', { exact: true });
    await hamburger.click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await expect(drawer).toBeVisible();
    for (const name of [
      'How it Works',
      'Projects',
      'Concierge Services',
      'Join as expert',
      'Request a service',
    ]) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('mobile-menu-open-390.png') });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();

    // A tap on the dimmed page beside the menu closes it.
    await hamburger.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(20, 600);
    await expect(drawer).toBeHidden();

    await hamburger.click();
    await drawer.getByText('Services', { exact: true }).click();
    await drawer.getByRole('link', { name: 'Scientific writing' }).click();
    await expect(page).toHaveURL(/\/services\/scientific-writing$/);
    await expect(drawer).toBeHidden();
    // The address changes at once; the page, and the header's closing of its menus with it, once
    // the page's modules are in. The reader opens the menu again on the page they came to.
    await expect(page.getByRole('heading', { level: 1, name: 'Scientific writing' })).toBeVisible();

    await hamburger.click();
    await expect(drawer).toBeVisible();
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

/**
 * Pages under one parent (`/experts/…`, `/projects/…`, `/blog/…`) share a route: the crawl renders
 * a few of each in the browser (following their links, which are of the same kinds on every page
 * of a route) and asks the server for the rest, which answers 404 for a route it does not know or
 * an expert it does not list. Rendering all 45 demo profiles took four minutes of CI.
 */
const RENDERED_PER_ROUTE = 3;
const routeOf = (path: string) => {
  const segments = new URL(path, 'http://x').pathname.split('/').filter(Boolean);
  return segments.length > 1 ? `/${segments[0]}/*` : `/${segments.join('/')}`;
};

test('a crawl from / following every internal link finds no missing page', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL!).origin;
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const rendered = new Map<string, number>();
  while (queue.length > 0) {
    const path = queue.shift()!;
    const route = routeOf(path);
    if ((rendered.get(route) ?? 0) >= RENDERED_PER_ROUTE) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBeLessThan(400);
      continue;
    }
    rendered.set(route, (rendered.get(route) ?? 0) + 1);
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByRole('heading', { name: "We can't find that page" }), path).toHaveCount(0);
    const hrefs = await page
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname.startsWith('/api/')) continue;
      const key = url.pathname + url.search;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push(key);
    }
  }
  // The crawl reached the pages every visitor can get to, not just the landing page.
  for (const path of [
    '/how-it-works',
    '/blog/institutions-on-demand',
    '/story-3',
    '/cookie-policy',
    '/services/tools',
  ]) {
    expect(seen.has(path), path).toBe(true);
  }
  expect([...seen].some((path) => path.startsWith('/experts/'))).toBe(true);
});

test('public pages are prerendered with title, description, Open Graph tags and canonical URL', async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  expect(paths).toEqual(
    expect.arrayContaining(['/', '/how-it-works', '/faq', '/story-1', '/blog/choose-consultant']),
  );
  for (const path of [
    '/',
    '/how-it-works',
    '/faq',
    '/concierge',
    '/story-2',
    '/blog/trends-freelance-science',
    '/privacy-policy',
    '/find-an-expert',
    '/find-an-expert/subject/data-analysis',
  ]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).toMatch(/<title>[^<]*Sciwise[^<]*<\/title>/);
    expect(head, path).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(head, path).toContain(`<link rel="canonical" href="`);
    expect(head, path).toMatch(
      new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`),
    );
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
      expect(head, `${path} ${property}`).toContain(`<meta property="${property}"`);
    }
    // The content itself is in the HTML, not only after JavaScript.
    expect(html, path).toMatch(
      new RegExp(`<div id="root" data-prerendered="${path}">(<!--\\$-->)?<div[^>]*>`),
    );
    expect(html, path).toMatch(/<h1[^>]*>/);
  }
  const home = await (await request.get('/')).text();
  expect(home).toContain('Work with our network of scientists &amp; industry experts');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Disallow: /profile/');
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});

test('prerendered pages hydrate without errors or mismatch warnings, and ask no third party for anything', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow(); // every prerendered page in a row
  const origin = new URL(baseURL!).origin;
  const thirdParty: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) thirdParty.push(sent.url());
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()} ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${page.url()} ${message.text()}`);
  });
  for (const path of await sitemapPaths(request)) {
    // Only the pages that arrive prerendered hydrate; the rest start from the empty shell.
    if (!(await (await request.get(path)).text()).includes('data-prerendered=')) continue;
    await page.goto(path);
    await waitForInteractive(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(problems).toEqual([]);
  expect(thirdParty).toEqual([]);
});

test('every public page passes axe (WCAG 2.2 AA), with and without reduced motion', async ({
  page,
  request,
}) => {
  // Every public page analysed by axe one after another: about 1.6 minutes alone, more beside a
  // second worker.
  test.setTimeout(360_000);
  const paths = [...(await sitemapPaths(request)), '/find-expert', '/no-such-page'];
  for (const [index, path] of paths.entries()) {
    // Half the pages with the motion of a default visitor, half as a reduced-motion visitor.
    await page.emulateMedia({ reducedMotion: index % 2 === 0 ? 'no-preference' : 'reduce' });
    await gotoInteractive(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
  }
});

test('every image on the public pages has a text alternative', async ({ page }) => {
  for (const path of ['/', '/how-it-works']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.locator('img').first()).toBeVisible();
    expect(await page.locator('img:not([alt])').count(), path).toBe(0);
  }
  // Below the fold, images wait until they are needed.
  await page.goto('/');
  await expect(page.getByTestId('expert-slider').locator('img').first()).toHaveAttribute('loading', 'lazy');
});

test('moving between marketing pages in the app updates the tab title', async ({ page }) => {
  await gotoInteractive(page, '/');
  await expect(page).toHaveTitle('Sciwise — Work with our network of scientists & industry experts');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How it Works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page).toHaveTitle('How it Works — Sciwise');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
  await expect(page).toHaveTitle('Cookie Policy — Sciwise');
});
