import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { screenshots } from './support/screenshots.ts';
import { openWorkspace } from './support/workspace.ts';

const TOPIC = 'Walk through the analysis plan';
const LENGTH_MINUTES = 30;
/** The client's browser, and the zone they offer times in: each browser reads them on its own clock. */
const CLIENT_ZONE = 'America/New_York';
/** The expert's browser, half a day ahead of the client. */
const EXPERT_ZONE = 'Asia/Tokyo';

type ClockPart = 'year' | 'month' | 'day' | 'hour' | 'minute';

/** An instant's calendar fields on `zone`'s clock, as numbers. */
function fieldsIn(instant: Date, zone: string): Record<ClockPart, number> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const field = (type: ClockPart) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date-time input's value in `zone`, `days` from today there, at `time` ("2026-03-29T15:00"). */
function wallClock(days: number, time: string, zone: string): string {
  const { year, month, day } = fieldsIn(new Date(Date.now() + days * 86_400_000), zone);
  return `${year}-${pad(month)}-${pad(day)}T${time}`;
}

/** The instant a wall-clock time in `zone` names (one the clocks do not skip). */
function instantOf(wall: string, zone: string): Date {
  const [date, time] = wall.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offset = (at: number) => {
    const there = fieldsIn(new Date(at), zone);
    return Date.UTC(there.year, there.month - 1, there.day, there.hour, there.minute) - at;
  };
  // Twice: the offset at the first guess may be the other side of a clock change.
  return new Date(asUtc - offset(asUtc - offset(asUtc)));
}

/** An instant on a zone's clock, in the words of the page: "Thu 26 Nov", "15:00", "GMT+9". */
function clock(instant: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)!.value;
  return {
    day: `${part('weekday')} ${part('day')} ${part('month')}`,
    year: part('year'),
    time: `${part('hour')}:${part('minute')}`,
    zoneName: part('timeZoneName'),
  };
}

/** A call's slot on the viewer's clock: "Fri 27 Nov, 00:00–00:30 (GMT+9)", the year only when not this one. */
function span(instant: Date, zone: string): string {
  const begins = clock(instant, zone);
  const ends = clock(new Date(instant.getTime() + LENGTH_MINUTES * 60_000), zone);
  const year = begins.year === clock(new Date(), zone).year ? '' : ` ${begins.year}`;
  const end = ends.day === begins.day ? ends.time : `${ends.day}, ${ends.time}`;
  return `${begins.day}${year}, ${begins.time}–${end} (${begins.zoneName})`;
}

/** The same slot with the offerer's clock after it: "… · Thu 26 Nov, 10:00 in America/New_York". */
function spanWithOfferer(instant: Date, zone: string, offeredIn: string): string {
  const ours = clock(instant, zone);
  const theirs = clock(instant, offeredIn);
  const when = theirs.day === ours.day ? theirs.time : `${theirs.day}, ${theirs.time}`;
  return `${span(instant, zone)} · ${when} in ${offeredIn}`;
}

test('a client proposes a call from the workspace, the expert picks the second time, and both see it booked', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const title = 'Tumour RNA-seq analysis';
  const { client, expert, contractId } = await hiredThroughApi(
    browser,
    title,
    [{ title: 'Analysis plan', amountMinor: 50_000, criteria: [] }],
    { client: { timezoneId: CLIENT_ZONE }, expert: { timezoneId: EXPERT_ZONE } },
  );
  // Fixed wall-clock times in New York, days ahead: what each side should read is worked out here.
  const offered = [wallClock(3, '10:00', CLIENT_ZONE), wallClock(4, '15:00', CLIENT_ZONE)];
  const [first, picked] = offered.map((wall) => instantOf(wall, CLIENT_ZONE)) as [Date, Date];

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
  // The device's own zone comes first; the client offers in it.
  await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue(CLIENT_ZONE);
  await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption(CLIENT_ZONE);
  await dialog.getByLabel('Time 1', { exact: true }).fill(offered[0]!);
  await dialog.getByLabel('Time 2', { exact: true }).fill(offered[1]!);
  await expectNoSeriousViolations(client.page, 'propose a call dialog');
  await dialog.getByRole('button', { name: 'Propose call' }).click();
  await expect(dialog).toBeHidden();
  const proposed = clientCalls.getByRole('article', { name: TOPIC });
  await expect(proposed).toContainText('Proposed');
  await expect(proposed).toContainText(`Waiting for ${expert.account.firstName}`);
  // On their own clock, the client reads the times as they typed them.
  await expect(proposed.getByRole('list', { name: 'Times offered' }).getByRole('listitem')).toHaveText([
    span(first, CLIENT_ZONE),
    span(picked, CLIENT_ZONE),
  ]);

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
  // Tokyo's clock first, then the clock the times were offered on.
  await expect(card.getByRole('group', { name: 'Pick a time' }).locator('label')).toHaveText([
    spanWithOfferer(first, EXPERT_ZONE, CLIENT_ZONE),
    spanWithOfferer(picked, EXPERT_ZONE, CLIENT_ZONE),
  ]);
  const firstTime = span(first, EXPERT_ZONE);
  const pickedTime = span(picked, EXPERT_ZONE);
  await expectNoSeriousViolations(page, 'scheduled calls, awaiting an answer');
  await screenshots(page, testInfo, 'calls-awaiting-answer');

  await times.nth(1).check();
  await card.getByRole('button', { name: 'Confirm this time' }).click();
  await expect(page.getByText(`Call confirmed for ${pickedTime}.`)).toBeVisible();
  await expect(card).toContainText('Confirmed');
  // Booked in New York's zone: the expert reads it on both clocks.
  await expect(card.locator(`time[datetime="${picked.toISOString()}"]`).locator('..')).toHaveText(
    spanWithOfferer(picked, EXPERT_ZONE, CLIENT_ZONE),
  );
  await expect(card).not.toContainText(firstTime);
  await expect(card.getByRole('link', { name: /^Join call/ })).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    /\/api\/calls\/[\w-]+\/calendar\.ics$/,
  );
  await expectNoSeriousViolations(page, 'scheduled calls, confirmed');
  await screenshots(page, testInfo, 'calls-confirmed');

  // The client sees the same booked time under Upcoming, on New York's clock alone (through the
  // page's longer path, which opens the same page).
  const longPath = await client.page.goto('/profile/scheduled-calls');
  expect(longPath?.status()).toBe(200);
  await expect(client.page.getByRole('heading', { level: 1, name: 'Scheduled Calls' })).toBeVisible();
  const clientCard = client.page.getByRole('article', { name: TOPIC });
  await expect(clientCard).toContainText('Confirmed', { timeout: 30_000 });
  await expect(clientCard.locator(`time[datetime="${picked.toISOString()}"]`).locator('..')).toHaveText(
    span(picked, CLIENT_ZONE),
  );
  await expect(client.page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');

  await client.close();
  await expert.close();
});
