import { expect, test, type Page } from '@playwright/test';
import { screenshots } from './support/screenshots.ts';
import { createAccount, fillSignUpForm, newAccount, type TestAccount } from './support/accounts.ts';

async function logInThroughModal(page: Page, account: TestAccount) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

const applicationHeading = (page: Page) => page.getByRole('heading', { name: 'Your expert application' });

/** A new account signs in from the join page, which then shows its application. */
async function signInToApply(page: Page, name: { firstName: string; lastName: string }) {
  const account = await createAccount(page.request, name);
  await page.goto('/join-expert');
  await page.getByRole('button', { name: 'Sign in to apply' }).click();
  await logInThroughModal(page, account);
  await expect(applicationHeading(page)).toBeVisible();
  return account;
}

test('signing in from the join page comes back to the application, and a half-finished draft survives signing out and in', async ({
  page,
}) => {
  const account = await createAccount(page.request, { firstName: 'Katherine', lastName: 'Johnson' });
  await page.goto('/join-expert');
  await page.getByRole('button', { name: 'Sign in to apply' }).click();
  await logInThroughModal(page, account);
  await expect(page).toHaveURL(/\/join-expert$/);
  await expect(applicationHeading(page)).toBeVisible();

  await page.getByLabel('Category', { exact: true }).selectOption('data_analysts');
  await page.getByLabel(/Subject areas/).fill('Orbital mechanics');
  await page.getByLabel(/Subject areas/).press('Enter');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel('Headline', { exact: true }).fill('Trajectory analysis for launch and re-entry');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/expert-application')).status()).toBe(401);

  await page.goto('/join-expert');
  await page.getByRole('button', { name: 'Sign in to apply' }).click();
  await logInThroughModal(page, account);
  await expect(applicationHeading(page)).toBeVisible();
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('data_analysts');
  await expect(page.getByRole('list', { name: 'Your subjects' })).toContainText('Orbital mechanics');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByLabel('Headline', { exact: true })).toHaveValue(
    'Trajectory analysis for launch and re-entry',
  );
});

test('a visitor who creates an account from the join page lands in a fresh application, not the chat', async ({
  page,
}) => {
  const account = newAccount({ firstName: 'Chien-Shiung', lastName: 'Wu' });
  await page.goto('/join-expert');
  await page.getByRole('button', { name: 'Create your expert account' }).click();
  const dialog = page.getByRole('dialog');
  await fillSignUpForm(page, account);
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/join-expert$/);
  await expect(applicationHeading(page)).toBeVisible();
  await expect(page.getByText('Step 1 of 5', { exact: false })).toBeVisible();
});

test('Enter in the subject picker takes the highlighted suggestion, and the arrow keys choose another', async ({
  page,
}) => {
  await signInToApply(page, { firstName: 'Rosalind', lastName: 'Franklin' });
  await expect(applicationHeading(page)).toBeVisible();

  const picker = page.getByRole('combobox', { name: /Subject areas/ });
  const chosen = page.getByRole('list', { name: 'Your subjects' });
  await picker.fill('bioinf');
  // What Enter will take is shown before it is pressed.
  await expect(page.getByRole('option', { name: 'Bioinformatics', selected: true })).toBeVisible();
  await picker.press('Enter');
  await expect(chosen.getByRole('listitem')).toHaveText(['Bioinformatics']);
  await expect(picker).toHaveValue('');

  // Moving down the list changes what Enter takes.
  await picker.fill('gen');
  const options = page.getByRole('listbox', { name: 'Suggested subjects' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await picker.press('ArrowDown');
  const second = (await options.and(page.locator('[aria-selected="true"]')).textContent())!.trim();
  await picker.press('Enter');
  await expect(chosen).toContainText(second);

  // Words that begin no suggestion are added as typed.
  await picker.fill('Orbital dynamics of tethers');
  await picker.press('Enter');
  await expect(chosen).toContainText('Orbital dynamics of tethers');
  await page.screenshot({ path: test.info().outputPath('subject-picker.png') });
});

test('the application keeps its step in the address: reload stays on it, Back goes to the one before', async ({
  page,
}) => {
  await signInToApply(page, { firstName: 'Rosalind', lastName: 'Franklin' });
  await expect(page.getByText('Step 1 of 5', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // As a person would, the second click waits for step 2: a click while step 1 saves is step 1's.
  await expect(page.getByText('Step 2 of 5', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Step 3 of 5', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=3/);

  await page.reload();
  await expect(page.getByText('Step 3 of 5', { exact: false })).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Step 2 of 5', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Step 2 of 5/ })).toBeFocused();
  await page.goBack();
  await expect(page.getByText('Step 1 of 5', { exact: false })).toBeVisible();
});

test('a rate below the minimum is marked and focused, and the rest of the step is saved', async ({
  page,
}, testInfo) => {
  await signInToApply(page, { firstName: 'Barbara', lastName: 'McClintock' });
  await page
    .getByRole('navigation', { name: 'Application steps' })
    .getByRole('button', { name: /^Step 4\b/ })
    .click();
  await expect(page.getByText('Step 4 of 5', { exact: false })).toBeVisible();

  await page.getByLabel('Country you work from').selectOption('DE');
  await page.getByLabel('Hourly rate').fill('5');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // The step stays, the wrong field says why and has the cursor; the country was saved anyway.
  await expect(page.getByText('Step 4 of 5', { exact: false })).toBeVisible();
  const rate = page.getByLabel('Hourly rate');
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(rate).toBeFocused();
  await expect(page.getByText(/The hourly rate must be at least 10/)).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get('/api/expert-application')).json()).country)
    .toBe('DE');
  await screenshots(page, testInfo, 'application-rate-refused');

  await rate.fill('85');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Step 5 of 5', { exact: false })).toBeVisible();
});
