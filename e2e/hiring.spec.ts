import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAdmin, signedInAccount, signInViaApi } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { approvedExpert } from './support/experts.ts';
import { fundedThroughApi, milestoneIds } from './support/money.ts';

const description =
  'We have RNA-seq counts from 48 tumour samples and need a differential expression analysis, ' +
  'pathway enrichment and a short report with figures for our board meeting.';

/** Posts an open public project in `subject` as the person signed in on `owner`; returns its id. */
async function postProject(owner: Page, title: string, subject: string): Promise<string> {
  const created = await owner.request.post('/api/projects', {
    data: {
      title,
      description,
      category: 'data_analysts',
      subjects: [subject],
      budgetType: 'fixed',
      budgetMinMinor: 150_000,
      budgetMaxMinor: 500_000,
      currency: 'USD',
      visibility: 'public',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await owner.request.post(`/api/projects/${id}/publish`)).status()).toBe(200);
  return id;
}

/**
 * Opens a page and waits for the API answer its content comes from: on a busy machine the page's
 * code alone can take seconds to load, which is not what these tests look at.
 */
async function openWith(page: Page, path: string, apiPath: string) {
  const loaded = page.waitForResponse((response) => new URL(response.url()).pathname === apiPath);
  await page.goto(path);
  expect((await loaded).ok()).toBe(true);
}

/**
 * Screenshots for people to look at, at a phone's width and a laptop's, beside the test's output:
 * the whole page, or for a dialog the screen as seen and, scrolled, the dialog's last element.
 */
async function screenshots(page: Page, name: string, dialogEnd?: Locator) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const path = (suffix: string) => test.info().outputPath(`${name}${suffix}-${width}.png`);
    // From the top, or a sticky header lands in the middle of a full-page picture.
    if (!dialogEnd) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path(''), fullPage: !dialogEnd });
    if (dialogEnd) {
      await dialogEnd.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path('-end') });
    }
  }
  await page.setViewportSize(size);
}

const contractsOf = async (page: Page) =>
  ((await (await page.request.get('/api/contracts')).json()) as { contracts: { id: string }[] }).contracts;

test('the expert quotes with acceptance criteria; the client reads the fee, total and terms, cancels, then hires', async ({
  page,
  browser,
}) => {
  // Two browsers, four accessibility scans and fourteen screenshots: more than test.slow() gives
  // on a shared machine.
  test.setTimeout(180_000);
  const subject = `Tumour transcriptomics ${randomUUID().slice(0, 6)}`;
  const expert = await approvedExpert(browser, subject);
  const expertName = `${expert.account.firstName} ${expert.account.lastName}`;
  const client = await signedInAccount(page);
  const title = `Board report on tumour RNA-seq ${randomUUID().slice(0, 4)}`;
  const projectId = await postProject(page, title, subject);

  // The expert quotes from the project's page, with criteria on each milestone.
  const other = expert.page;
  await openWith(other, `/projects/${projectId}`, `/api/projects/${projectId}`);
  await other.getByRole('button', { name: 'Send a quote' }).click();
  await other
    .getByLabel('Cover letter')
    .fill('I run this exact pipeline weekly and will deliver figures your board can read.');
  await other.getByLabel('Duration in days').fill('21');
  await other.getByLabel('Milestone 1', { exact: true }).fill('Analysis and figures');
  await other.getByLabel('Amount 1', { exact: true }).fill('1500');
  await other.getByRole('button', { name: 'Add a criterion to milestone 1' }).click();
  await other.getByRole('textbox', { name: 'Criterion 1 of milestone 1' }).fill('Figures as 300 dpi PNG');
  await other.getByRole('button', { name: 'Add a criterion to milestone 1' }).click();
  await other
    .getByRole('textbox', { name: 'Criterion 2 of milestone 1' })
    .fill('R script that reproduces every figure');
  await other.getByRole('button', { name: 'Add a milestone' }).click();
  await other.getByLabel('Milestone 2', { exact: true }).fill('Board report');
  await other.getByLabel('Amount 2', { exact: true }).fill('3000');
  await other.getByRole('button', { name: 'Add a criterion to milestone 2' }).click();
  await other.getByRole('textbox', { name: 'Criterion 1 of milestone 2' }).fill('Two pages at most');
  await expect(other.getByText('Total price: $4,500')).toBeVisible();
  // The expert sees the service fee and what they take home before sending.
  const earnings = other.getByRole('form', { name: 'Send a quote' });
  await expect(earnings.getByText('Sciwise service fee (10%), taken on release')).toBeVisible();
  await expect(earnings.getByText('−$450')).toBeVisible();
  await expect(earnings.getByText('$4,050')).toBeVisible();
  await other.screenshot({ path: test.info().outputPath('quote-earnings.png'), fullPage: true });
  await other.getByRole('button', { name: 'Send quote' }).click();
  const myQuote = other.getByRole('region', { name: 'Your quote' });
  await expect(
    myQuote.getByRole('list', { name: 'Acceptance criteria for Analysis and figures' }),
  ).toContainText('R script that reproduces every figure');
  await expectNoSeriousViolations(other, 'project page with the expert’s quote');
  await screenshots(other, 'expert-project-page');

  // The client sees the criteria in the comparison.
  await openWith(page, '/profile/proposals', '/api/quotes/received');
  const card = page.getByRole('article', { name: `Quote from ${expertName}` });
  await expect(card.getByRole('list', { name: 'Acceptance criteria for Board report' })).toContainText(
    'Two pages at most',
  );
  await screenshots(page, 'proposals');

  // Accepting opens the decision: milestones, fee, total and terms.
  await card.getByRole('button', { name: 'Accept and hire' }).click();
  const dialog = page.getByRole('dialog', { name: `Hire ${expertName}` });
  await expect(dialog).toContainText('Funding it costs $1,575.00: $1,500.00 plus $75.00 fee');
  await expect(dialog).toContainText('Funding it costs $3,150.00: $3,000.00 plus $150.00 fee');
  await expect(dialog.getByText('Marketplace fee (5%, paid as you fund)')).toBeVisible();
  await expect(dialog.getByText('$225.00', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$4,725.00', { exact: true })).toBeVisible();
  await expect(dialog).toContainText(
    `automatically 14 days after ${expert.account.firstName} submits it if you do nothing`,
  );
  await expect(dialog).toContainText('full refund of what you paid for it, fee included');
  await expect(dialog).toContainText('either of you can open a dispute');
  await expectNoSeriousViolations(page, 'hire dialog');
  await screenshots(
    page,
    'hire-dialog',
    dialog.getByRole('button', { name: `Hire ${expert.account.firstName} for $4,500.00` }),
  );

  // Cancelling changes nothing: no contract, the quote still waits.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await contractsOf(page)).toEqual([]);
  await expect(card.getByText('Waiting for your decision')).toBeVisible();

  // Confirming hires, and the workspace opens.
  await card.getByRole('button', { name: 'Accept and hire' }).click();
  await dialog.getByRole('button', { name: `Hire ${expert.account.firstName} for $4,500.00` }).click();
  await expect(page).toHaveURL(/\/profile\/workspace\/[0-9a-f-]{36}$/);
  const contractId = page.url().split('/').pop();
  expect((await contractsOf(page)).map((c) => c.id)).toEqual([contractId]);

  // Both dashboards show the running contract with its next step and whose move it is.
  await openWith(page, '/profile/project-owner-dashboard', '/api/contracts');
  const clientTodo = page.getByRole('region', { name: 'Needs your action' });
  const fund = clientTodo.getByRole('link', { name: new RegExp(`^Fund “Analysis and figures”`) });
  await expect(fund).toContainText(`${title} · with ${expertName}`);
  await expect(fund).toHaveAttribute('href', `/profile/workspace/${contractId}`);
  await expectNoSeriousViolations(page, 'client dashboard');
  await screenshots(page, 'client-dashboard');

  await openWith(other, '/profile/freelancer-dashboard', '/api/contracts');
  const waiting = other.getByRole('region', { name: 'Waiting on the other side' });
  await expect(
    waiting.getByRole('link', {
      name: new RegExp(`^Waiting for ${client.firstName} ${client.lastName} to fund “Analysis and figures”`),
    }),
  ).toHaveAttribute('href', `/profile/workspace/${contractId}`);
  await expect(other.getByRole('region', { name: 'Needs your action' })).not.toContainText(title);
  await expectNoSeriousViolations(other, 'expert dashboard');
  await screenshots(other, 'expert-dashboard');
  await expert.context.close();
});

test('an admin finds an open dispute in the queue, with both parties and the reason, and opens its workspace', async ({
  page,
  browser,
}) => {
  test.slow();
  const subject = `Glycomics ${randomUUID().slice(0, 6)}`;
  const expert = await approvedExpert(browser, subject);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const clientAccount = await signedInAccount(client);
  const title = `Glycan profiling ${randomUUID().slice(0, 6)}`;
  const projectId = await postProject(client, title, subject);

  // Quote, hire, fund and dispute through the API: the queue is what this test looks at.
  const quoted = await expert.page.request.post(`/api/projects/${projectId}/quotes`, {
    data: {
      coverLetter: 'Glycan profiling by HILIC-FLD and LC-MS, with a report you can file.',
      priceMinor: 120_000,
      durationDays: 10,
      milestones: [{ title: 'Profiling run', amountMinor: 120_000, criteria: ['Raw data shared'] }],
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quote = (await quoted.json()) as { id: string; updatedAt: string };
  const accepted = await client.request.post(`/api/quotes/${quote.id}/accept`, {
    data: { seenUpdatedAt: quote.updatedAt },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { contractId } = (await accepted.json()) as { contractId: string };
  const [milestoneId] = await milestoneIds(client, contractId);
  await fundedThroughApi(client, milestoneId!);
  const reason = `The client stopped answering after the samples arrived ${randomUUID().slice(0, 6)}.`;
  const disputed = await expert.page.request.post(`/api/milestones/${milestoneId}/dispute`, {
    data: { reason },
  });
  expect(disputed.status(), await disputed.text()).toBe(200);

  await signInViaApi(page, demoAdmin);
  await page.goto('/profile/admin/vetting');
  await page.getByRole('link', { name: 'Disputes' }).click();
  await expect(page).toHaveURL(/\/profile\/admin\/disputes$/);
  const row = page.getByRole('listitem').filter({ hasText: reason });
  await expect(row).toContainText('$1,200.00');
  await expect(row).toContainText('Milestone: Profiling run');
  await expect(row).toContainText(`${clientAccount.firstName} ${clientAccount.lastName}`);
  await expect(row).toContainText(`by ${expert.account.firstName} ${expert.account.lastName} (expert),`);
  await expectNoSeriousViolations(page, 'disputes queue');
  await screenshots(page, 'disputes');
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/workspace/${contractId}$`));

  await clientContext.close();
  await expert.context.close();
});
