import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';
import { approvedExpert } from './support/experts.ts';
import { gotoInteractive } from './support/site.ts';

// The development identity provider ("Sciwise Dev ID") starts beside the server on the embedded
// defaults; these journeys go through its real redirect, consent page and callback, offline.
// One person (Ada) is created and then returns, so the journeys run in order.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

// SCREENSHOT_DIR=/tmp/x (and SCREENSHOT_WIDTH=390) saves the screens for a look; off in CI.
const shots = process.env.SCREENSHOT_DIR;
const width = Number(process.env.SCREENSHOT_WIDTH ?? 1280);
if (shots) test.use({ viewport: { width, height: 800 } });

async function openLogin(page: Page, path = '/') {
  await gotoInteractive(page, path);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog');
}

/** On the development provider's page: choose a demo person and allow. */
async function allowAs(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Sign in to Sciwise with Sciwise Dev ID' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(name) }).check();
  await page.getByRole('button', { name: 'Allow and continue' }).click();
}

test('a new person signs in with Sciwise Dev ID, is asked once for what the provider did not give, and lands on the dashboard', async ({
  page,
}) => {
  const dialog = await openLogin(page);
  const button = dialog.getByRole('link', { name: 'Continue with Sciwise Dev ID' });
  await expect(button).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/modal-${width}.png` });
  await button.click();
  if (shots) await page.screenshot({ path: `${shots}/consent-${width}.png` });
  await allowAs(page, 'Ada Lovelace');

  await expect(page).toHaveURL(/\/sign-in\/complete$/);
  await expect(page.getByText('ada@dev-id.sciwise.local')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
  if (shots) await page.screenshot({ path: `${shots}/complete-${width}.png`, fullPage: true });
  await page.getByRole('textbox', { name: 'Phone number' }).fill('201 555 0199');
  await page.getByLabel('Yes, I understand and agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  await expect(page.getByText("You're managing projects as an owner")).toBeVisible();
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({
    email: 'ada@dev-id.sciwise.local',
    hasPassword: false,
    phoneNumber: '+12015550199',
  });
});

test('a returning person goes straight to their dashboard, and to the page they came from when there was one', async ({
  page,
}) => {
  const dialog = await openLogin(page);
  await dialog.getByRole('link', { name: 'Continue with Sciwise Dev ID' }).click();
  await allowAs(page, 'Ada Lovelace');
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  // The callback left no code or state in the address or the history.
  expect(page.url()).not.toMatch(/code=|state=/);

  await page.context().clearCookies();
  await gotoInteractive(page, '/join-expert');
  await page.getByRole('button', { name: 'Create your expert account' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Continue with Sciwise Dev ID' }).click();
  await allowAs(page, 'Ada Lovelace');
  await expect(page).toHaveURL(/\/join-expert$/);
});

test('a cancelled consent shows the spec text and a way back', async ({ page }) => {
  const dialog = await openLogin(page);
  await dialog.getByRole('link', { name: 'Continue with Sciwise Dev ID' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/sign-in\/failed\?provider=dev&reason=cancelled$/);
  await expect(page.getByRole('heading', { name: 'Login failed. Please try again.' })).toBeVisible();
  await expect(page.getByText('The sign-in was cancelled before it finished.')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/failed-${width}.png` });
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('dialog').getByRole('link', { name: 'Continue with Sciwise Dev ID' }),
  ).toBeVisible();
});

test('a password account links Sciwise Dev ID from Settings, then signs in with it', async ({ page }) => {
  const account = await signedInAccount(page);
  await gotoInteractive(page, '/profile/settings');
  const card = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(card.getByText('You sign in with your e-mail and password.')).toBeVisible();
  await card.getByRole('link', { name: 'Link Sciwise Dev ID' }).click();
  await allowAs(page, 'Grace Hopper');

  await expect(page).toHaveURL(/\/profile\/settings\?linked=dev$/);
  await expect(card.getByText('Sciwise Dev ID is now linked: you can use it to sign in.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Linked providers' })).toContainText(
    'grace@dev-id.sciwise.local',
  );
  if (shots) await card.screenshot({ path: `${shots}/settings-${width}.png` });

  await page.context().clearCookies();
  const dialog = await openLogin(page);
  await dialog.getByRole('link', { name: 'Continue with Sciwise Dev ID' }).click();
  await allowAs(page, 'Grace Hopper');
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ email: account.email });

  await gotoInteractive(page, '/profile/settings');
  await card.getByRole('button', { name: 'Unlink Sciwise Dev ID' }).click();
  await expect(card.getByText('You sign in with your e-mail and password.')).toBeVisible();
});

/** Both widths of what `target` shows, into SCREENSHOT_DIR (only when it is set). */
async function shotsAtBothWidths(page: Page, name: string, target?: Locator) {
  if (!shots) return;
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 });
    if (target) await target.screenshot({ path: `${shots}/${name}-${size}.png` });
    else await page.screenshot({ path: `${shots}/${name}-${size}.png`, fullPage: true });
  }
}

test('an expert links an ORCID iD through Sciwise Dev ORCID from Settings: the verified mark shows on the profile, in search and in Settings, and goes with the unlink', async ({
  browser,
}) => {
  const subject = `Orcidology ${randomUUID().slice(0, 6)}`;
  const { page, context } = await approvedExpert(browser, subject);
  const { slug } = (await (await page.request.get('/api/expert-application')).json()) as { slug: string };
  await gotoInteractive(page, `/experts/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Verified ORCID/ })).toHaveCount(0);

  await gotoInteractive(page, '/profile/settings');
  const card = page.getByRole('region', { name: 'Sign-in methods' });
  await card.getByRole('link', { name: 'Link Sciwise Dev ORCID' }).click();
  await expect(
    page.getByRole('heading', { name: 'Sign in to Sciwise with Sciwise Dev ORCID' }),
  ).toBeVisible();
  await expect(page.getByText('they are not records on orcid.org')).toBeVisible();
  await page.getByRole('radio', { name: /Rosalind Franklin/ }).check();
  await page.getByRole('button', { name: 'Allow and continue' }).click();

  await expect(page).toHaveURL(/\/profile\/settings\?linked=dev-orcid$/);
  await expect(card.getByText('Sciwise Dev ORCID is now linked')).toBeVisible();
  const mark = /^Verified ORCID 0000-0000-0000-300X development iD/;
  await expect(card.getByRole('link', { name: mark })).toBeVisible();
  await shotsAtBothWidths(page, 'orcid-settings', card);

  // The public profile, as a visitor sees it.
  const visitor = await browser.newPage();
  await gotoInteractive(visitor, `/experts/${slug}`);
  const badge = visitor.getByRole('link', { name: mark });
  await expect(badge).toBeVisible();
  // A development iD links to the development provider's own page, which says what it is.
  const record = await visitor.request.get((await badge.getAttribute('href'))!);
  expect(await record.text()).toContain('It is not a record on orcid.org');
  await shotsAtBothWidths(visitor, 'orcid-profile');

  await gotoInteractive(visitor, `/find-an-expert?q=${encodeURIComponent(subject)}`);
  const result = visitor.getByRole('article').filter({ hasText: 'Bioinformatician for cancer genomics' });
  await expect(result.getByRole('link', { name: mark })).toBeVisible();
  await shotsAtBothWidths(visitor, 'orcid-search-card', result);

  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Unlink Sciwise Dev ORCID' }).click();
  await expect(card.getByRole('link', { name: mark })).toHaveCount(0);
  await gotoInteractive(visitor, `/experts/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Verified ORCID/ })).toHaveCount(0);
  await visitor.close();
  await context.close();
});
