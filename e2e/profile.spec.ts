import { expect, test } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';

const sidebar = [
  { label: 'Profile', path: '/profile', heading: 'Profile' },
  { label: 'My Projects', path: '/profile/my-projects', heading: 'My Projects' },
  { label: 'Browse Projects', path: '/profile/browse', heading: 'Browse Projects' },
  { label: 'Proposals', path: '/profile/proposals', heading: 'Proposals' },
  { label: 'Workspace', path: '/profile/workspace', heading: 'Workspace' },
  { label: 'Payment Details', path: '/profile/payment', heading: 'Payment Details' },
  { label: 'Billing', path: '/profile/billing', heading: 'Billing' },
  { label: 'Scheduled Calls', path: '/profile/calls', heading: 'Scheduled Calls' },
  { label: 'Account Setting', path: '/profile/settings', heading: 'Account Setting' },
];

test('every sidebar link opens its page, /profile/browse included', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/profile/freelancer-dashboard');
  const nav = page.getByRole('navigation', { name: 'Profile' });
  for (const item of sidebar) {
    await nav.getByRole('link', { name: item.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${item.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: item.heading, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/profile\/freelancer-dashboard$/);
  // No public header inside /profile.
  await expect(page.getByRole('link', { name: 'Join as expert' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('the mode toggle switches dashboards, and the mode follows the path on entry', async ({ page }) => {
  await signedInAccount(page);
  await page.goto('/profile/freelancer-dashboard');
  const toggle = page.getByRole('group', { name: 'Dashboard mode' });
  await expect(toggle.getByRole('button', { name: 'Freelancer' })).toHaveAttribute('aria-pressed', 'true');

  await toggle.getByRole('button', { name: 'Project Owner' }).click();
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  await expect(page.getByText("You're managing projects as an owner")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a project' }).first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveAttribute('href', '/profile/project-owner-dashboard');

  await toggle.getByRole('button', { name: 'Freelancer' }).click();
  await expect(page).toHaveURL(/\/profile\/freelancer-dashboard$/);
  await expect(page.getByText('This is your freelance workspace')).toBeVisible();

  await page.goto('/profile/project-owner-dashboard');
  await expect(toggle.getByRole('button', { name: 'Project Owner' })).toHaveAttribute('aria-pressed', 'true');
});

test('profile: edit the name, upload and remove a picture', async ({ page }) => {
  const account = await signedInAccount(page);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText(`Hi, ${account.firstName}!`);
  await page.getByLabel('First name').fill('Dorothy');
  await page.getByLabel('First name').press('Enter');
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toContainText('Hi, Dorothy!');

  await page
    .getByLabel('Choose a profile picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toHaveText('Profile pictures must be PNG, JPEG or WebP images.');

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Choose a profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Your profile picture has been updated.')).toBeVisible();
  await expect(page.getByRole('img', { name: /profile picture/ })).toHaveAttribute(
    'src',
    /\/api\/users\/.+\/avatar/,
  );
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your profile picture has been removed.')).toBeVisible();
  await expect(page.getByRole('img', { name: /profile picture/ })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml/,
  );
});

test('settings: sessions, password change and account deletion', async ({ page, browser }) => {
  const account = await signedInAccount(page);
  // A second device.
  const otherContext = await browser.newContext();
  const login = await otherContext.request.post('/api/Account/Login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);

  await page.goto('/profile/settings');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await sessions.getByRole('button', { name: 'Sign out' }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await otherContext.request.get('/api/me')).status()).toBe(401);
  await otherContext.close();

  await page.getByLabel('Current password').fill('wrong-password-here');
  await page.getByLabel('New password', { exact: true }).fill(`${account.password}-2`);
  await page.getByLabel('Repeat the new password').fill(`${account.password}-2`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Your current password is not correct.');
  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Your password').fill(`${account.password}-2`);
  await confirm.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  const relogin = await page.request.post('/api/Account/Login', {
    data: { email: account.email, password: `${account.password}-2` },
  });
  expect(relogin.status()).toBe(401);
});
