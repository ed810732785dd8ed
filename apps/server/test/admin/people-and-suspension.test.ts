import type {
  AdminPeopleResponse,
  AdminPersonDetail,
  AuditLogResponse,
  PlatformFigures,
} from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { adminAuditLog } from '../../src/db/schema/index.ts';
import { disconnection, connect, listen, type ChatSocket } from '../messaging/helpers.ts';
import { waitForMail } from '../support/outbox.ts';
import { call, fund, moneyCall, submitWork } from '../support/requests.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  adminUser,
  anotherContract,
  approvedExpert,
  hiredContract,
  randomIp,
  releaseMilestone,
  signedInUser,
  uniqueWord,
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

const reason = 'Repeated requests for payment outside the platform, reported by two clients.';

const suspend = (who: SignedInUser, memberId: string, text = reason) =>
  call(t.app, 'POST', `/api/admin/people/${memberId}/suspend`, who, { reason: text });
const restore = (
  who: SignedInUser,
  memberId: string,
  text = 'Spoke with the member; they agreed to the rules.',
) => call(t.app, 'POST', `/api/admin/people/${memberId}/restore`, who, { reason: text });
const login = (user: SignedInUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { email: user.email, password: user.password },
    remoteAddress: randomIp(),
  });

async function auditLog(): Promise<AuditLogResponse['entries']> {
  const response = await call(t.app, 'GET', '/api/admin/audit-log?limit=50', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogResponse>().entries;
}

describe('who may use the admin console', () => {
  it('every admin route needs a session (401) and an administrator (403)', async () => {
    const member = await signedInUser(t.app);
    const routes: Array<['GET' | 'POST', string, object | undefined]> = [
      ['GET', '/api/admin/figures', undefined],
      ['GET', '/api/admin/people', undefined],
      ['GET', `/api/admin/people/${member.id}`, undefined],
      ['POST', `/api/admin/people/${admin.id}/suspend`, { reason }],
      ['POST', `/api/admin/people/${admin.id}/restore`, { reason }],
      ['GET', '/api/admin/audit-log', undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(t.app, method, path, null, body)).statusCode, `${method} ${path}`).toBe(401);
      const refused = await call(t.app, method, path, member, body);
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe('Only administrators can do this.');
    }
  });

  it('an administrator cannot suspend their own account, nor another administrator', async () => {
    const self = await suspend(admin, admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json<{ message: string }>().message).toBe('You cannot suspend or restore your own account.');
    const colleague = await adminUser(t.app);
    const other = await suspend(admin, colleague.id);
    expect(other.statusCode).toBe(403);
    expect(other.json<{ message: string }>().message).toBe("An administrator's account cannot be suspended.");
    expect((await call(t.app, 'GET', '/api/me', colleague)).statusCode).toBe(200);
  });
});

describe("an administrator's own money", () => {
  it('is out of their reach: an administrator who is a party cannot decide that dispute; another can', async () => {
    const adminClient = await adminUser(t.app);
    const expert = await approvedExpert(t.app);
    const contract = await anotherContract(t.app, { client: adminClient, expert });
    const milestone = contract.milestones[0]!;
    expect((await fund(t.app, adminClient, milestone.id)).statusCode).toBe(200);
    expect((await submitWork(t.app, expert, milestone.id)).statusCode).toBe(200);
    const opened = await call(t.app, 'POST', `/api/milestones/${milestone.id}/dispute`, expert, {
      reason: 'The client asks for work the milestone never covered.',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const decision = { outcome: 'release', note: 'The delivered plan matches the milestone as agreed.' };
    const own = await moneyCall(t.app, `/api/milestones/${milestone.id}/resolve`, adminClient, decision);
    expect(own.statusCode).toBe(403);
    const byColleague = await moneyCall(t.app, `/api/milestones/${milestone.id}/resolve`, admin, decision);
    expect(byColleague.statusCode, byColleague.body).toBe(200);
    // The decision is in the audit log, about the contract, and on both parties' pages.
    const [latest] = await auditLog();
    expect(latest).toMatchObject({
      action: 'dispute_resolved',
      actor: { id: admin.id },
      subject: null,
      contract: { id: contract.id, title: contract.title },
      reason: `Released to the expert (${milestone.title}): ${decision.note}`,
    });
    for (const party of [adminClient, expert]) {
      const detail = (
        await call(t.app, 'GET', `/api/admin/people/${party.id}`, admin)
      ).json<AdminPersonDetail>();
      expect(detail.audit.map((entry) => entry.id)).toContain(latest!.id);
    }
  });
});

describe('finding people', () => {
  it('finds a member by a word of their name or their e-mail, and pages newest first', async () => {
    const surname = `Quist${uniqueWord()}`;
    const first = await signedInUser(t.app, { lastName: surname });
    const second = await signedInUser(t.app, { lastName: surname });
    const byName = await call(t.app, 'GET', `/api/admin/people?q=${surname}&limit=1`, admin);
    expect(byName.statusCode, byName.body).toBe(200);
    const page1 = byName.json<AdminPeopleResponse>();
    expect(page1.people.map((p) => p.id)).toEqual([second.id]);
    const next = await call(
      t.app,
      'GET',
      `/api/admin/people?q=${surname}&limit=1&cursor=${page1.nextCursor}`,
      admin,
    );
    const page2 = next.json<AdminPeopleResponse>();
    expect(page2.people.map((p) => p.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();

    const byEmail = await call(t.app, 'GET', `/api/admin/people?q=${encodeURIComponent(first.email)}`, admin);
    expect(byEmail.json<AdminPeopleResponse>().people.map((p) => p.id)).toEqual([first.id]);
    // A LIKE wildcard is a character to find, not "anything".
    const wildcard = await call(t.app, 'GET', `/api/admin/people?q=${surname}%25zz`, admin);
    expect(wildcard.json<AdminPeopleResponse>().people).toEqual([]);
  });

  it("shows a member's contracts and the money that moved for them", async () => {
    const hired = await hiredContract(t.app);
    await releaseMilestone(t.app, hired);
    const response = await call(t.app, 'GET', `/api/admin/people/${hired.expert.id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AdminPersonDetail>();
    expect(detail.person.expertStatus).toBe('approved');
    expect(detail.contracts).toEqual([
      expect.objectContaining({ id: hired.contract.id, side: 'expert', status: 'active' }),
    ]);
    expect(detail.money.map((m) => m.kind)).toContain('release');
    const client = (
      await call(t.app, 'GET', `/api/admin/people/${hired.client.id}`, admin)
    ).json<AdminPersonDetail>();
    expect(client.projects).toHaveLength(1);
    expect(client.contracts).toEqual([expect.objectContaining({ side: 'client' })]);
    expect(client.money.map((m) => m.kind)).toContain('fund');
  });
});

describe('suspending and restoring a member', () => {
  it('signs the member out everywhere at once, refuses their sign-in with the reason, and logs it', async () => {
    const member = await signedInUser(t.app);
    const socket = await connect(url, member.token);
    sockets.push(socket);
    const closed = disconnection(socket, 2_000);
    const logBefore = await auditLog();

    const response = await suspend(admin, member.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminPersonDetail>().person.suspension).toEqual({
      at: expect.any(String),
      reason,
    });
    await closed;
    expect((await call(t.app, 'GET', '/api/me', member)).statusCode).toBe(401);
    const refused = await login(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(
      `This account is suspended, so it cannot sign in. The reason given: ${reason}`,
    );
    await waitForMail(
      t.app,
      admin,
      member.email,
      /Your Sciwise account is suspended|reported by two clients/,
    );

    const logAfter = await auditLog();
    expect(logAfter).toHaveLength(logBefore.length + 1);
    expect(logAfter[0]).toMatchObject({
      action: 'member_suspended',
      actor: { id: admin.id },
      subject: { id: member.id },
      reason,
    });
    expect((await suspend(admin, member.id)).statusCode).toBe(409);

    const restored = await restore(admin, member.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<AdminPersonDetail>().person.suspension).toBeNull();
    expect((await login(member)).statusCode).toBe(200);
    const audit = (
      await call(t.app, 'GET', `/api/admin/people/${member.id}`, admin)
    ).json<AdminPersonDetail>().audit;
    expect(audit.map((entry) => entry.action)).toEqual(['member_restored', 'member_suspended']);
    expect((await restore(admin, member.id)).statusCode).toBe(409);
  });

  it('needs a reason the member can read, and loses nothing when it is missing', async () => {
    const member = await signedInUser(t.app);
    const bare = await suspend(admin, member.id, 'spam');
    expect(bare.statusCode).toBe(400);
    expect(bare.json<{ message: string }>().message).toBe(
      'Give the reason in a sentence: the member will read it.',
    );
    expect((await call(t.app, 'GET', '/api/me', member)).statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/admin/people/not-a-uuid/suspend', admin, { reason })).statusCode,
    ).toBe(400);
    const shortRestore = await restore(admin, member.id, 'ok');
    expect(shortRestore.statusCode).toBe(400);
    expect(shortRestore.json<{ message: string }>().message).toBe(
      'Say in a sentence what changed: the audit log keeps it.',
    );
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await suspend(admin, missing)).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('cannot be changed: no route writes it, and the database refuses edits and deletions', async () => {
    const member = await signedInUser(t.app);
    expect((await suspend(admin, member.id)).statusCode).toBe(200);
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const response = await call(t.app, method, '/api/admin/audit-log', admin, {});
      expect(response.statusCode, method).toBe(404);
    }
    const [entry] = await t.app.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectUserId, member.id));
    // Drizzle wraps the database's refusal; the trigger's words are in its cause.
    const refusal = (error: unknown) => String((error as { cause?: unknown }).cause);
    const edit = t.app.db
      .update(adminAuditLog)
      .set({ reason: 'nothing happened' })
      .where(eq(adminAuditLog.id, entry!.id));
    expect(await edit.then(() => 'updated', refusal)).toMatch(
      /admin_audit_log is append-only: UPDATE refused/,
    );
    const removal = t.app.db.delete(adminAuditLog).where(eq(adminAuditLog.id, entry!.id));
    expect(await removal.then(() => 'deleted', refusal)).toMatch(
      /admin_audit_log is append-only: DELETE refused/,
    );
    expect((await auditLog()).find((e) => e.id === entry!.id)?.reason).toBe(reason);
  });
});

describe('platform figures', () => {
  it('count people and work by state, and follow the money through escrow from the ledger', async () => {
    const figures = async () => {
      const response = await call(t.app, 'GET', '/api/admin/figures', admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PlatformFigures>();
    };
    const usd = (f: PlatformFigures) =>
      f.money.find((row) => row.currency === 'USD') ?? {
        inEscrowMinor: 0,
        releasedThisMonthMinor: 0,
        refundedThisMonthMinor: 0,
      };
    const before = await figures();
    const hired = await hiredContract(t.app);
    const funded = await figures();
    expect(funded.members).toBe(before.members + 2);
    expect(funded.expertsByState.approved).toBe(before.expertsByState.approved + 1);
    expect(funded.contractsByState.active).toBe(before.contractsByState.active + 1);
    expect(funded.projectsByState.in_progress).toBe(before.projectsByState.in_progress + 1);

    const milestone = hired.contract.milestones[0]!;
    expect((await fund(t.app, hired.client, milestone.id)).statusCode).toBe(200);
    const held = await figures();
    // The escrow holds the milestone's amount; the client's fee went to the platform at once.
    expect(usd(held).inEscrowMinor).toBe(usd(before).inEscrowMinor + milestone.amount.amountMinor);

    expect((await submitWork(t.app, hired.expert, milestone.id)).statusCode).toBe(200);
    const approved = await moneyCall(t.app, `/api/milestones/${milestone.id}/approve`, hired.client, {
      metCriteria: milestone.criteria.map((_, i) => i),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const released = await figures();
    // All of it left escrow this month, to the expert and the platform; nothing went back.
    expect(usd(released).inEscrowMinor).toBe(usd(before).inEscrowMinor);
    expect(usd(released).releasedThisMonthMinor).toBe(
      usd(before).releasedThisMonthMinor + milestone.amount.amountMinor,
    );
    expect(usd(released).refundedThisMonthMinor).toBe(usd(before).refundedThisMonthMinor);
    const [row] = await rowsOf<{ month_start: Date | string }>(
      t.app.db,
      sql`select date_trunc('month', now(), 'UTC') as month_start`,
    );
    expect(released.monthStart).toBe(new Date(row!.month_start).toISOString());
  });
});
