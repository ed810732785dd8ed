import { CONCIERGE_USER_ID, type AdminSummary, type Conversation } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertProfiles } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { call, fund, submitWork } from '../support/requests.ts';
import { adminUser, approvedExpert, hiredContract, signedInUser } from '../factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function summary(who: Awaited<ReturnType<typeof adminUser>>): Promise<AdminSummary> {
  const response = await call(t.app, 'GET', '/api/admin/summary', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSummary>();
}

describe('GET /api/admin/summary', () => {
  it('needs a session (401) and an administrator (403)', async () => {
    expect((await call(t.app, 'GET', '/api/admin/summary', null)).statusCode).toBe(401);
    const member = await signedInUser(t.app);
    const refused = await call(t.app, 'GET', '/api/admin/summary', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe('Only administrators can do this.');
  });

  it('counts a submitted application, then forgets it once decided', async () => {
    const admin = await adminUser(t.app);
    const before = await summary(admin);
    const expert = await approvedExpert(t.app);
    // An approved expert put back in the queue, as an application waiting for a decision.
    await t.app.db
      .update(expertProfiles)
      .set({ status: 'submitted' })
      .where(eq(expertProfiles.userId, expert.id));
    expect((await summary(admin)).vettingQueue).toBe(before.vettingQueue + 1);
    await t.app.db
      .update(expertProfiles)
      .set({ status: 'approved' })
      .where(eq(expertProfiles.userId, expert.id));
    expect((await summary(admin)).vettingQueue).toBe(before.vettingQueue);
  });

  it('counts a concierge conversation only while the member has the last word', async () => {
    const admin = await adminUser(t.app);
    const member = await signedInUser(t.app);
    const before = await summary(admin);
    // Opening the conversation adds the concierge's welcome: nothing to answer yet.
    const opened = await call(t.app, 'POST', '/api/conversations', member, { userId: CONCIERGE_USER_ID });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const conversation = opened.json<Conversation>();
    expect((await summary(admin)).conciergeAwaitingReply).toBe(before.conciergeAwaitingReply);

    const asked = await call(t.app, 'POST', `/api/conversations/${conversation.id}/messages`, member, {
      text: 'I need a statistician for a phase II trial.',
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    expect((await summary(admin)).conciergeAwaitingReply).toBe(before.conciergeAwaitingReply + 1);

    const answered = await call(t.app, 'POST', `/api/conversations/${conversation.id}/messages`, admin, {
      text: 'Happy to help: what is the primary endpoint?',
    });
    expect(answered.statusCode, answered.body).toBeLessThan(300);
    expect((await summary(admin)).conciergeAwaitingReply).toBe(before.conciergeAwaitingReply);
  });

  it('counts a milestone in dispute', async () => {
    const admin = await adminUser(t.app);
    const { client, expert, contract } = await hiredContract(t.app);
    const milestone = contract.milestones[0]!;
    await fund(t.app, client, milestone.id);
    await submitWork(t.app, expert, milestone.id);
    const before = await summary(admin);
    const opened = await call(t.app, 'POST', `/api/milestones/${milestone.id}/dispute`, client, {
      reason: 'Half of the endpoints are missing from the plan.',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await summary(admin)).openDisputes).toBe(before.openDisputes + 1);
  });
});
