import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { createAccount, signInViaApi, signedInAccount, type TestAccount } from './accounts.ts';

const DEMO_ADMIN: TestAccount = {
  email: 'admin@demo.sciwise.local',
  password: 'demo-admin-lab-2026',
  firstName: 'Ada',
  lastName: 'Fischer',
};

export interface Person {
  page: Page;
  account: TestAccount;
  name: string;
  close: () => Promise<void>;
}

/** An expert in a browser of their own: applies through the API, approved by the demo admin. */
export async function approvedExpertInBrowser(browser: Browser, subject: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await createAccount(page.request, {
    firstName: 'Grace',
    lastName: `Omics${randomUUID().slice(0, 4)}`,
  });
  await signInViaApi(page, account);
  const saved = await page.request.patch('/api/expert-application', {
    data: {
      headline: 'Bioinformatician for cancer genomics',
      bio: 'I analyse sequencing data for oncology teams: differential expression, pathways and clear reports for decision makers.',
      category: 'data_analysts',
      subjects: [subject],
      hourlyRateMinor: 9_000,
      currency: 'USD',
      country: 'GB',
      languages: ['en'],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await page.request.post('/api/expert-application/submit');
  expect(submitted.status(), await submitted.text()).toBe(200);
  const { id } = (await submitted.json()) as { id: string };
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInViaApi(adminPage, DEMO_ADMIN);
  const approved = await adminPage.request.post(`/api/admin/expert-applications/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.close();
  return { page, account, name: `${account.firstName} ${account.lastName}`, close: () => context.close() };
}

export interface QuotedMilestone {
  title: string;
  amountMinor: number;
  criteria: string[];
}

/**
 * The way to a contract, through the API: a client posts a project, an approved expert quotes
 * with these milestones, the client accepts. Each person has their own browser.
 */
export async function hiredThroughApi(browser: Browser, title: string, milestones: QuotedMilestone[]) {
  const subject = `Tumour transcriptomics ${randomUUID().slice(0, 6)}`;
  const expert = await approvedExpertInBrowser(browser, subject);
  const clientContext = await browser.newContext();
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
