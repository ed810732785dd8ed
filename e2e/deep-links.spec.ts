import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import {
  createAccount,
  demoAdmin,
  newestMailTo,
  signInViaApi,
  verificationLinkFor,
  type TestAccount,
} from './support/accounts.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { screenshots } from './support/screenshots.ts';

const demoExpertEmail = 'expert@demo.sciwise.local';
const demoExpertPassword = 'demo-expert-lab-2026';

async function logInThroughDialog(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

/** The newest e-mail to `email` whose text matches `pattern`, read as the admin in a context of its own. */
async function mailMatching(email: string, pattern: RegExp): Promise<RegExpMatchArray> {
  const reader = await playwrightRequest.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 4310}`,
  });
  let found: RegExpMatchArray | null = null;
  try {
    await expect
      .poll(async () => (found = (await newestMailTo(reader, email)).match(pattern)), { timeout: 15_000 })
      .toBeTruthy();
  } finally {
    await reader.dispose();
  }
  return found!;
}

test('a signed-out person following a chat link signs in over it and lands in that conversation', async ({
  page,
  browser,
}) => {
  const account = await createAccount(page.request);
  // Their conversation with the concierge, as a link in an e-mail would name it.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInViaApi(other, account);
  const { conversations } = (await (await other.request.get('/api/conversations')).json()) as {
    conversations: { id: string }[];
  };
  await elsewhere.close();
  const link = `/chat?conversation=${conversations[0]!.id}`;

  await page.goto(link);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeAttached();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);
  await screenshots(page, test.info(), 'deep-link-sign-in', false);
  await page.setViewportSize({ width: 1280, height: 800 });

  await logInThroughDialog(page, account);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);
  await expect(page.getByRole('region', { name: 'Conversation with Sciwise Concierge' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
    `Welcome to Sciwise, ${account.firstName}!`,
  );
});

test('closing the sign-in leaves the page with a way back to it', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/profile/settings#notifications');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await logInThroughDialog(page, account);
  await expect(page).toHaveURL(/\/profile\/settings#notifications$/);
  await expect(page.getByRole('heading', { name: 'Account Setting' })).toBeVisible();
});

test('the "quote accepted" e-mail links the expert, signed out, to the workspace of the contract', async ({
  page,
  browser,
}) => {
  test.slow();
  const title = `Deep-link report ${randomUUID().slice(0, 6)}`;
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: 'Analysis', amountMinor: 120_000, criteria: ['Figures for the board'] },
  ]);
  const [, url] = await mailMatching(expert.account.email, /Open the workspace: (\S+)/);
  expect(new URL(url!).pathname).toBe(`/profile/workspace/${contractId}`);

  await page.goto(url!);
  await logInThroughDialog(page, expert.account);
  await expect(page).toHaveURL(new RegExp(`/profile/workspace/${contractId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await Promise.all([client.close(), expert.close()]);
});

test('the e-mail settings list every kind of e-mail, each saved on its own', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInViaApi(page, account);
  await page.goto('/profile/settings#notifications');
  const card = page.getByRole('region', { name: 'Notifications' });
  const boxes = [
    'E-mail me when a message has waited unread for 15 minutes',
    'E-mail me when a client invites me to quote',
    'E-mail me when an expert sends a quote for my project',
    'E-mail me when a client accepts or declines my quote',
  ];
  for (const label of boxes) await expect(card.getByLabel(label)).toBeChecked();
  await card.getByLabel('E-mail me when a client invites me to quote').uncheck();
  await expect(card.getByText('Your notification settings are saved.')).toBeVisible();
  const saved = (await (await page.request.get('/api/me/notification-settings')).json()) as Record<
    string,
    boolean
  >;
  expect(saved).toMatchObject({
    emailQuoteInvitations: false,
    emailNewQuotes: true,
    emailQuoteDecisions: true,
  });
  await page.reload();
  await expect(card.getByLabel('E-mail me when a client invites me to quote')).not.toBeChecked();
  await card.scrollIntoViewIfNeeded();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: test.info().outputPath(`email-settings-${width}.png`) });
  }
});

test('an unconfirmed account sees the banner and the refusal, asks for a new link and confirms', async ({
  page,
  browser,
}) => {
  const account = await createAccount(page.request, {}, { verified: false });
  await signInViaApi(page, account);
  const expertContext = await browser.newContext();
  const expertPage = await expertContext.newPage();
  await signInViaApi(expertPage, { ...demoAdmin, email: demoExpertEmail, password: demoExpertPassword });
  const { slug } = (await (await expertPage.request.get('/api/expert-application')).json()) as {
    slug: string;
  };
  await expertContext.close();

  await page.goto(`/chat?expert=${slug}`);
  const banner = page.getByRole('status').filter({ hasText: 'Please confirm your e-mail address' });
  // The first page of a busy run loads slowly: the banner waits for the account.
  await expect(banner).toContainText(account.email, { timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello, are you free next week?');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByText(
      'Please confirm your e-mail address before you message anyone other than Sciwise Concierge.',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await screenshots(page, test.info(), 'unverified-chat', false);
  await page.setViewportSize({ width: 1280, height: 800 });

  const firstLink = await verificationLinkFor(account.email);
  await banner.getByRole('button', { name: 'Send a new link' }).click();
  await expect(banner).toContainText('We have sent a new confirmation link.');
  await expect.poll(async () => (await verificationLinkFor(account.email)).href).not.toBe(firstLink.href);
  const newest = await verificationLinkFor(account.email);

  await page.goto(newest.pathname + newest.search);
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible();
  await screenshots(page, test.info(), 'email-confirmed');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/chat?expert=${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
  await expect(page.getByText('Please confirm your e-mail address')).toHaveCount(0);
  // The older link was spent by the newer one.
  await page.goto(firstLink.pathname + firstLink.search);
  await expect(page.getByRole('alert')).toContainText('This verification link is invalid, used or expired.');
});

test("the admin's concierge inbox shows who is waiting for a reply", async ({ page, browser }) => {
  const member = await createAccount(page.request, {
    firstName: 'Dorothy',
    lastName: `Waiting${randomUUID().slice(0, 4)}`,
  });
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInViaApi(memberPage, member);
  await memberPage.request.get('/api/conversations');
  const opened = await memberPage.request.post('/api/conversations', {
    data: { userId: '00000000-0000-4000-8000-00000000c0c1' },
  });
  const { id } = (await opened.json()) as { id: string };
  const sent = await memberPage.request.post(`/api/conversations/${id}/messages`, {
    data: { text: 'Could someone help me scope a cryo-EM project?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await memberContext.close();

  await signInViaApi(page, demoAdmin);
  await page.goto('/chat');
  const inbox = page.getByRole('tablist', { name: 'Concierge inbox' });
  await inbox.getByRole('tab', { name: 'Awaiting reply' }).click();
  await expect(page).toHaveURL(/\/chat\?view=awaiting/);
  const waiting = page.getByRole('list', { name: 'Conversations' });
  await expect(waiting.getByRole('button', { name: new RegExp(member.lastName) })).toBeVisible();
  await screenshots(page, test.info(), 'concierge-awaiting-reply', false);
  await page.setViewportSize({ width: 1280, height: 800 });

  await waiting.getByRole('button', { name: new RegExp(member.lastName) }).click();
  // A wide screen already shows the newest conversation, with its own composer: write only once
  // the member's conversation has replaced it, as a person would.
  const conversation = page.getByRole('region', { name: `Conversation with Dorothy ${member.lastName}` });
  await conversation
    .getByRole('textbox', { name: 'Message' })
    .fill('Happy to help: what sample do you have?');
  await conversation.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(waiting.getByRole('button', { name: new RegExp(member.lastName) })).toHaveCount(0);
  // The answered conversation stays open.
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Happy to help');
});
