import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe.ts';
import { hiredThroughApi } from './support/hiring.ts';
import { screenshots } from './support/screenshots.ts';
import { fillCard, openWorkspace } from './support/workspace.ts';

const MILESTONE = 'Statistical analysis plan';
const CRITERIA = ['Covers every endpoint in the protocol', 'Names the software and its version'];

async function submitWork(page: Page, note: string, file: { name: string; text: string }, version: number) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Note to the client').fill(note);
  await dialog
    .getByLabel(/^Files/)
    .setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.text) });
  await expect(dialog.getByRole('list', { name: 'Files to send' })).toContainText(file.name);
  await dialog.getByRole('button', { name: `Submit version ${version}` }).click();
  await expect(dialog).toBeHidden();
}

test('fund with a test card, deliver, ask for changes, deliver again, approve: client and expert in two browsers', async ({
  browser,
}, testInfo) => {
  // Two browsers, a dozen steps each, and real uploads: room on a busy machine.
  test.setTimeout(240_000);
  const title = 'Survival analysis for a phase II trial';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 100_000, criteria: CRITERIA },
    { title: 'Final report', amountMinor: 50_000, criteria: [] },
  ]);
  const clientCard = client.page.getByRole('article', { name: MILESTONE });
  const expertCard = expert.page.getByRole('article', { name: MILESTONE });

  // Before any funding the expert is told to wait, and has nothing to do.
  await openWorkspace(expert.page, contractId, title);
  await expect(expertCard).toContainText(
    'has not funded this milestone yet. Wait for the funding before you start work.',
  );
  await expect(expertCard.getByRole('button')).toHaveCount(0);

  // The client funds: the charge is stated first; a declined card changes nothing.
  await openWorkspace(client.page, contractId, title);
  await expect(clientCard).toContainText('Not funded yet');
  await clientCard.getByRole('button', { name: 'Fund milestone' }).click();
  const fundDialog = client.page.getByRole('dialog', { name: `Fund “${MILESTONE}”` });
  await expect(fundDialog).toContainText(
    'You will be charged $1,050.00: $1,000.00 plus the 5% marketplace fee.',
  );
  await expect(fundDialog).toContainText('Sandbox: no real money moves; try 4242 4242 4242 4242');
  await expectNoSeriousViolations(client.page, 'fund dialog');
  await screenshots(client.page, testInfo, 'fund-dialog', false);
  await fillCard(client.page.getByRole('dialog'), '4000 0000 0000 0002');
  await fundDialog.getByRole('button', { name: 'Pay $1,050.00' }).click();
  await expect(fundDialog.getByRole('alert')).toContainText('Your card was declined.');
  await fundDialog.getByRole('button', { name: 'Back' }).click();
  await expect(clientCard).toContainText('Not funded yet');
  await expect(client.page.getByRole('region', { name: 'Money' })).toContainText('Held in escrow$0.00');

  await clientCard.getByRole('button', { name: 'Fund milestone' }).click();
  await fillCard(client.page.getByRole('dialog'), '4242 4242 4242 4242');
  await fundDialog.getByRole('button', { name: 'Pay $1,050.00' }).click();
  await expect(fundDialog).toBeHidden();
  await expect(clientCard.getByText('Funded', { exact: true })).toBeVisible();
  await expect(clientCard).toContainText('with Visa ending 4242');
  await expect(client.page.getByRole('region', { name: 'Money' })).toContainText('Held in escrow$1,000.00');
  await expectNoSeriousViolations(client.page, 'workspace, funded');
  await screenshots(client.page, testInfo, 'workspace-funded');

  // The contract's conversation is the people's direct chat, live on both workspaces.
  const clientChat = client.page.getByRole('region', { name: `Conversation with ${expert.name}` });
  await clientChat.getByRole('textbox', { name: 'Message' }).fill('Funded: start whenever you are ready.');
  await clientChat.getByRole('button', { name: 'Send' }).click();
  const expertChat = expert.page.getByRole('region', { name: `Conversation with ${client.name}` });
  await expect(expertChat).toContainText('Funded: start whenever you are ready.');

  // The expert sees the funding without reloading, starts, and delivers version 1 with a file.
  await expect(expertCard).toContainText('is held in escrow: you can start work.');
  await expertCard.getByRole('button', { name: 'Submit work' }).click();
  const submitDialog = expert.page.getByRole('dialog');
  for (const criterion of CRITERIA) await expect(submitDialog).toContainText(criterion);
  await submitWork(
    expert.page,
    'The plan covers every endpoint.',
    { name: 'plan-v1.csv', text: 'endpoint,test\nOS,log-rank\n' },
    1,
  );
  await expect(expertCard).toContainText('Waiting for review');

  // The client asks for changes, naming the criterion that is not met.
  await expect(clientCard).toContainText(
    'Released automatically in 14 days unless you approve or ask for changes.',
  );
  await expect(clientCard.getByRole('link', { name: 'plan-v1.csv' })).toBeVisible();
  await screenshots(client.page, testInfo, 'workspace-submitted');
  await clientCard.getByRole('button', { name: 'Ask for changes' }).click();
  const changes = client.page.getByRole('dialog');
  await changes.getByLabel(CRITERIA[1]!).check();
  await changes
    .getByLabel('What needs to change')
    .fill('Please name R and the survival package with their versions.');
  await changes.getByRole('button', { name: 'Send back for changes' }).click();
  await expect(changes).toBeHidden();
  await expect(clientCard).toContainText('Changes requested');

  // The expert sees the reason and the unmet criterion, and delivers version 2.
  await expect(expertCard).toContainText('Please name R and the survival package with their versions.');
  await expect(expertCard.getByText('Not met yet')).toBeVisible();
  await expertCard.getByRole('button', { name: 'Submit a new version' }).click();
  await expect(expert.page.getByRole('dialog')).toContainText('Marked as not met');
  await submitWork(
    expert.page,
    'Added R 4.4.1 and survival 3.7.',
    { name: 'plan-v2.csv', text: 'software,version\nR,4.4.1\n' },
    2,
  );

  // The client ticks every criterion (approve waits for all of them) and releases the money.
  await expect(clientCard).toContainText('Version 2');
  await clientCard.getByRole('button', { name: 'Approve and release' }).click();
  const approve = client.page.getByRole('dialog');
  await expect(approve).toContainText(
    `$1,000.00 is released to ${expert.name}; ${expert.account.firstName} receives $900.00 after the 10% service fee.`,
  );
  const release = approve.getByRole('button', { name: 'Release $1,000.00' });
  await expect(release).toBeDisabled();
  await approve.getByLabel(CRITERIA[0]!).check();
  await expect(release).toBeDisabled();
  await approve.getByLabel(CRITERIA[1]!).check();
  await release.click();
  await expect(approve).toBeHidden();

  // Both see the release and the record of every step.
  for (const [page, card] of [
    [client.page, clientCard],
    [expert.page, expertCard],
  ] as const) {
    await expect(card.getByText('Released', { exact: true })).toBeVisible();
    const activity = page.getByRole('list', { name: 'Contract activity' });
    await expect(activity).toContainText('submitted version 2');
    await expect(activity).toContainText(`funded “${MILESTONE}”`);
  }
  await expect(expertCard).toContainText('you received $900.00 after the service fee');
  await expect(client.page.getByRole('region', { name: 'Money' })).toContainText('Released$1,000.00');
  await expectNoSeriousViolations(client.page, 'workspace, released');
  await screenshots(client.page, testInfo, 'workspace-released');
  await screenshots(expert.page, testInfo, 'workspace-released-expert');
  await client.close();
  await expert.close();
});

test('a refund before any work, a milestone proposed and accepted, and a dispute: each confirmed with its consequence', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = 'Pharmacokinetic model review';
  const { client, expert, contractId } = await hiredThroughApi(browser, title, [
    { title: MILESTONE, amountMinor: 100_000, criteria: CRITERIA },
  ]);
  await openWorkspace(client.page, contractId, title);
  const clientCard = client.page.getByRole('article', { name: MILESTONE });

  // Funded, then refunded by the client before anything was submitted: everything comes back.
  await clientCard.getByRole('button', { name: 'Fund milestone' }).click();
  await fillCard(client.page.getByRole('dialog'), '4242 4242 4242 4242');
  await client.page.getByRole('dialog').getByRole('button', { name: 'Pay $1,050.00' }).click();
  await expect(clientCard.getByText('Funded', { exact: true })).toBeVisible();
  await clientCard.getByRole('button', { name: 'Refund' }).click();
  const refund = client.page.getByRole('dialog');
  await expect(refund).toContainText(
    '$1,050.00 comes back to you: the $1,000.00 milestone and the $50.00 marketplace fee.',
  );
  await refund.getByRole('button', { name: 'Refund $1,050.00' }).click();
  await expect(refund.getByText('Say briefly why the money goes back.')).toBeVisible();
  await refund.getByLabel('Why the money goes back').fill('We no longer need this part.');
  await refund.getByRole('button', { name: 'Refund $1,050.00' }).click();
  await expect(refund).toBeHidden();
  await expect(clientCard.getByText('Refunded', { exact: true })).toBeVisible();

  // The expert proposes another milestone; the client accepts it, then funds it.
  await openWorkspace(expert.page, contractId, title);
  await expert.page.getByRole('button', { name: 'Propose a milestone' }).click();
  const propose = expert.page.getByRole('dialog');
  await expect(propose).toContainText(`${client.name} is asked to accept it. Nothing is charged until`);
  await propose.getByLabel('Milestone title').fill('Sensitivity analysis');
  await propose.getByLabel(/^Amount/).fill('400');
  await propose.getByLabel('Criterion 1', { exact: true }).fill('Tornado plot of the ten key parameters');
  await propose.getByRole('button', { name: 'Send proposal' }).click();
  await expect(propose).toBeHidden();
  const proposedByExpert = expert.page.getByRole('article', { name: 'Sensitivity analysis' });
  await expect(proposedByExpert).toContainText('You proposed this milestone.');

  const proposed = client.page.getByRole('article', { name: 'Sensitivity analysis' });
  await expect(proposed).toContainText('proposed this milestone');
  await proposed.getByRole('button', { name: 'Accept milestone' }).click();
  await client.page.getByRole('dialog').getByRole('button', { name: 'Accept milestone' }).click();
  await expect(proposed.getByText('Not funded yet')).toBeVisible();
  await proposed.getByRole('button', { name: 'Fund milestone' }).click();
  await fillCard(client.page.getByRole('dialog'), '4242 4242 4242 4242');
  await client.page.getByRole('dialog').getByRole('button', { name: 'Pay $420.00' }).click();
  await expect(proposed.getByText('Funded', { exact: true })).toBeVisible();

  // The expert disputes it: the money stays in escrow until a mediator decides.
  await expect(proposedByExpert.getByText('Funded', { exact: true })).toBeVisible();
  await proposedByExpert.getByRole('button', { name: 'Open a dispute' }).click();
  const dispute = expert.page.getByRole('dialog');
  await expect(dispute).toContainText('The $400.00 stays in escrow until a Sciwise mediator decides');
  await dispute
    .getByLabel('What is the problem?')
    .fill('The client changed the parameter list after funding and will not agree the scope.');
  await dispute.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(dispute).toBeHidden();
  await expect(proposedByExpert.getByText('In dispute', { exact: true })).toBeVisible();
  await expect(proposed.getByText('In dispute', { exact: true })).toBeVisible();
  await expect(proposed.getByRole('button')).toHaveCount(0);
  await client.close();
  await expert.close();
});
