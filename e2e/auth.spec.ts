import { expect, test, type Page } from '@playwright/test';
import { createAccount, fillSignUpForm, newAccount, newestMailTo, signInViaApi } from './support/accounts.ts';
import { screenshots } from './support/screenshots.ts';
import { gotoInteractive } from './support/site.ts';

async function openModal(page: Page) {
  await gotoInteractive(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog');
}

test('sign up signs the new user in and lands on /chat', async ({ page }) => {
  const account = newAccount();
  const dialog = await openModal(page);
  await dialog.getByRole('tab', { name: 'Create Account' }).click();
  await fillSignUpForm(page, account);
  await dialog.getByLabel(/occasional e-mails/).check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Direct Message' })).toBeVisible();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();

  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({
    email: account.email,
    heardFrom: 'linkedin',
    newsletterOptIn: true,
    phoneNumber: '+49301234567',
  });
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('auth_token');

  // The profile shows the number as stored, in E.164.
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+49301234567');
});

test('Create Account stays enabled: an empty submit marks each missing field once and focuses the first', async ({
  page,
}, testInfo) => {
  const account = newAccount();
  const dialog = await openModal(page);
  await dialog.getByRole('tab', { name: 'Create Account' }).click();
  const submit = dialog.getByRole('button', { name: 'Create Account' });
  const country = dialog.getByRole('combobox', { name: 'Country', exact: true });
  const phone = dialog.getByRole('textbox', { name: 'Phone number' });
  const privacy = dialog.getByLabel('Yes, I understand and agree to the Privacy Policy');
  const newsletter = dialog.getByLabel(/occasional e-mails/);

  // Every country, by name with its calling code; +1 (United States) first chosen, as in spec §5.
  await expect(country).toHaveValue('US');
  await expect(country.locator('option:checked')).toHaveText('United States (+1)');
  expect(await country.locator('option').count()).toBeGreaterThan(240);
  for (const label of [
    'Germany (+49)',
    'United Kingdom (+44)',
    'France (+33)',
    'Iran (+98)',
    'India (+91)',
  ]) {
    await expect(country.locator('option', { hasText: label })).toHaveCount(1);
  }

  let signUps = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/User/AddNewUser')) signUps += 1;
  });
  await expect(submit).toBeEnabled();
  await submit.click();
  const messages: [string, ReturnType<typeof dialog.getByLabel>][] = [
    ['Enter your first name.', dialog.getByLabel('First name')],
    ['Enter your last name.', dialog.getByLabel('Last name')],
    ['Enter your e-mail address.', dialog.getByLabel('E-mail', { exact: true })],
    ['Enter your phone number.', phone],
    ['Use at least 8 characters for your password.', dialog.getByLabel('Password', { exact: true })],
    ['Choose how you heard about us.', dialog.getByLabel('How did you hear about us?')],
    ['Please agree to the Privacy Policy to create an account.', privacy],
  ];
  for (const [message, field] of messages) {
    await expect(dialog.getByText(message, { exact: true })).toHaveCount(1);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expect(submit).toBeEnabled();
  await screenshots(page, testInfo, 'sign-up-empty-submit', false);

  // The two checkboxes have separate states.
  await newsletter.check();
  await expect(privacy).not.toBeChecked();

  // A number too short for the chosen country is named as such, and fixed in place.
  await fillSignUpForm(page, account);
  await phone.fill('12');
  await submit.click();
  await expect(dialog.getByText('That phone number is too short for Germany.', { exact: true })).toHaveCount(
    1,
  );
  await expect(phone).toBeFocused();
  await phone.fill('030 1234567');
  await expect(dialog.getByText('That phone number is too short for Germany.')).toHaveCount(0);
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  for (const [message] of messages) await expect(dialog.getByText(message, { exact: true })).toHaveCount(0);
  await screenshots(page, testInfo, 'sign-up-filled', false);

  // A password the form knows is too short is refused before any request is sent.
  await dialog.getByLabel('Password', { exact: true }).fill('short');
  await submit.click();
  await expect(dialog.getByText('Use at least 8 characters for your password.')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toHaveValue(account.firstName);
  expect(signUps).toBe(0);
});

test('signing up with a taken address gets an honest notice in the modal, never an error', async ({
  page,
}) => {
  const existing = await createAccount(page.request);
  const dialog = await openModal(page);
  await dialog.getByRole('tab', { name: 'Create Account' }).click();
  await fillSignUpForm(page, { ...newAccount(), email: existing.email });
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  const notice = dialog.getByRole('status').filter({ hasText: 'Check your inbox' });
  await expect(notice).toContainText(
    `We could not sign you in with this password. If ${existing.email} already has a Sciwise account, we have sent a message there with links to log in or reset your password.`,
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Its button takes the person to the login form.
  await notice.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('a common password is refused by the server and shown at its field', async ({ page }) => {
  const dialog = await openModal(page);
  await dialog.getByRole('tab', { name: 'Create Account' }).click();
  await fillSignUpForm(page, { ...newAccount(), password: 'password1' });
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByRole('alert').first()).toContainText(
    'This password is one of the most common ones',
  );
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the owner of a taken address is e-mailed links that open log in and the reset form', async ({
  page,
  request,
}) => {
  const existing = await createAccount(page.request);
  const attempt = await request.post('/api/User/AddNewUser', {
    data: {
      ...newAccount(),
      email: existing.email,
      phoneNumber: '+44 7400 123456',
      heardFrom: 'other',
    },
  });
  expect(attempt.status()).toBe(201);
  let text = '';
  await expect
    .poll(async () => (text = await newestMailTo(request, existing.email)))
    .toContain('Someone just tried to create a new Sciwise account with this e-mail address.');
  const linkTo = (view: string) => new URL(new RegExp(`https?://\\S+/\\?auth=${view}`).exec(text)![0]);

  const login = linkTo('login');
  await gotoInteractive(page, login.pathname + login.search);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).not.toHaveURL(/auth=/);
  await page.keyboard.press('Escape');

  const forgot = linkTo('forgot');
  await gotoInteractive(page, forgot.pathname + forgot.search);
  await expect(dialog.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});

test('a wrong password shows the server message and keeps the modal open', async ({ page }) => {
  const account = await createAccount(page.request);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-right-one');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The e-mail or password is incorrect.');
  await expect(dialog).toBeVisible();
});

test('log in goes to the dashboard; logout revokes the session and returns to /', async ({ page }) => {
  const account = await createAccount(page.request);
  const dialog = await openModal(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await expect(dialog).toBeHidden();
  // A new account has no expert profile: its work is hiring, so it lands in Project Owner mode.
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  await expect(page.getByText("You're managing projects as an owner")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_data'))).toContain(account.email);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByText(`Welcome back, ${account.firstName}`)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user_data'))).toBeNull();
  expect((await page.request.get('/api/me')).status()).toBe(401);
});

test('the modal closes on Escape, the close button and the backdrop, and gives focus back', async ({
  page,
}) => {
  const dialog = await openModal(page);
  const opener = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await opener.click();
  await page.mouse.click(10, 790);
  await expect(dialog).toBeHidden();
});

test('a signed-out visit to /profile/settings opens the sign-in over it, and signing in shows it', async ({
  page,
}) => {
  const account = await createAccount(page.request);
  await page.goto('/profile/settings');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeAttached();
  await dialog.getByLabel('E-mail').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByRole('heading', { name: 'Account Setting' })).toBeVisible();
});

test('logging out in one tab signs the other tab out too', async ({ page, context }) => {
  await signInViaApi(page, await createAccount(page.request));
  await page.goto('/profile/settings');
  await expect(page.getByRole('heading', { name: 'Account Setting' })).toBeVisible();
  const other = await context.newPage();
  await other.goto('/profile');
  await other.getByRole('button', { name: /Account menu/ }).click();
  await other.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/\/$/);
  // The tab left behind stays where it was, behind the sign-in.
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Account Setting' })).toBeHidden();
  await expect(page).toHaveURL(/\/profile\/settings$/);
});

test('password reset works end to end through the e-mailed link', async ({ page, request }) => {
  const account = await createAccount(page.request);
  const dialog = await openModal(page);
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const text = await newestMailTo(request, account.email);
      link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(text)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.keyboard.press('Escape');

  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  const newPassword = `${account.password}-renewed`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  // The link works once.
  const again = await page.request.post('/api/Account/ResetPassword', {
    data: { token: url.searchParams.get('token'), password: `${newPassword}-again` },
  });
  expect(again.status()).toBe(400);

  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('dialog').getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByRole('dialog').getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();
});
