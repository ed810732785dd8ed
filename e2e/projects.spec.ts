import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import {
  fillSignUpForm,
  newAccount,
  signedInAccount,
  verificationLinkFor,
  type TestAccount,
} from './support/accounts.ts';
import { approvedExpert } from './support/experts.ts';
import { screenshots } from './support/screenshots.ts';

const description =
  'We have RNA-seq counts from 48 tumour samples and need a differential expression analysis, ' +
  'pathway enrichment and a short report with figures for our board meeting.\nSecond paragraph: keep every word.';

async function fillProject(
  page: Page,
  title: string,
  subject: string,
  act: (fn: () => Promise<unknown>) => Promise<void>,
) {
  await act(() => page.getByLabel('Project title').fill(title));
  await act(() => page.getByLabel('Description').fill(description));
  await act(() => page.getByRole('button', { name: /^Next: Expertise/ }).click());
  await act(() => page.getByLabel('Category').selectOption('data_analysts'));
  await act(() => page.getByLabel(/^Subjects/).fill(subject));
  await act(() => page.getByLabel(/^Subjects/).press('Enter'));
  await act(() => page.getByRole('button', { name: /^Next: Budget/ }).click());
  await act(() => page.getByLabel('Minimum budget').fill('1500'));
  await act(() => page.getByLabel('Maximum budget').fill('4000'));
  await act(() => page.getByRole('button', { name: /^Next: Review/ }).click());
}

/** A second person, signed in in a browser of their own, who owns the projects a test lists. */
async function projectOwner(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInAccount(page);
  return { page, close: () => context.close() };
}

/** Posts an open project through the API, as the person signed in on `owner`; returns its id. */
async function postProjectViaApi(owner: Page, fields: Record<string, unknown>): Promise<string> {
  const created = await owner.request.post('/api/projects', { data: { description, ...fields } });
  const { id } = (await created.json()) as { id: string };
  expect((await owner.request.post(`/api/projects/${id}/publish`)).status()).toBe(200);
  return id;
}

test('posts a project from the landing page in under 20 steps', async ({ page }) => {
  test.slow();
  await signedInAccount(page);
  let steps = 0;
  const act = async (fn: () => Promise<unknown>) => {
    steps += 1;
    await fn();
  };
  await act(() => page.goto('/'));
  await act(() =>
    page
      .getByRole('link', { name: /Request a Service/i })
      .first()
      .click(),
  );
  await expect(page).toHaveURL(/\/request-service/);
  await fillProject(page, 'Differential expression analysis of tumour RNA-seq', 'Bioinformatics', act);
  await expect(page.getByText('Draft saved')).toBeVisible();
  await act(() => page.getByRole('button', { name: 'Post project' }).click());

  await expect(page.getByText('Your project is live')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Experts who fit your project' })).toBeVisible();
  expect(steps).toBeLessThan(20);

  await page.getByRole('link', { name: 'My projects' }).click();
  await page.getByRole('tab', { name: /Open/ }).click();
  await expect(
    page.getByRole('link', { name: 'Differential expression analysis of tumour RNA-seq' }),
  ).toBeVisible();

  // A live project can still be edited; the change is saved and shown on its page.
  await page.getByRole('link', { name: 'Differential expression analysis of tumour RNA-seq' }).click();
  await page.getByRole('link', { name: 'Edit project' }).click();
  await page
    .getByLabel('Project title')
    .fill('Differential expression and pathway analysis of tumour RNA-seq');
  await page.getByRole('button', { name: /Review and post/ }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Differential expression and pathway analysis of tumour RNA-seq',
    }),
  ).toBeVisible();
});

test('words typed just before leaving the editor are kept as a draft, and the person is not pulled back', async ({
  page,
}) => {
  await signedInAccount(page);
  await page.goto('/request-service');
  const title = `Stability study of a new buffer ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Project title').fill(title);
  // The save of the last words creates the draft after the editor is gone.
  const draftCreated = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/projects',
  );
  // Leave at once, well inside the autosave's pause: the editor saves its last words as it goes.
  await page.getByRole('link', { name: 'Sciwise home' }).first().click();
  // A signed-in browser goes on from / to its dashboard, and must stay there once the draft exists.
  await expect(page).toHaveURL(/\/profile\//);
  expect((await draftCreated).status()).toBe(201);

  // On through the app, without a reload: a pull back to the editor would show on the way.
  await page.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'My Projects' }).click();
  await page.getByRole('tab', { name: /Drafts/ }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/my-projects/);
});

test('words typed just before closing the tab are kept as a draft', async ({ page, context }) => {
  await signedInAccount(page);
  await page.goto('/request-service');
  const title = `Viscosity of a glycerol series ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Project title').fill(title);
  // Close the tab at once, well inside the autosave's pause: no timer and no unmount runs now.
  await page.close({ runBeforeUnload: true });

  const again = await context.newPage();
  await again.goto('/profile/my-projects');
  await again.getByRole('tab', { name: /Drafts/ }).click();
  await expect(again.getByRole('link', { name: title })).toBeVisible();
});

test('a signed-out visitor fills the form, signs up at the end, and not a word is lost', async ({ page }) => {
  const title = `Pathway analysis ${randomUUID().slice(0, 6)}`;
  // A service page's button opens the form with that service's category and subjects.
  await page.goto('/services/scientific-writing');
  await page.getByRole('main').getByRole('link', { name: 'Post a project' }).first().click();
  await expect(page).toHaveURL(/\/create-project\?service=scientific-writing$/);
  await expectNoSeriousViolations(page, 'post a project');
  await page.getByLabel('Project title').fill(title);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: /^Next: Expertise/ }).click();
  // The service tile pre-filled the category and subjects.
  await expect(page.getByLabel('Category')).toHaveValue('writers');
  await expect(page.getByRole('list', { name: 'Chosen subjects' })).toContainText('Scientific writing');
  await page.getByRole('button', { name: /^Next: Budget/ }).click();
  await page.getByLabel('Minimum budget').fill('800');
  await page.getByLabel('Maximum budget').fill('2000');
  await page.getByRole('button', { name: /^Next: Review/ }).click();
  // A reload keeps the text (this browser holds it until sign-up) and the step; Back goes to the
  // step before, Forward returns.
  await page.reload();
  await expect(page).toHaveURL(/[?&]step=4/);
  await expect(page.getByRole('main')).toContainText(title);
  await page.goBack();
  await expect(page.getByLabel('Minimum budget')).toHaveValue('800');
  await page.goForward();
  await page.getByRole('button', { name: 'Sign up and post project' }).click();

  const account: TestAccount = newAccount();
  const dialog = page.getByRole('dialog');
  await fillSignUpForm(page, account);
  await dialog.getByRole('button', { name: 'Create Account' }).click();

  // A new account posts once its e-mail address is confirmed; until then the draft waits in it.
  await expect(page.getByText(/Please confirm your e-mail address before you post a project/)).toBeVisible();
  const editor = page.url();
  await page.goto((await verificationLinkFor(account.email)).href);
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible();
  await page.goto(editor);
  for (const next of [/^Next: Expertise/, /^Next: Budget/, /^Next: Review/])
    await page.getByRole('button', { name: next }).click();
  await page.getByRole('button', { name: 'Post project' }).click();

  await expect(page.getByText('Your project is live')).toBeVisible();
  await page.getByRole('link', { name: 'View your project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const shown = await page.getByRole('region', { name: 'The brief' }).locator('p').first().innerText();
  expect(shown).toBe(description);
  expect(await page.evaluate(() => localStorage.getItem('sciwise:project-draft'))).toBeNull();
});

test('post, match, invite, quote, accept: two people in two browsers end up in one workspace', async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen pages: give it room on a busy machine.
  test.slow();
  const subject = `Tumour transcriptomics ${randomUUID().slice(0, 6)}`;
  const expert = await approvedExpert(browser, subject);
  await signedInAccount(page);

  // Owner posts and invites the matched expert in one click.
  await page.goto('/create-project');
  await fillProject(page, 'Transcriptomics report for our board', subject, async (fn) => void (await fn()));
  await page.getByRole('button', { name: 'Post project' }).click();
  const match = page.getByRole('listitem').filter({ hasText: expert.account.lastName });
  await expect(match).toContainText(`Works in ${subject}`);
  await match.getByRole('button', { name: /Invite .* to quote/ }).click();
  await expect(match.getByText('Invited')).toBeVisible();
  await expectNoSeriousViolations(page, 'matches');
  const projectUrl = await page.getByRole('link', { name: 'View your project' }).getAttribute('href');

  // The expert, in a second browser, accepts the invitation and quotes.
  const other = expert.page;
  await other.goto('/profile/freelancer-dashboard');
  await other
    .getByRole('link', { name: /invited you to quote on “Transcriptomics report for our board”/ })
    .click();
  await expect(other).toHaveURL(new RegExp(`${projectUrl}$`));
  await other.getByRole('button', { name: 'Accept and quote' }).click();
  await other
    .getByLabel('Cover letter')
    .fill('I run this exact pipeline weekly and will deliver figures your board can read.');
  await other.getByLabel('Duration in days').fill('14');
  await other.getByLabel('Milestone 1', { exact: true }).fill('Analysis and figures');
  await other.getByLabel('Amount 1', { exact: true }).fill('1200');
  await other.getByRole('button', { name: 'Add a milestone' }).click();
  await other.getByLabel('Milestone 2', { exact: true }).fill('Board report');
  await other.getByLabel('Amount 2', { exact: true }).fill('800.50');
  await expect(other.getByText('Total price: $2,000.50')).toBeVisible();
  await other.getByRole('button', { name: 'Send quote' }).click();
  await expect(other.getByText('You have quoted on this project')).toBeVisible();

  // The owner compares and accepts; the workspace opens with the milestones, not yet funded.
  await page.goto('/profile/proposals');
  const card = page.getByRole('article', {
    name: `Quote from ${expert.account.firstName} ${expert.account.lastName}`,
  });
  await expect(card).toContainText('$2,000.50');
  await expectNoSeriousViolations(page, 'proposals');
  await expect(card.getByRole('link', { name: `Message ${expert.account.firstName}` })).toHaveAttribute(
    'href',
    /\/chat\?with=/,
  );
  await card.getByRole('button', { name: 'Accept and hire' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Hire ${expert.account.firstName} for $2,000.50` })
    .click();
  await expect(page).toHaveURL(/\/profile\/workspace\/[0-9a-f-]{36}$/);
  const milestones = page.getByRole('region', { name: 'Milestones' });
  await expect(milestones).toContainText('Analysis and figures');
  await expect(milestones).toContainText('Board report');
  await expect(milestones.getByText('Not funded yet')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'workspace');

  // The expert sees the contract in their workspace list.
  await other.goto('/profile/workspace');
  await other.getByRole('link', { name: 'Transcriptomics report for our board' }).click();
  await expect(other.getByRole('region', { name: 'Milestones' })).toContainText('$1,200');
  await expert.context.close();
});

test('anonymous visitors see the public list and a summary only; invite-only stays hidden', async ({
  page,
  browser,
}) => {
  const { page: owner, close: closeOwner } = await projectOwner(browser);
  const word = `Zymurgy${randomUUID().slice(0, 6)}`;
  const make = (visibility: 'public' | 'invite_only') =>
    postProjectViaApi(owner, {
      title: `${word} ${visibility} fermentation study`,
      category: 'researchers',
      subjects: ['Fermentation'],
      budgetType: 'hourly',
      budgetMinMinor: 5000,
      budgetMaxMinor: 9000,
      currency: 'EUR',
      visibility,
    });
  const publicId = await make('public');
  const hiddenId = await make('invite_only');

  await page.goto(`/projects?q=${word}`);
  const list = page.getByRole('region', { name: 'Open projects' });
  await expect(list.getByRole('link', { name: `${word} public fermentation study` })).toBeVisible();
  await expect(list.getByText('invite_only')).toHaveCount(0);
  await expect(list).toContainText('€50–€90 per hour');
  await expectNoSeriousViolations(page, 'projects list');
  await list.getByRole('link', { name: `${word} public fermentation study` }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${publicId}$`));
  await expect(page.getByText('Sign in to see the full brief')).toBeVisible();
  await expectNoSeriousViolations(page, 'project summary');
  await expect(page.getByText('pathway enrichment')).toHaveCount(0);

  await page.goto(`/projects/${hiddenId}`);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await closeOwner();
});

test('the project list narrows to one subject, and the choice survives a reload', async ({
  page,
  browser,
}) => {
  const { page: owner, close: closeOwner } = await projectOwner(browser);
  const word = `Quorum${randomUUID().slice(0, 6)}`;
  for (const [subject, category] of [
    ['Fermentation', 'researchers'],
    ['Bioinformatics', 'data_analysts'],
  ] as const) {
    await postProjectViaApi(owner, {
      title: `${word} ${subject} project`,
      category,
      subjects: [subject],
      budgetType: 'fixed',
      budgetMinMinor: 100000,
      budgetMaxMinor: 300000,
      currency: 'USD',
      visibility: 'public',
    });
  }
  await closeOwner();

  await page.goto(`/projects?q=${word}`);
  const list = page.getByRole('region', { name: 'Open projects' });
  await expect(list.getByRole('link', { name: `${word} Fermentation project` })).toBeVisible();
  await expect(list.getByRole('link', { name: `${word} Bioinformatics project` })).toBeVisible();

  await page.getByLabel('Subject').selectOption({ label: 'Bioinformatics' });
  await expect(page).toHaveURL(/subject=bioinformatics/);
  await expect(list.getByRole('link', { name: `${word} Bioinformatics project` })).toBeVisible();
  await expect(list.getByRole('link', { name: `${word} Fermentation project` })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue('bioinformatics');
  await expect(list.getByRole('link', { name: `${word} Fermentation project` })).toHaveCount(0);
  await expect(list.getByRole('link', { name: `${word} Bioinformatics project` })).toBeVisible();
});

test("from an expert's profile: invite to an open project in one click, or post a new one for them", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const subject = `Glycobiology ${randomUUID().slice(0, 6)}`;
  const expert = await approvedExpert(browser, subject);
  const { slug } = (await (await expert.page.request.get('/api/expert-application')).json()) as {
    slug: string;
  };
  const name = `${expert.account.firstName} ${expert.account.lastName}`;
  await signedInAccount(page);

  // With no open project yet, the dialog says so and offers a new project named for the expert.
  await page.goto(`/experts/${slug}`);
  await page.getByRole('button', { name: 'Invite to a project' }).click();
  const dialog = page.getByRole('dialog', { name: `Invite ${name} to a project` });
  await expect(dialog.getByText(`You have no open projects to invite ${name} to.`)).toBeVisible();
  await screenshots(page, testInfo, 'invite-dialog-empty', false);
  await dialog.getByRole('link', { name: `A new project for ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/create-project\\?expert=${slug}$`));
  await expect(page.getByText(`A new project for ${name}`)).toBeVisible();
  await fillProject(page, 'Glycan profiling of a biosimilar', subject, async (fn) => void (await fn()));
  await page.getByRole('button', { name: 'Post project' }).click();
  await page.getByRole('button', { name: `Invite ${name} to quote` }).click();
  await expect(page.getByText(`${name} is invited and has been notified.`)).toBeVisible();

  // With open projects, the dialog lists them first: one click invites.
  await postProjectViaApi(page, {
    title: 'Sialic acid linkage analysis',
    category: 'researchers',
    subjects: [subject],
    budgetType: 'fixed',
    budgetMinMinor: 100_000,
    budgetMaxMinor: 200_000,
    currency: 'USD',
    visibility: 'public',
  });
  await page.goto(`/experts/${slug}`);
  await page.getByRole('button', { name: 'Invite to a project' }).click();
  await expect(dialog.getByText('Glycan profiling of a biosimilar')).toBeVisible();
  await screenshots(page, testInfo, 'invite-dialog', false);
  await dialog.getByRole('button', { name: `Invite ${name} to Sialic acid linkage analysis` }).click();
  await expect(dialog.getByText('Invited', { exact: true })).toBeVisible();
  // Inviting again to the first project is refused with the server's words, not a silent repeat.
  await dialog.getByRole('button', { name: `Invite ${name} to Glycan profiling of a biosimilar` }).click();
  await expect(dialog.getByText('You have already invited this expert to this project.')).toBeVisible();

  await expert.page.goto('/profile/proposals');
  await expert.page.getByRole('tab', { name: 'Invitations' }).click();
  await expect(expert.page.getByRole('link', { name: 'Glycan profiling of a biosimilar' })).toBeVisible();
  await expect(expert.page.getByRole('link', { name: 'Sialic acid linkage analysis' })).toBeVisible();
  await expert.context.close();
});
