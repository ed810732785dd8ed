import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { createAccount, signInViaApi, signedInAccount, type TestAccount } from './support/accounts.ts';

const demoExpert: TestAccount = {
  email: 'expert@demo.sciwise.local',
  password: 'demo-expert-lab-2026',
  firstName: 'Elias',
  lastName: '',
};

async function expertPage(
  browser: Browser,
): Promise<{ page: Page; slug: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, demoExpert);
  const { slug } = (await (await page.request.get('/api/expert-application')).json()) as { slug: string };
  return { page, slug, close: () => context.close() };
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

test('a new member finds Sciwise Concierge waiting with a welcome', async ({ page }) => {
  const account = await signedInAccount(page);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list.getByRole('button', { name: /Sciwise Concierge/ })).toBeVisible();
  await expect(messages(page)).toContainText(`Welcome to Sciwise, ${account.firstName}!`);
});

test('a device signed out from another one leaves the chat at once, signed out', async ({
  page,
  browser,
}) => {
  const account = await signedInAccount(page);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Message' })).toBeVisible();
  await expect(page.locator('[data-connection="connected"]')).toBeVisible();

  // The same person, on another device, signs out every other device.
  const otherDevice = await browser.newContext();
  await signInViaApi(await otherDevice.newPage(), account);
  expect((await otherDevice.request.post('/api/me/sessions/revoke-others')).status()).toBe(200);

  // Without a click or a reload, the chat's socket is ended and the sign-in opens over the chat.
  await expect(page.getByRole('dialog').getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toBeAttached();
  await expect(page).toHaveURL(/\/chat$/);
  await otherDevice.close();
});

test('two people chat: the message appears for both, with unread badge, read state and live bell', async ({
  page,
  browser,
}) => {
  const expert = await expertPage(browser);
  const client = await createAccount(page.request, {
    firstName: 'Grace',
    lastName: `Hopper${Date.now() % 10_000}`,
  });
  await signInViaApi(page, client);
  const clientName = `${client.firstName} ${client.lastName}`;

  // The expert waits on the dashboard; the bell counts what arrives.
  await expert.page.goto('/profile/freelancer-dashboard');
  const bell = expert.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const bellBefore = (await bell.getAttribute('aria-label')) ?? '';

  // The client opens the conversation from the expert's profile.
  await page.goto(`/experts/${expert.slug}`);
  await page.getByRole('link', { name: 'Message' }).click();
  await expect(page).toHaveURL(/\/chat\?conversation=/);
  await expect(page.getByText('No messages yet. Say hello!')).toBeVisible();
  await composer(page).fill('Hello! Could you review my protocol?');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  await expect(messages(page)).toContainText('Hello! Could you review my protocol?');
  await expect(page.getByTestId('message-status')).toHaveText('Sent');

  // Live: the expert's bell moves without a reload.
  await expect(bell).not.toHaveAttribute('aria-label', bellBefore);
  await expect(bell).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
  await expect(expert.page.getByRole('link', { name: /^Messages, \d+ unread$/ })).toBeVisible();

  // In the chat, another conversation is open; the client's row counts unread messages live.
  const list = (await (await expert.page.request.get('/api/conversations')).json()) as {
    conversations: Array<{ id: string; other: { isConcierge: boolean } }>;
  };
  const concierge = list.conversations.find((conversation) => conversation.other.isConcierge)!;
  await expert.page.goto(`/chat?conversation=${concierge.id}`);
  const row = expert.page.getByRole('button', { name: new RegExp(clientName) });
  await expect(row.getByTestId('unread-badge')).toHaveText(/1\s*1 unread/);
  await composer(page).fill('It is a stability study.');
  await composer(page).press('Enter');
  await expect(row.getByTestId('unread-badge')).toHaveText(/2\s*2 unread/);
  await expect(page.getByTestId('message-status')).toHaveText('Sent');
  await row.click();
  await expect(messages(expert.page)).toContainText('Hello! Could you review my protocol?');
  await expect(messages(expert.page)).toContainText('It is a stability study.');
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);

  // The client sees that it was read.
  await expect(page.getByTestId('message-status')).toHaveText('Read');

  // Typing shows on the other side; Shift+Enter makes a new line; the Send button works too.
  await composer(expert.page).pressSequentially('Sure');
  await expect(page.getByText(/is typing…/)).toBeVisible();
  await composer(expert.page).press('Shift+Enter');
  await composer(expert.page).pressSequentially('send it over.');
  await expert.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(composer(expert.page)).toHaveValue('');
  await expect(messages(page)).toContainText('Sure\nsend it over.');
  await expect(messages(expert.page)).toContainText('Sure\nsend it over.');

  // Empty and whitespace-only messages are not sent.
  await composer(page).fill('   ');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  await composer(page).press('Enter');
  await expect(messages(page).getByRole('listitem')).toHaveCount(3);
  await expert.close();
});

test('on a phone the list and the chat are separate views', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAccount(page);
  await page.goto('/chat');
  const list = page.getByRole('list', { name: 'Conversations' });
  await list.getByRole('button', { name: /Sciwise Concierge/ }).click();
  await expect(list).toBeHidden();
  await expect(messages(page)).toContainText('Welcome to Sciwise');
  await composer(page).fill('Hi, I need a statistician.');
  await composer(page).press('Enter');
  await expect(messages(page)).toContainText('Hi, I need a statistician.');
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(list.getByRole('button', { name: /Sciwise Concierge/ })).toContainText(
    'You: Hi, I need a statistician.',
  );
});

test('a dropped connection shows "Reconnecting…", and a message written meanwhile goes out when it is back', async ({
  page,
}) => {
  // Websockets pass through this route, so the test can cut them the way a flaky network does:
  // while "down", new connections hang without an answer, as they would with no network.
  let networkUp = true;
  const open: WebSocketRoute[] = [];
  const held: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (!networkUp) {
      held.push(ws);
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  await signedInAccount(page);
  await page.goto('/chat');
  await expect(messages(page)).toContainText('Welcome to Sciwise');

  // The page loads its history over HTTP; wait for the socket too before cutting it.
  await expect(page.locator('[data-connection="connected"]')).toBeVisible();
  expect(open.length).toBeGreaterThan(0);
  networkUp = false;
  for (const ws of open.splice(0)) await ws.close().catch(() => undefined);
  await expect(page.getByText('Reconnecting…')).toBeVisible();
  await composer(page).fill('Sent while offline');
  await composer(page).press('Enter');
  await expect(page.getByTestId('message-status').last()).toHaveText('Sending…');

  networkUp = true;
  // The attempts that hung now fail, and the next one goes through. Socket.IO's client bounds how
  // long that takes: an attempt that hears nothing gives up after its connect timeout (20 s), and
  // the next waits its back-off (up to 5 s, ± 50 %); a loaded machine can need the whole of both.
  for (const ws of held.splice(0)) await ws.close().catch(() => undefined);
  await expect(page.getByText('Reconnecting…')).toBeHidden({ timeout: 35_000 });
  await expect(messages(page).getByText('Sent while offline')).toHaveCount(1);
  await expect(page.getByTestId('message-status')).toHaveText('Sent');
  // Stored once, as the server's history shows after a reload.
  await page.reload();
  await expect(messages(page).getByText('Sent while offline')).toHaveCount(1);
});

for (const width of [390, 1280]) {
  test(`long addresses, long words and emoji wrap inside their bubble at ${width} px, and addresses are safe links`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signedInAccount(page);
    await page.goto('/chat');
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /Sciwise Concierge/ })
      .click();
    const address = `https://data.example.org/datasets/${'sequencing-run-'.repeat(12)}final.fastq.gz?token=${'a1b2'.repeat(20)}`;
    const text = `Raw reads: ${address}. Gene: ${'pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3)} 🧬🧪🔬`;
    await composer(page).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    // Stored: the bubble measured below is the stored message's, not the pending one it replaces
    // (measured during that swap, the bubble had no box, once in a CI run).
    await expect(page.getByTestId('message-status')).toHaveText('Sent');
    const link = messages(page).getByRole('link', { name: address });
    await expect(link).toBeVisible();
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('href')).toBe(address);

    const scroller = page.getByTestId('message-scroller');
    const bubble = messages(page).getByText('Gene:', { exact: false });
    await expect(bubble).toBeVisible();
    const [scrollBox, bubbleBox, sendBox] = await Promise.all([
      scroller.boundingBox(),
      bubble.boundingBox(),
      page.getByRole('button', { name: 'Send' }).boundingBox(),
    ]);
    // Nothing wider than the conversation, nothing scrolled sideways, Send on screen.
    expect(bubbleBox!.x + bubbleBox!.width).toBeLessThanOrEqual(scrollBox!.x + scrollBox!.width);
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(sendBox!.x + sendBox!.width).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`chat-long-text-${width}.png`) });
  });
}
