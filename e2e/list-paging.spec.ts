import { expect, test } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';

/** The web asks for pages of LIST_PAGE_DEFAULT (packages/contracts/src/paging.ts). */
const LIST_PAGE_DEFAULT = 20;
/** More than a page of the paged member lists: the last ones only come with Show more. */
const MORE_THAN_A_PAGE = LIST_PAGE_DEFAULT + 2;

test('the chat sidebar shows a page of conversations, and Show more reveals the older ones', async ({
  page,
}) => {
  await signedInAccount(page);
  // The concierge's welcome comes first (oldest); then one conversation with each of 22 experts.
  expect((await page.request.get('/api/conversations')).status()).toBe(200);
  const search = await page.request.get(`/api/experts?limit=${MORE_THAN_A_PAGE}&sort=rating`);
  const { experts } = (await search.json()) as { experts: { slug: string; name: string }[] };
  expect(experts).toHaveLength(MORE_THAN_A_PAGE);
  for (const expert of experts) {
    const opened = await page.request.post('/api/conversations', { data: { expertSlug: expert.slug } });
    expect(opened.status()).toBe(200);
  }

  await page.goto('/chat');
  const list = page.getByRole('list', { name: 'Conversations' });
  await expect(list.getByRole('button')).toHaveCount(LIST_PAGE_DEFAULT);
  // Newest first: the last expert opened is on top; the welcome is on the page not loaded yet.
  await expect(list.getByRole('button').first()).toContainText(experts.at(-1)!.name);
  await expect(list.getByRole('button', { name: /Sciwise Concierge/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show older conversations' }).click();
  await expect(list.getByRole('button')).toHaveCount(MORE_THAN_A_PAGE + 1);
  await expect(list.getByRole('button').last()).toContainText('Sciwise Concierge');
  // The end of the list: no button promises more.
  await expect(page.getByRole('button', { name: 'Show older conversations' })).toHaveCount(0);

  // A live message to a conversation lifts it to the top, once.
  const oldestExpert = experts[0]!;
  const conversation = await page.request.post('/api/conversations', {
    data: { expertSlug: oldestExpert.slug },
  });
  const { id } = (await conversation.json()) as { id: string };
  expect(
    (
      await page.request.post(`/api/conversations/${id}/messages`, { data: { text: 'Still free in May?' } })
    ).status(),
  ).toBe(201);
  await expect(list.getByRole('button').first()).toContainText('Still free in May?');
  await expect(list.getByRole('button')).toHaveCount(MORE_THAN_A_PAGE + 1);
  await expect(list.getByRole('button', { name: new RegExp(oldestExpert.name) })).toHaveCount(1);
});

test('My Projects shows a page of projects, and Show more reveals the older ones', async ({ page }) => {
  await signedInAccount(page);
  for (let n = 1; n <= MORE_THAN_A_PAGE; n += 1) {
    const created = await page.request.post('/api/projects', { data: { title: `Paging study ${n}` } });
    expect(created.status()).toBe(201);
  }
  await page.goto('/profile/my-projects');
  const rows = page.getByRole('tabpanel').getByRole('listitem');
  await expect(rows).toHaveCount(LIST_PAGE_DEFAULT);
  await expect(page.getByRole('tab', { name: `Drafts (${LIST_PAGE_DEFAULT}+)` })).toBeVisible();
  await expect(rows.first()).toContainText(`Paging study ${MORE_THAN_A_PAGE}`);
  await expect(page.getByText('Paging study 1', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show older projects' }).click();
  await expect(rows).toHaveCount(MORE_THAN_A_PAGE);
  await expect(rows.last()).toContainText('Paging study 1');
  await expect(page.getByRole('tab', { name: `Drafts (${MORE_THAN_A_PAGE})` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show older projects' })).toHaveCount(0);
});
