import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { signedInAccount, type TestAccount } from './accounts.ts';
import { approvedExpert } from './experts.ts';

export interface Person {
  page: Page;
  account: TestAccount;
  name: string;
  close: () => Promise<void>;
}

/** An expert in a browser of their own: applies through the API, approved by the demo admin. */
export async function approvedExpertInBrowser(
  browser: Browser,
  subject: string,
  contextOptions: BrowserContextOptions = {},
): Promise<Person> {
  const { page, context, account } = await approvedExpert(browser, subject, contextOptions);
  return { page, account, name: `${account.firstName} ${account.lastName}`, close: () => context.close() };
}

export interface QuotedMilestone {
  title: string;
  amountMinor: number;
  criteria: string[];
}

/** How each person's browser is set up, beyond the project's defaults (a time zone, say). */
export interface HiringBrowsers {
  client?: BrowserContextOptions;
  expert?: BrowserContextOptions;
}

/**
 * The way to a contract, through the API: a client posts a project, an approved expert quotes
 * with these milestones, the client accepts. Each person has their own browser.
 */
export async function hiredThroughApi(
  browser: Browser,
  title: string,
  milestones: QuotedMilestone[],
  browsers: HiringBrowsers = {},
) {
  const subject = `Tumour transcriptomics ${randomUUID().slice(0, 6)}`;
  const expert = await approvedExpertInBrowser(browser, subject, browsers.expert);
  const clientContext = await browser.newContext(browsers.client);
  const clientPage = await clientContext.newPage();
  const clientAccount = await signedInAccount(clientPage);

  const created = await clientPage.request.post('/api/projects', {
    data: {
      title,
      description:
        'We have RNA-seq counts from 48 tumour samples and need a differential expression analysis, ' +
        'pathway enrichment and a short report with figures for our board meeting.',
      category: 'data_analysts',
      subjects: [subject],
      budgetType: 'fixed',
      budgetMinMinor: 100_000,
      budgetMaxMinor: 400_000,
      currency: 'USD',
      visibility: 'public',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  const published = await clientPage.request.post(`/api/projects/${projectId}/publish`);
  expect(published.status(), await published.text()).toBe(200);

  const quoted = await expert.page.request.post(`/api/projects/${projectId}/quotes`, {
    data: {
      coverLetter: 'I run this exact pipeline weekly and will deliver figures your board can read.',
      priceMinor: milestones.reduce((sum, m) => sum + m.amountMinor, 0),
      durationDays: 14,
      milestones,
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const { id: quoteId } = (await quoted.json()) as { id: string };
  const accepted = await clientPage.request.post(`/api/quotes/${quoteId}/accept`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { contractId } = (await accepted.json()) as { contractId: string };

  const client: Person = {
    page: clientPage,
    account: clientAccount,
    name: `${clientAccount.firstName} ${clientAccount.lastName}`,
    close: () => clientContext.close(),
  };
  return { client, expert, contractId };
}
