import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { approvedExpert } from './support/experts.ts';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

/**
 * A published project that requires the Sciwise standard NDA, with one attached PDF, posted by
 * the person signed in on `owner` (through the API: the editor is not what this spec looks at).
 */
async function confidentialProject(owner: Page, subject: string, secret: string) {
  const created = await owner.request.post('/api/projects', {
    data: {
      title: `Dose–response review ${randomUUID().slice(0, 4)}`,
      description: `We screen three unpublished compounds against the ${secret} receptor and need an independent review of the dose–response curves before the board meets.`,
      category: 'data_analysts',
      subjects: [subject],
      budgetType: 'fixed',
      budgetMinMinor: 150_000,
      budgetMaxMinor: 400_000,
      currency: 'USD',
      visibility: 'public',
      ndaMode: 'standard',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const attached = await owner.request.post(`/api/projects/${id}/attachments`, {
    multipart: { file: { name: 'structures.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(attached.status(), await attached.text()).toBe(201);
  const published = await owner.request.post(`/api/projects/${id}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  return id;
}

test('an expert accepts the NDA on the page, reads the brief and downloads its file; the client sees both in the record', async ({
  page,
  browser,
}) => {
  const subject = `Receptor pharmacology ${randomUUID().slice(0, 6)}`;
  const secret = `GPR${randomUUID().slice(0, 5)}`;
  const expert = await approvedExpert(browser, subject);
  const expertName = `${expert.account.firstName} ${expert.account.lastName}`;
  await signedInAccount(page);
  const projectId = await confidentialProject(page, subject, secret);

  // Locked: the summary, the agreement and why there is no quote form; not a word of the brief.
  const ep = expert.page;
  await ep.goto(`/projects/${projectId}`);
  await expect(ep.getByRole('heading', { name: 'Confidential brief' })).toBeVisible();
  await expect(ep.getByRole('region', { name: 'The Sciwise standard NDA' })).toContainText(
    'Sciwise standard confidentiality agreement',
  );
  await expect(
    ep.getByText('This brief is confidential. Accept the agreement above to read it and send a quote.'),
  ).toBeVisible();
  await expect(ep.getByRole('button', { name: 'Send a quote' })).toHaveCount(0);
  await expect(ep.getByText(secret)).toHaveCount(0);
  await expectNoSeriousViolations(ep, 'a locked confidential project');

  // Accepting in the page opens the brief, focused, and quoting.
  await ep.getByLabel('Your full name').fill(`${expertName} (Dr)`);
  await ep.getByLabel('I have read this agreement and accept it').check();
  await ep.getByRole('button', { name: 'Accept and read the brief' }).click();
  await expect(ep.getByRole('heading', { name: 'The brief' })).toBeFocused();
  await expect(ep.getByText(secret, { exact: false })).toBeVisible();
  await expect(ep.getByText(/^Confidential: you accepted the agreement on /)).toBeVisible();
  await expect(ep.getByRole('button', { name: 'Send a quote' })).toBeVisible();

  // The file comes through a one-time link, as an attachment.
  const download = ep.waitForEvent('download');
  await ep.getByRole('button', { name: 'Download structures.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('structures.pdf');
  expect(readFileSync((await file.path())!).equals(PDF)).toBe(true);

  // The client's page lists the acceptance and the opening.
  await page.goto(`/projects/${projectId}`);
  const record = page.getByRole('region', { name: 'Who read the brief' });
  await expect(record.getByRole('tabpanel')).toContainText(`${expertName} signed as “${expertName} (Dr)”`);
  await expect(record.getByRole('tabpanel')).toContainText('Agreement in force');
  await record.getByRole('tab', { name: 'Downloads (1)' }).click();
  await expect(record.getByRole('tabpanel')).toContainText(`${expertName} downloaded structures.pdf`);
  await expert.context.close();
});
