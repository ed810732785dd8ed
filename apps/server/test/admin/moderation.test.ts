import {
  CONCIERGE_USER_ID,
  reportReasonLabels,
  type AdminSummary,
  type AuditLogResponse,
  type ChatMessage,
  type Conversation,
  type ConversationListResponse,
  type MessageListResponse,
  type ModerationQueue,
  type ModerationReport,
  type NotificationListResponse,
  type ProjectView,
  type ReportReceipt,
} from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from '../../src/db/schema/index.ts';
import { connect, listen, nextEvent, type ChatSocket } from '../messaging/helpers.ts';
import { waitForMail } from '../support/outbox.ts';
import { call } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  approvedExpert,
  hiredContract,
  openProject,
  quoteInput,
  signedInUser,
  type SignedInUser,
} from '../factories.ts';

let t: TestApp;
let url: string;
let admin: SignedInUser;
const sockets: ChatSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  admin = await adminUser(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

const removalReason = 'The brief asks experts to be paid in gift cards outside Sciwise.';

const reportProject = (who: SignedInUser | null, id: string, body: object = { reason: 'off_platform' }) =>
  call(t.app, 'POST', `/api/projects/${id}/report`, who, body);
const reportMessage = (who: SignedInUser | null, id: string, body: object = { reason: 'harassment' }) =>
  call(t.app, 'POST', `/api/messages/${id}/report`, who, body);
const remove = (who: SignedInUser, reportId: string, reason = removalReason) =>
  call(t.app, 'POST', `/api/admin/reports/${reportId}/remove`, who, { reason });
const dismiss = (who: SignedInUser, reportId: string, body: object = {}) =>
  call(t.app, 'POST', `/api/admin/reports/${reportId}/dismiss`, who, body);

async function filed(response: Awaited<ReturnType<typeof call>>): Promise<ReportReceipt> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ReportReceipt>();
}

async function queue(status: 'open' | 'removed' | 'dismissed' = 'open'): Promise<ModerationReport[]> {
  const response = await call(t.app, 'GET', `/api/admin/reports?status=${status}&limit=50`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModerationQueue>().reports;
}

async function reportedContent(): Promise<number> {
  const response = await call(t.app, 'GET', '/api/admin/summary', admin);
  return response.json<AdminSummary>().reportedContent;
}

async function latestAudit() {
  const response = await call(t.app, 'GET', '/api/admin/audit-log?limit=1', admin);
  return response.json<AuditLogResponse>().entries[0];
}

async function notifications(who: SignedInUser) {
  const response = await call(t.app, 'GET', '/api/notifications', who);
  return response.json<NotificationListResponse>().notifications;
}

/** A conversation with one message from `from` to `to` (an approved expert, whom anyone may write to). */
async function messageBetween(from: SignedInUser, to: SignedInUser, text: string) {
  const opened = await call(t.app, 'POST', '/api/conversations', from, { userId: to.id });
  expect(opened.statusCode, opened.body).toBeLessThan(300);
  const conversation = opened.json<Conversation>();
  const sent = await call(t.app, 'POST', `/api/conversations/${conversation.id}/messages`, from, { text });
  expect(sent.statusCode, sent.body).toBeLessThan(300);
  return { conversationId: conversation.id, message: sent.json<ChatMessage>() };
}

const refusal = (response: Awaited<ReturnType<typeof call>>) => response.json<{ message: string }>().message;

describe('who may report, and who may decide', () => {
  it('the queue and the decisions need an administrator; reporting needs a session', async () => {
    const member = await signedInUser(t.app);
    const someId = '00000000-0000-4000-8000-000000000001';
    const routes: Array<['GET' | 'POST', string, object | undefined]> = [
      ['GET', '/api/admin/reports', undefined],
      ['POST', `/api/admin/reports/${someId}/remove`, { reason: removalReason }],
      ['POST', `/api/admin/reports/${someId}/dismiss`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(t.app, method, path, null, body)).statusCode, path).toBe(401);
      const refused = await call(t.app, method, path, member, body);
      expect(refused.statusCode, path).toBe(403);
      expect(refusal(refused)).toBe('Only administrators can do this.');
    }
    expect((await reportProject(null, someId)).statusCode).toBe(401);
    expect((await reportMessage(null, someId)).statusCode).toBe(401);
  });

  it('a member reports a project they can see, once; its owner, admins and outsiders cannot', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const project = await openProject(t.app, owner);

    const own = await reportProject(owner, project.id);
    expect(own.statusCode).toBe(403);
    expect(refusal(own)).toBe('You cannot report your own project.');
    const byAdmin = await reportProject(admin, project.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(refusal(byAdmin)).toMatch(/decide reports in the moderation queue/);
    const noReason = await reportProject(member, project.id, { details: 'Looks wrong.' });
    expect(noReason.statusCode).toBe(400);
    expect(refusal(noReason)).toMatch(/Choose why you are reporting this\./);

    // The project's page offers the report to the member, not to its owner.
    const seen = await call(t.app, 'GET', `/api/projects/${project.id}`, member);
    expect(seen.json<ProjectView>().details?.viewer.actions).toContain('report');
    const ownersView = await call(t.app, 'GET', `/api/projects/${project.id}`, owner);
    expect(ownersView.json<ProjectView>().details?.viewer.actions).not.toContain('report');

    const first = await filed(
      await reportProject(member, project.id, {
        reason: 'off_platform',
        details: 'Asks for payment by wire.',
      }),
    );
    expect(first).toMatchObject({ status: 'open', created: true });
    // A second click is not a second voice: the first report stands.
    const again = await reportProject(member, project.id, { reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json<ReportReceipt>()).toMatchObject({ id: first.id, created: false });

    // Someone who cannot see an invite-only project cannot learn it exists by reporting it.
    const hidden = await openProject(t.app, owner, { visibility: 'invite_only' });
    const outsider = await reportProject(member, hidden.id);
    expect(outsider.statusCode).toBe(404);
    expect(refusal(outsider)).toBe('We could not find that project.');
  });

  it('a member reports a message the other person sent; not their own, not the concierge’s, not as an outsider', async () => {
    const alice = await signedInUser(t.app);
    const bob = await approvedExpert(t.app);
    const { message } = await messageBetween(alice, bob, 'Send me your bank login and I will pay you there.');

    const own = await reportMessage(alice, message.id);
    expect(own.statusCode).toBe(403);
    expect(refusal(own)).toBe('You cannot report your own message.');
    const outsider = await reportMessage(await signedInUser(t.app), message.id);
    expect(outsider.statusCode).toBe(404);
    expect(refusal(outsider)).toBe('We could not find that message.');
    await filed(await reportMessage(bob, message.id));

    // The concierge's welcome is Sciwise speaking: it is answered, not reported.
    // Listing the conversations opens the one with the concierge, who greets every member.
    const listed = await call(t.app, 'GET', '/api/conversations', bob);
    const concierge = listed
      .json<ConversationListResponse>()
      .conversations.find((conversation) => conversation.other.isConcierge)!;
    const history = await call(t.app, 'GET', `/api/conversations/${concierge.id}/messages`, bob);
    const welcome = history.json<MessageListResponse>().messages[0]!;
    expect(welcome.senderId).toBe(CONCIERGE_USER_ID);
    const refused = await reportMessage(bob, welcome.id);
    expect(refused.statusCode).toBe(403);
    expect(refusal(refused)).toMatch(/Sciwise Concierge cannot be reported/);
  });
});

describe('removing a reported project', () => {
  it('hides it from everyone but its owner, closes waiting quotes, tells the author why and settles every report of it', async () => {
    const owner = await signedInUser(t.app, { firstName: 'Olga' });
    const first = await signedInUser(t.app);
    const second = await signedInUser(t.app);
    const expert = await approvedExpert(t.app);
    const project = await openProject(t.app, owner, { title: 'Survey analysis paid in gift cards' });
    const quoted = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput());
    expect(quoted.statusCode, quoted.body).toBe(201);
    const countBefore = await reportedContent();

    const report = await filed(
      await reportProject(first, project.id, { reason: 'off_platform', details: 'Gift cards.' }),
    );
    await filed(await reportProject(second, project.id, { reason: 'misleading' }));
    // One project, two reports: the admin home counts one thing to decide.
    expect(await reportedContent()).toBe(countBefore + 1);
    const open = (await queue()).find((entry) => entry.id === report.id);
    expect(open).toMatchObject({
      subject: 'project',
      reason: 'off_platform',
      details: 'Gift cards.',
      reporter: { id: first.id },
      author: { id: owner.id },
      openReportsOfSubject: 2,
      project: { id: project.id, title: 'Survey analysis paid in gift cards', status: 'open' },
      message: null,
      decision: null,
    });
    expect(reportReasonLabels[open!.reason]).toBe('Asks to pay or work outside Sciwise');

    const tooShort = await remove(admin, report.id, 'Spam.');
    expect(tooShort.statusCode).toBe(400);
    expect(refusal(tooShort)).toMatch(/Give the reason in a sentence: the author will read it\./);

    const removed = await remove(admin, report.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ModerationReport>()).toMatchObject({
      status: 'removed',
      openReportsOfSubject: 0,
      decision: { by: { id: admin.id }, reason: removalReason },
      project: { status: 'cancelled' },
    });
    expect(await reportedContent()).toBe(countBefore);
    // The other member's report was settled by the same decision.
    const settled = (await queue('removed')).filter((entry) => entry.project?.id === project.id);
    expect(settled.map((entry) => entry.reporter.id).sort()).toEqual([first.id, second.id].sort());

    // Gone for members and visitors; the owner reads why.
    expect((await call(t.app, 'GET', `/api/projects/${project.id}`, first)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/projects/${project.id}`, null)).statusCode).toBe(404);
    const ownersView = (await call(t.app, 'GET', `/api/projects/${project.id}`, owner)).json<ProjectView>();
    expect(ownersView.details).toMatchObject({ status: 'cancelled', removal: { reason: removalReason } });
    const [quote] = await t.app.db.select().from(quotes).where(eq(quotes.projectId, project.id));
    expect(quote).toMatchObject({
      status: 'declined',
      declineReason: 'The project was cancelled by Sciwise moderation.',
    });

    await waitForMail(t.app, admin, owner.email, /removed your project “Survey analysis paid in gift cards”/);
    await waitForMail(t.app, admin, owner.email, new RegExp(removalReason));
    expect((await notifications(owner))[0]).toMatchObject({
      kind: 'content_removed',
      title: 'Your project was removed',
      body: expect.stringContaining(removalReason) as string,
    });
    expect((await notifications(second))[0]).toMatchObject({ kind: 'report_decided' });
    expect(await latestAudit()).toMatchObject({
      action: 'content_removed',
      actor: { id: admin.id },
      subject: { id: owner.id },
      reason: removalReason,
    });

    // Decided once: a second decision and a new report are refused.
    const twice = await dismiss(admin, report.id);
    expect(twice.statusCode).toBe(409);
    expect(refusal(twice)).toBe('This report has already been decided.');
  });

  it('a project in progress stays with its hired expert, whose contract goes on', async () => {
    const { client, expert, contract } = await hiredContract(t.app);
    const member = await signedInUser(t.app);
    const report = await filed(await reportProject(member, contract.project.id, { reason: 'misleading' }));
    expect((await remove(admin, report.id)).statusCode).toBe(200);

    expect((await call(t.app, 'GET', `/api/projects/${contract.project.id}`, member)).statusCode).toBe(404);
    for (const party of [client, expert]) {
      const view = await call(t.app, 'GET', `/api/projects/${contract.project.id}`, party);
      expect(view.statusCode).toBe(200);
      expect(view.json<ProjectView>().details).toMatchObject({
        status: 'in_progress',
        removal: { reason: removalReason },
      });
    }
    const stillOn = await call(t.app, 'GET', `/api/contracts/${contract.id}`, client);
    expect(stillOn.json<{ status: string }>().status).toBe('active');
  });

  it('an administrator cannot decide a report about their own project; a colleague can', async () => {
    const adminOwner = await adminUser(t.app);
    const member = await signedInUser(t.app);
    const project = await openProject(t.app, adminOwner);
    const report = await filed(await reportProject(member, project.id, { reason: 'spam' }));
    for (const decide of [remove(adminOwner, report.id), dismiss(adminOwner, report.id)]) {
      const refused = await decide;
      expect(refused.statusCode).toBe(403);
      expect(refusal(refused)).toBe(
        'This report is about your own content; another administrator must decide it.',
      );
    }
    expect((await dismiss(admin, report.id)).statusCode).toBe(200);
  });
});

describe('removing a reported message', () => {
  it('both open chats replace it at once; its words never leave the server again, except to moderators', async () => {
    const alice = await signedInUser(t.app);
    const bob = await approvedExpert(t.app);
    const words = 'Pay me in gift cards and I will skip the escrow.';
    const { conversationId, message } = await messageBetween(alice, bob, words);
    const report = await filed(await reportMessage(bob, message.id, { reason: 'off_platform' }));
    expect((await queue()).find((entry) => entry.id === report.id)).toMatchObject({
      subject: 'message',
      author: { id: alice.id },
      message: { id: message.id, conversationId, text: words },
      project: null,
    });

    const aliceSocket = await connect(url, alice.token);
    const bobSocket = await connect(url, bob.token);
    sockets.push(aliceSocket, bobSocket);
    const heard = [aliceSocket, bobSocket].map((socket) => nextEvent(socket, 'messageRemoved'));
    const removed = await remove(admin, report.id, 'Asking to be paid outside the platform.');
    expect(removed.statusCode, removed.body).toBe(200);
    for (const event of await Promise.all(heard))
      expect(event).toEqual({ conversationId, messageId: message.id });

    for (const member of [alice, bob]) {
      const history = await call(t.app, 'GET', `/api/conversations/${conversationId}/messages`, member);
      expect(history.json<MessageListResponse>().messages).toEqual([
        expect.objectContaining({ id: message.id, text: '', removed: true }),
      ]);
      expect(history.body).not.toContain('gift cards');
      const list = await call(t.app, 'GET', '/api/conversations', member);
      const listed = list.json<ConversationListResponse>().conversations.find((c) => c.id === conversationId);
      expect(listed?.lastMessage).toMatchObject({ id: message.id, text: '', removed: true });
    }
    // Moderators keep the record of what was said.
    const decided = (await queue('removed')).find((entry) => entry.id === report.id);
    expect(decided?.message?.text).toBe(words);
    await waitForMail(t.app, admin, alice.email, /removed a message you sent/);
    const again = await reportMessage(bob, message.id);
    expect(again.statusCode).toBe(409);
    expect(refusal(again)).toBe('Moderators have already removed this message.');
  });
});

describe('dismissing a report', () => {
  it('leaves the content as it is, closes the report with the note, and logs it', async () => {
    const owner = await signedInUser(t.app);
    const member = await signedInUser(t.app);
    const project = await openProject(t.app, owner);
    const report = await filed(await reportProject(member, project.id, { reason: 'spam' }));

    const dismissed = await dismiss(admin, report.id, {
      note: 'An ordinary brief; nothing against the rules.',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<ModerationReport>()).toMatchObject({
      status: 'dismissed',
      decision: { by: { id: admin.id }, reason: 'An ordinary brief; nothing against the rules.' },
    });
    const view = await call(t.app, 'GET', `/api/projects/${project.id}`, member);
    expect(view.json<ProjectView>().details).toMatchObject({ status: 'open', removal: null });
    expect(await latestAudit()).toMatchObject({
      action: 'report_dismissed',
      subject: { id: owner.id },
      reason: 'An ordinary brief; nothing against the rules.',
    });
    expect((await notifications(member))[0]).toMatchObject({
      kind: 'report_decided',
      title: 'We reviewed your report',
    });
    expect((await queue('dismissed')).map((entry) => entry.id)).toContain(report.id);
    expect((await queue('open')).map((entry) => entry.id)).not.toContain(report.id);
  });
});
