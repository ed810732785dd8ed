import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi, type Person } from './support/hiring.ts';
import { approvedThroughApi, fundedThroughApi, milestoneIds, submittedThroughApi } from './support/money.ts';
import { screenshots } from './support/screenshots.ts';
import { openWorkspace } from './support/workspace.ts';

const MILESTONE = 'Differential expression report';

/** Fund, deliver and release the one milestone through the API, then end the contract through its route. */
async function endThroughApi(client: Person, expert: Person, contractId: string) {
  const [milestoneId] = await milestoneIds(client.page, contractId);
  await fundedThroughApi(client.page, milestoneId!);
  await submittedThroughApi(expert.page, milestoneId!);
  await approvedThroughApi(client.page, milestoneId!);
  const ended = await client.page.request.post(`/api/contracts/${contractId}/end`);
  expect(ended.status(), await ended.text()).toBe(200);
  return ((await ended.json()) as { expert: { slug: string } }).expert.slug;
}

test('both sides review an ended contract, double-blind, and the review shows on the expert’s profile with the answer', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const title = 'RNA-seq analysis for a board meeting';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 80_000, criteria: [] },
  ]);
  const slug = await endThroughApi(client, expert, contractId);

  // The expert reviews first: stars as a radio group, a counted text, the immutability said up front.
  await openWorkspace(expert.page, contractId, title);
  const expertCard = expert.page.getByRole('region', { name: 'Leave a review' });
  await expect(expertCard).toContainText('A review cannot be changed once submitted.');
  await expertCard.getByRole('button', { name: 'Submit review' }).click();
  await expect(expertCard).toContainText('Choose an overall rating from 1 to 5 stars.');
  await expertCard
    .getByRole('group', { name: `Overall, how was working with ${client.name}?` })
    .getByRole('radio', { name: '4 stars: very good' })
    .check();
  const expertText = 'A clear brief and quick answers to every question. Paid promptly.';
  await expertCard.getByRole('textbox', { name: 'Your review' }).fill(expertText);
  await expect(expertCard).toContainText(`${expertText.length} / 1000`);
  await expectNoSeriousViolations(expert.page, 'review form, expert');
  await expertCard.getByRole('button', { name: 'Submit review' }).click();
  const expertReviews = expert.page.getByRole('region', { name: 'Reviews' });
  await expect(expertReviews).toContainText('Your review is hidden until');
  await expect(expertReviews).toContainText(`or until ${client.name} writes theirs`);
  await expect(expertReviews).toContainText(expertText);

  // The client is told a review exists, not what it says, and rates the categories too.
  await openWorkspace(client.page, contractId, title);
  const clientCard = client.page.getByRole('region', { name: 'Leave a review' });
  await expect(clientCard).toContainText(`${expert.name} has written their review.`);
  await expect(client.page.getByText(expertText)).toHaveCount(0);
  await clientCard
    .getByRole('group', { name: `Overall, how was working with ${expert.name}?` })
    .getByRole('radio', { name: '5 stars: excellent' })
    .check();
  for (const [category, stars] of [
    ['Quality of work', '5 stars: excellent'],
    ['Communication', '4 stars: very good'],
    ['Timeliness', '5 stars: excellent'],
  ] as const)
    await clientCard.getByRole('group', { name: category }).getByRole('radio', { name: stars }).check();
  const clientText = 'Clear figures our board understood at once, and delivered ahead of the meeting.';
  await clientCard.getByRole('textbox', { name: 'Your review' }).fill(clientText);
  await expectNoSeriousViolations(client.page, 'review form, client');
  await screenshots(client.page, testInfo, 'review-form-client');
  await clientCard.getByRole('button', { name: 'Submit review' }).click();
  const clientReviews = client.page.getByRole('region', { name: 'Reviews' });
  await expect(clientReviews).toContainText(`${expert.name}’s review of you`);
  await expect(clientReviews).toContainText(expertText);
  await expect(clientReviews).toContainText(clientText);
  await screenshots(client.page, testInfo, 'reviews-both');

  // The review is on the expert's public profile, with the rating it earned.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/experts/${slug}`);
  const section = visitor.getByRole('region', { name: 'Reviews' });
  await expect(section).toContainText(clientText, { timeout: 30_000 });
  await expect(section).toContainText('5.0 out of 5');
  await expect(section).toContainText('1 review');
  await expect(section.getByText(expertText)).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Answer this review' })).toHaveCount(0);
  await expectNoSeriousViolations(visitor, 'expert profile, reviews');
  await screenshots(visitor, testInfo, 'profile-reviews');

  // The expert answers once, in public.
  await expert.page.goto(`/experts/${slug}`);
  // Signed in, on their own profile: the page knows it once it offers to edit the profile.
  await expect(expert.page.getByRole('link', { name: 'Edit your profile' })).toBeVisible();
  const own = expert.page.getByRole('region', { name: 'Reviews' });
  await own.getByRole('button', { name: 'Answer this review' }).click();
  const answer = own.getByRole('textbox', { name: /Your answer to/ });
  await expect(answer).toBeVisible();
  await answer.fill('Thank you: a pleasure to work with your team.');
  await expectNoSeriousViolations(expert.page, 'answer form');
  await own.getByRole('button', { name: 'Publish answer' }).click();
  await expect(own).toContainText(`Answer from ${expert.name}`);
  await expect(own.getByRole('button', { name: 'Answer this review' })).toHaveCount(0);
  await visitor.reload();
  await expect(section).toContainText('Thank you: a pleasure to work with your team.', { timeout: 30_000 });
  await screenshots(visitor, testInfo, 'profile-answered');

  await visitorContext.close();
  await client.close();
  await expert.close();
});
