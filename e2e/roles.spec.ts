import { expect, test, type Page } from '@playwright/test';
import { createAccount, demoAdmin, signInViaApi, type TestAccount } from './support/accounts.ts';
import { screenshots } from './support/screenshots.ts';
import { gotoInteractive } from './support/site.ts';

/** The quick start's demo people (README), as a newcomer would sign in with them. */
const demoClient: TestAccount = {
  email: 'client@demo.sciwise.local',
  password: 'demo-client-lab-2026',
  firstName: 'Clara',
  lastName: '',
};
const demoExpert: TestAccount = {
  email: 'expert@demo.sciwise.local',
  password: 'demo-expert-lab-2026',
  firstName: 'Elias',
  lastName: '',
};

/** Signs in the way a person does: the Login button on the home page, then the modal. */
async function logInFromHome(page: Page, account: TestAccount) {
  await gotoInteractive(page, '/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail', { exact: true }).fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

const modeToggle = (page: Page) => page.getByRole('group', { name: 'Dashboard mode' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Profile' });

test('a client signs in and lands in Project Owner mode on their dashboard', async ({ page }, testInfo) => {
  await logInFromHome(page, demoClient);
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  await expect(page.getByText("You're managing projects as an owner")).toBeVisible();
  await expect(modeToggle(page).getByRole('button', { name: 'Project Owner' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('This is your freelance workspace')).toHaveCount(0);
  // Money from escrow, never a written-in zero.
  await expect(page.getByText('In escrow', { exact: true })).toBeVisible();
  await expect(page.getByText('…')).toHaveCount(0);
  await screenshots(page, testInfo, 'owner-dashboard');

  // The bell names its panel while the panel is there, and only then.
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).not.toHaveAttribute('aria-controls');
  await bell.click();
  await expect(bell).toHaveAttribute('aria-controls', 'notification-panel');
  await expect(page.locator('#notification-panel')).toBeVisible();
});

test('an approved expert lands in Freelancer mode, and is not told to submit for vetting', async ({
  page,
}, testInfo) => {
  await logInFromHome(page, demoExpert);
  await expect(page).toHaveURL(/\/profile\/freelancer-dashboard$/);
  await expect(page.getByText('This is your freelance workspace')).toBeVisible();
  await expect(modeToggle(page).getByRole('button', { name: 'Freelancer' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Your expert profile is live' })).toBeVisible();
  await expect(page.getByText(/submit it for vetting/)).toHaveCount(0);
  await expect(page.getByText('Available to pay out')).toBeVisible();
  await expect(page.getByText('…')).toHaveCount(0);
  await screenshots(page, testInfo, 'freelancer-dashboard');
});

test('the admin lands on an admin home counting what waits, with the way into each queue', async ({
  page,
  browser,
}, testInfo) => {
  // A member writes to the concierge: one conversation at least now awaits a reply.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInViaApi(member, await createAccount(member.request));
  // Listing the conversations opens the one with the concierge, who greets every new member.
  const listed = await member.request.get('/api/conversations');
  expect(listed.ok(), await listed.text()).toBe(true);
  const { conversations } = (await listed.json()) as {
    conversations: Array<{ id: string; other: { isConcierge: boolean } }>;
  };
  const id = conversations.find((conversation) => conversation.other.isConcierge)!.id;
  const asked = await member.request.post(`/api/conversations/${id}/messages`, {
    data: { text: 'Could you find me a statistician for a phase II trial?' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  await memberContext.close();

  await logInFromHome(page, demoAdmin);
  await expect(page).toHaveURL(/\/profile\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible();
  const queues = page.getByRole('list', { name: 'What waits for the team' });
  await expect(queues.getByRole('listitem')).toHaveCount(4);
  const concierge = queues.getByRole('listitem').filter({ hasText: 'Concierge conversations' });
  await expect(concierge).toContainText(
    /[1-9]\d* conversations? ends? with a member’s message, awaiting a reply\./,
  );
  for (const title of ['Expert vetting', 'Disputes', 'Reported content'])
    await expect(queues.getByRole('listitem').filter({ hasText: title })).toContainText(/\d/);
  await screenshots(page, testInfo, 'admin-home');

  await page.setViewportSize({ width: 1280, height: 900 });
  await queues.getByRole('link', { name: 'Open the vetting queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Expert vetting' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Admin home' }).click();
  await queues.getByRole('link', { name: 'Open the disputes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Admin home' }).click();
  await queues.getByRole('link', { name: 'Open the moderation queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reported content' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  await sidebar(page).getByRole('link', { name: 'Admin home' }).click();
  await queues.getByRole('link', { name: 'Answer in Messages' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('the mode last chosen is remembered across a reload, and on another device', async ({
  page,
  browser,
}) => {
  const account = await createAccount(page.request);
  await logInFromHome(page, account);
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);

  await modeToggle(page).getByRole('button', { name: 'Freelancer' }).click();
  await expect(page).toHaveURL(/\/profile\/freelancer-dashboard$/);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/me')).json()) as { dashboardMode: string }).dashboardMode,
    )
    .toBe('freelancer');

  await page.goto('/profile/settings');
  await expect(modeToggle(page).getByRole('button', { name: 'Freelancer' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/profile/freelancer-dashboard',
  );
  await page.reload();
  await expect(modeToggle(page).getByRole('button', { name: 'Freelancer' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Another device: a fresh browser, signing in from the home page, opens where the first left off.
  const other = await browser.newContext();
  const second = await other.newPage();
  await logInFromHome(second, account);
  await expect(second).toHaveURL(/\/profile\/freelancer-dashboard$/);
  await other.close();
});

test('signed in, the public header has the account menu, usable with the keyboard', async ({
  page,
}, testInfo) => {
  const account = await createAccount(page.request);
  await signInViaApi(page, account);
  // A signed-in page confirms the session and leaves this browser's signed-in marker, as after any sign-in.
  await page.goto('/profile/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Setting' })).toBeVisible({
    timeout: 15_000,
  });
  await gotoInteractive(page, '/find-an-expert');
  const menuButton = page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toContainText(`Hi, ${account.firstName}!`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toHaveCount(0);

  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Messages',
    'Notifications',
    'Settings',
    'Logout',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/profile/project-owner-dashboard',
  );
  await screenshots(page, testInfo, 'public-account-menu', false);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Escape closes and gives focus back; the arrows move; Enter follows the link.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Messages' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await screenshots(page, testInfo, 'notifications-page');
});

test('on a phone, Messages is in the profile drawer and in the header, and the public drawer has the account', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await createAccount(page.request);
  await signInViaApi(page, account);
  await page.goto('/profile/settings');
  await screenshots(page, testInfo, 'profile-settings-header');
  await page.setViewportSize({ width: 390, height: 844 });
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Messages' })).toBeVisible();

  await header.getByRole('button', { name: 'Toggle sidebar' }).click();
  const drawer = page.getByRole('dialog', { name: 'Profile menu' });
  await expect(drawer.getByRole('link', { name: 'Messages' })).toBeVisible();
  // The toggle names the menu it opened (found by CSS: the modal drawer makes the header inert).
  await expect(drawer).toHaveAttribute('id', 'profile-sidebar');
  await expect(page.locator('button[aria-label="Toggle sidebar"]')).toHaveAttribute(
    'aria-controls',
    'profile-sidebar',
  );
  // The drawer closes at desktop width (spec §4), so the phone's picture is taken alone.
  await page.screenshot({ path: testInfo.outputPath('profile-drawer-390.png') });
  await drawer.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();

  // The public pages' drawer: the account's places and Logout instead of Login.
  await page.getByRole('banner').getByLabel('Menu', { exact: true }).click();
  const publicDrawer = page.getByRole('navigation', { name: 'Mobile' });
  const yours = publicDrawer.getByRole('list', { name: 'Your account' });
  await expect(yours.getByRole('link')).toHaveText(['Dashboard', 'Messages', 'Notifications', 'Settings']);
  await expect(publicDrawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('public-drawer-390.png') });
  await yours.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/profile\/project-owner-dashboard$/);
  await screenshots(page, testInfo, 'owner-dashboard-new-account');
});
