import { expect, test, type Page } from '@playwright/test';
import { hiredThroughApi } from './support/hiring.ts';
import { screenshots } from './support/screenshots.ts';

// Titles are up to 120 characters and may hold no space at all (an accession number, a long
// compound name, a pasted URL): no page may run off the screen or draw text over a badge.
const longWord = (prefix: string) =>
  (prefix + 'Deoxyribonucleoproteinhexakisphosphate'.repeat(3)).slice(0, 120);

/** Elements whose text runs past the right edge of the element that holds them, or of the screen. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    for (const element of Array.from(
      document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, main a, main p, main li, main span'),
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      const style = getComputedStyle(element);
      const clipped = style.overflow === 'hidden' || style.textOverflow === 'ellipsis';
      if (!clipped && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        found.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 30)}" is wider than its box`,
        );
      if (box.right > width + 1)
        found.push(
          `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 30)}" runs off the screen`,
        );
    }
    return found;
  });
}

test('long titles without spaces stay inside their cards at 390 px and 1280 px', async ({
  browser,
}, testInfo) => {
  test.slow();
  const projectTitle = longWord('Project');
  const milestoneTitle = longWord('Milestone');
  const { client, expert, contractId } = await hiredThroughApi(browser, projectTitle, [
    { title: milestoneTitle, amountMinor: 50_000, criteria: [longWord('Criterion')] },
    { title: 'Report', amountMinor: 50_000, criteria: [] },
  ]);
  const sentTab = (page: Page) => page.getByRole('tab', { name: /Sent/ }).click();
  const pages: Array<[Page, string, string, ((page: Page) => Promise<void>)?]> = [
    [client.page, '/profile/my-projects', 'my-projects'],
    [client.page, `/profile/workspace/${contractId}`, 'workspace'],
    [client.page, '/profile/workspace', 'workspace-list'],
    [expert.page, '/profile/proposals', 'proposals', sentTab],
  ];
  for (const [page, path, name, open] of pages) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await open?.(page);
      await expect(page.getByText(projectTitle.slice(0, 20)).first()).toBeVisible({ timeout: 30_000 });
      expect(await overflowing(page), `${path} at ${width} px`).toEqual([]);
    }
    await screenshots(page, testInfo, name);
  }

  // In the workspace the milestone's status badge sits beside its name, never under it.
  const page = client.page;
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/profile/workspace/${contractId}`);
  const name = page.getByText(milestoneTitle, { exact: true }).first();
  await expect(name).toBeVisible({ timeout: 30_000 });
  const nameBox = (await name.boundingBox())!;
  const card = page.getByRole('article').filter({ hasText: milestoneTitle }).first();
  const badge = card.getByText('Not funded yet', { exact: true }).first();
  const badgeBox = (await badge.boundingBox())!;
  const overlap =
    nameBox.x < badgeBox.x + badgeBox.width &&
    badgeBox.x < nameBox.x + nameBox.width &&
    nameBox.y < badgeBox.y + badgeBox.height &&
    badgeBox.y < nameBox.y + nameBox.height;
  expect(overlap, 'milestone name and status badge overlap').toBe(false);
  await client.close();
  await expert.close();
});
