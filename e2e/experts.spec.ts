import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { createAccount, demoAdmin, signInViaApi } from './support/accounts.ts';
import { screenshots } from './support/screenshots.ts';
import { gotoInteractive } from './support/site.ts';

const results = (page: Page) => page.locator('#results[aria-busy="false"]').getByRole('article');

test('find an expert by subject: suggestions, results, shareable URL, card opens the profile', async ({
  page,
}) => {
  // Prerendered: typing waits until React handles the box.
  await gotoInteractive(page, '/find-an-expert');
  const search = page.getByRole('combobox', { name: 'Search subject areas' });
  await search.fill('bioinf');
  const suggestions = page.getByRole('listbox');
  await expect(suggestions.getByRole('option', { name: /Bioinformatics/ })).toBeVisible();
  await suggestions.getByRole('option', { name: /Bioinformatics/ }).click();
  await expect(page).toHaveURL(/[?&]q=Bioinformatics/);
  // The address changes before the new search answers: until then the directory's cards are shown.
  await expect(page.getByText('Showing results for: Bioinformatics')).toBeVisible();
  await expect(results(page).first()).toBeVisible();

  const first = results(page).first().getByRole('link');
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/experts\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${name} — .+ \\| Sciwise$`));
  await expect(page.getByRole('heading', { name: 'Subjects' })).toBeVisible();

  // Signed out: the buttons ask to sign in.
  await page.getByRole('button', { name: 'Message' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a query with a typo still finds experts, and a filter changes the results', async ({ page }) => {
  await page.goto('/find-an-expert?q=bioinformatcs');
  await expect(results(page).first()).toBeVisible();

  await page.goto('/find-an-expert?q=data%20analysis');
  await expect(results(page).first()).toBeVisible();
  const before = await results(page).allTextContents();
  await page.getByLabel('Category', { exact: true }).selectOption('writers');
  await expect(page).toHaveURL(/category=writers/);
  await expect.poll(async () => (await results(page).allTextContents()).join('|')).not.toBe(before.join('|'));
  for (const card of await results(page).allTextContents()) expect(card).toContain('Writers');

  await page.getByLabel('Minimum rating', { exact: true }).selectOption('4');
  await expect(page).toHaveURL(/minRating=4/);
  // An impossible combination shows the helpful empty state.
  await page.goto('/find-an-expert?q=data%20analysis&minRate=9999&maxRate=10000');
  await expect(page.getByRole('heading', { name: 'No experts match your search' })).toBeVisible();
});

test('the subject filter opens that subject page, keeps the other filters, and clears back', async ({
  page,
}) => {
  await gotoInteractive(page, '/find-an-expert?category=data_analysts');
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject.locator('option', { hasText: 'Data analysis' })).toHaveCount(1);
  await subject.selectOption({ label: 'Data analysis' });
  await expect(page).toHaveURL(/\/find-an-expert\/subject\/data-analysis\?category=data_analysts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Data analysis experts' })).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  const api = await page.request.get('/api/experts?subject=data-analysis&category=data_analysts&limit=12');
  const { experts } = (await api.json()) as { experts: { name: string; subjects: string[] }[] };
  expect(experts.length).toBeGreaterThan(0);
  for (const expert of experts) expect(expert.subjects).toContain('Data analysis');
  await expect(results(page).getByRole('heading')).toHaveText(experts.map((expert) => expert.name));

  await page.getByLabel('Subject', { exact: true }).selectOption('');
  await expect(page).toHaveURL(/\/find-an-expert\?category=data_analysts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find an Expert' })).toBeVisible();
});

test('subject pages list that subject, and unknown profiles are a 404 page', async ({ page }) => {
  await page.goto('/find-an-expert/subject/data-analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Data analysis experts' })).toBeVisible();
  await expect(results(page).first()).toBeVisible();
  await page.goto('/experts/no-such-expert-here');
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that expert" })).toBeVisible();
});

test('a member applies, the admin approves, and the profile goes public', async ({ page, browser }) => {
  const account = await createAccount(page.request, { firstName: 'Barbara', lastName: 'Mcclintock' });
  await signInViaApi(page, account);
  await page.goto('/join-expert');
  await expect(page.getByRole('heading', { name: 'Your expert application' })).toBeVisible();

  await page.getByLabel('Category', { exact: true }).selectOption('researchers');
  await page.getByLabel(/Subject areas/).fill('Genomics');
  await page.getByLabel(/Subject areas/).press('Enter');
  await expect(page.getByRole('list', { name: 'Your subjects' })).toContainText('Genomics');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByLabel('Headline', { exact: true }).fill('Maize geneticist for transposon studies');
  await page
    .getByLabel('Bio', { exact: true })
    .fill(
      'Twenty years of cytogenetics and maize genetics. I design crosses, read chromosomes, and explain the results to people who need decisions.',
    );
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByRole('button', { name: 'Add a degree' }).click();
  await page.getByLabel('Degree 1', { exact: true }).fill('PhD Botany');
  await page.getByLabel('Institution', { exact: true }).fill('Cornell University');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.getByLabel('Hourly rate', { exact: true }).fill('120');
  await page.getByLabel('Country you work from', { exact: true }).selectOption('US');
  await page.getByLabel('English', { exact: true }).check();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByText('Everything we need is there.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for vetting' }).click();
  await expect(page.getByText('Your application is with our vetting team')).toBeVisible();
  const { slug } = (await (await page.request.get('/api/expert-application')).json()) as { slug: string };

  // Not public yet.
  expect((await page.request.get(`/api/experts/${slug}`)).status()).toBe(404);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, demoAdmin);
  await admin.goto('/profile/freelancer-dashboard');
  await admin
    .getByRole('navigation', { name: 'Profile' })
    .getByRole('link', { name: 'Expert vetting' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Expert vetting' })).toBeVisible();
  const applicant = `${account.firstName} ${account.lastName}`;
  await admin.getByRole('button', { name: `Review ${applicant}` }).click();
  await expect(admin.getByText(account.email)).toBeVisible();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`${applicant} was approved.`)).toBeVisible();
  await adminContext.close();

  await page.goto(`/experts/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: applicant })).toBeVisible();
  await expect(page.getByText('Maize geneticist for transposon studies')).toBeVisible();
  // On their own profile the expert edits it; inviting themself is not offered.
  await expect(page.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
    'href',
    '/profile/expert-profile',
  );
  await expect(page.getByRole('button', { name: 'Invite to a project' })).toHaveCount(0);
  await page.goto('/join-expert');
  await expect(page.getByRole('link', { name: 'View your public profile' })).toHaveAttribute(
    'href',
    `/experts/${slug}`,
  );
});

test('members do not see the vetting queue', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInViaApi(page, account);
  await page.goto('/profile/admin/vetting');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Expert vetting' })).toHaveCount(0);
});

test('find-an-expert and a profile have no serious or critical axe violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/find-an-expert?q=statistics');
  await expect(results(page).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/find-an-expert');
  await results(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  await expectNoSeriousViolations(page, 'profile');
});

test('the country filter names every country, and shows the one in the URL', async ({ page }) => {
  await page.goto('/find-an-expert?country=GB');
  const country = page.getByLabel('Country', { exact: true });
  await expect(country.locator('option:checked')).toHaveText('United Kingdom');
  await gotoInteractive(page, '/find-an-expert');
  await expect(country.locator('option', { hasText: 'Germany' })).toHaveCount(1);
  await expect(country).toHaveValue('');
});

test('"Nextflow" finds the demo expert through their skills, with the result count and both currencies', async ({
  page,
}, testInfo) => {
  await gotoInteractive(page, '/find-an-expert');
  const search = page.getByRole('combobox', { name: 'Search subject areas' });
  await search.fill('Nextflow');
  await search.press('Enter');
  await expect(page).toHaveURL(/[?&]q=Nextflow/);
  await expect(page.getByRole('heading', { name: 'Experts for “Nextflow”' })).toBeVisible();

  // The demo expert lists Nextflow only among their skills (not in the headline or the bio).
  const demo = results(page).filter({ has: page.getByRole('link', { name: 'Elias Okafor' }) });
  await expect(demo).toHaveCount(1);
  // Their rate in pounds, and beside it the dollar amount the rate filter and sort use.
  await expect(demo).toContainText('£95 /hr');
  await expect(demo).toContainText('≈ $121 /hr');

  const count = page.getByTestId('result-count');
  await expect(count).toHaveText(/^\d+ experts?$/);
  const shown = await results(page).count();
  expect(Number((await count.textContent())!.split(' ')[0])).toBe(shown);
  for (const card of await results(page).all()) await expect(card).toBeVisible();

  await screenshots(page, testInfo, 'directory-nextflow');

  // The profile says the same: the rate in pounds, and what it comes to in dollars.
  await demo.getByRole('link', { name: 'Elias Okafor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Elias Okafor' })).toBeVisible();
  await expect(page.getByText('≈ $121 /hour at our reference exchange rate')).toBeVisible();
  await screenshots(page, testInfo, 'profile-two-currencies', false);

  // A result of more than one page is counted by its own request, shown when it arrives.
  await page.goto('/find-an-expert?q=data%20analysis');
  await expect(results(page).first()).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/^(About |More than )?[\d,]+ experts$/);
  await screenshots(page, testInfo, 'directory-count', false);
});
