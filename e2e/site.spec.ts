import { expect, test } from '@playwright/test';

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
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the header turns solid after scrolling more than 10 px, and is always solid on /how-it-works', async ({
  page,
}) => {
  await page.goto('/');
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

test('navigation dropdowns open one at a time and close on Escape', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const solutions = nav.getByRole('button', { name: 'Solutions' });
  const services = nav.getByRole('button', { name: 'Services' });
  await solutions.click();
  await expect(solutions).toHaveAttribute('aria-expanded', 'true');
  await services.click();
  await expect(services).toHaveAttribute('aria-expanded', 'true');
  await expect(solutions).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Escape');
  await expect(services).toHaveAttribute('aria-expanded', 'false');
  await expect(services).toBeFocused();

  await nav.getByRole('button', { name: 'Find an Expert' }).click();
  await nav.getByRole('link', { name: /Data analysis experts/ }).click();
  await expect(page).toHaveURL(/\/find-an-expert\/subject\/data-analysis$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger drawer holds the menu and closes at 768 px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
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
    await drawer.getByText('Services', { exact: true }).click();
    await drawer.getByRole('link', { name: 'Scientific writing' }).click();
    await expect(page).toHaveURL(/\/services\/scientific-writing$/);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await page.setViewportSize({ width: 800, height: 844 });
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});
