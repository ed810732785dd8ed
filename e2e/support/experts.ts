import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContextOptions } from '@playwright/test';
import { createAccount, demoAdmin, signInViaApi } from './accounts.ts';

/**
 * An approved expert working in `subject`: applies through the API, approved by the demo admin.
 * `contextOptions` shape the expert's browser (a time zone of their own, say).
 */
export async function approvedExpert(
  browser: Browser,
  subject: string,
  contextOptions: BrowserContextOptions = {},
) {
  const context = await browser.newContext(contextOptions);
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
  await signInViaApi(adminPage, demoAdmin);
  const approved = await adminPage.request.post(`/api/admin/expert-applications/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.close();
  return { page, context, account };
}
