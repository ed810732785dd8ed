import { expect, test, type Locator } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { screenshots } from './support/screenshots.ts';
import { openWorkspace } from './support/workspace.ts';

const TOPIC = 'Walk through the analysis plan';
/** The client offers times on New York's clock; each browser reads them on its own. */
const OFFERED_IN = 'America/New_York';

/** A date-time input's value `days` from today at `time` ("2026-03-29T15:00"), far enough ahead for the server. */
function wallClock(days: number, time: string): string {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}`;
}

/** A slot as the page shows it in the viewer's zone ("Thu 5 Mar, 20:00–20:30 (GMT)"), without the offerer's clock. */
async function viewerTime(option: Locator): Promise<string> {
  const label = (await option.textContent()) ?? '';
  return label.split(' · ')[0]!.trim();
}

test('a client proposes a call from the workspace, the expert picks the second time, and both see it booked', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const title = 'Tumour RNA-seq analysis';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: 'Analysis plan', amountMinor: 50_000, criteria: [] },
  ]);

  // The client proposes two times from the contract's workspace, in New York time.
  await openWorkspace(client.page, contractId, title);
  const clientCalls = client.page.getByRole('region', { name: 'Calls' });
  await expect(clientCalls).toContainText('No calls yet');
  await clientCalls.getByRole('button', { name: 'Schedule a call' }).click();
  const dialog = client.page.getByRole('dialog', { name: `Propose a call with ${expert.name}` });
  await dialog.getByRole('textbox', { name: 'Topic' }).fill(TOPIC);
  await dialog
    .getByRole('textbox', { name: 'Agenda' })
    .fill('Which covariates to adjust for, and which figures the board needs.');
  await dialog.getByRole('combobox', { name: 'Length' }).selectOption('30');
  await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption(OFFERED_IN);
  await dialog.getByLabel('Time 1', { exact: true }).fill(wallClock(3, '10:00'));
  await dialog.getByLabel('Time 2', { exact: true }).fill(wallClock(4, '15:00'));
  await expectNoSeriousViolations(client.page, 'propose a call dialog');
  await dialog.getByRole('button', { name: 'Propose call' }).click();
  await expect(dialog).toBeHidden();
  const proposed = clientCalls.getByRole('article', { name: TOPIC });
  await expect(proposed).toContainText('Proposed');
  await expect(proposed).toContainText(`Waiting for ${expert.account.firstName}`);

  // The expert finds it on Scheduled Calls, awaiting their answer, and picks the second time.
  const page = expert.page;
  await page.goto('/profile/calls');
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('One call is awaiting your answer')).toBeVisible();
  const card = page.getByRole('article', { name: TOPIC });
  await expect(card).toContainText('Awaiting your answer');
  await expect(card).toContainText(`With ${client.name}`);
  const times = card.getByRole('group', { name: 'Pick a time' }).getByRole('radio');
  await expect(times).toHaveCount(2);
  const labels = card.getByRole('group', { name: 'Pick a time' }).locator('label');
  const firstTime = await viewerTime(labels.nth(0));
  const pickedTime = await viewerTime(labels.nth(1));
  expect(pickedTime).not.toBe(firstTime);
  await expectNoSeriousViolations(page, 'scheduled calls, awaiting an answer');
  await screenshots(page, testInfo, 'calls-awaiting-answer');

  await times.nth(1).check();
  await card.getByRole('button', { name: 'Confirm this time' }).click();
  await expect(page.getByText(`Call confirmed for ${pickedTime}.`)).toBeVisible();
  await expect(card).toContainText('Confirmed');
  await expect(card).toContainText(pickedTime);
  await expect(card).not.toContainText(firstTime);
  await expect(card.getByRole('link', { name: /^Join call/ })).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    /\/api\/calls\/[\w-]+\/calendar\.ics$/,
  );
  await expectNoSeriousViolations(page, 'scheduled calls, confirmed');
  await screenshots(page, testInfo, 'calls-confirmed');

  // The client sees the same booked time under Upcoming.
  await client.page.goto('/profile/calls');
  const clientCard = client.page.getByRole('article', { name: TOPIC });
  await expect(clientCard).toContainText('Confirmed', { timeout: 30_000 });
  await expect(clientCard).toContainText(pickedTime);
  await expect(client.page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');

  await client.close();
  await expert.close();
});
