import type {
  AcceptQuoteResponse,
  Contract,
  ContractListResponse,
  ErrorResponse,
  MyProjectsResponse,
  NotificationListResponse,
  ProjectView,
  Quote,
  QuoteListResponse,
} from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, expertProfiles, quotes } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { approvedExpert, openProject, quoteInput, signedInUser, type SignedInUser } from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const notifications = async (who: SignedInUser) =>
  (await call(t.app, 'GET', '/api/notifications', who)).json<NotificationListResponse>().notifications;

async function quoted(count: number) {
  const owner = await signedInUser(t.app);
  const project = await openProject(t.app, owner);
  const experts: SignedInUser[] = [];
  const sent: Quote[] = [];
  for (let n = 0; n < count; n++) {
    const expert = await approvedExpert(t.app);
    const response = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput());
    expect(response.statusCode, response.body).toBe(201);
    experts.push(expert);
    sent.push(response.json<Quote>());
  }
  return { owner, project, experts, quotes: sent };
}

describe('quote state machine', () => {
  it('accepting makes the contract with pending milestones, closes the other quotes with a notice, starts the project', async () => {
    const { owner, project, experts, quotes: sent } = await quoted(3);
    const withdrawn = await call(t.app, 'POST', `/api/quotes/${sent[2]!.id}/withdraw`, experts[2]!);
    expect(withdrawn.json<Quote>().status).toBe('withdrawn');

    const accepted = await call(t.app, 'POST', `/api/quotes/${sent[0]!.id}/accept`, owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { contractId, quote } = accepted.json<AcceptQuoteResponse>();
    expect(quote.status).toBe('accepted');

    const contract = (await call(t.app, 'GET', `/api/contracts/${contractId}`, owner)).json<Contract>();
    expect(contract.price).toEqual({ amountMinor: 200_000, currency: 'USD' });
    expect(contract.milestones.map((m) => [m.title, m.amount.amountMinor, m.status])).toEqual([
      ['Statistical analysis plan', 50_000, 'pending'],
      ['Final report', 150_000, 'pending'],
    ]);
    expect(contract.role).toBe('client');

    const list = (
      await call(t.app, 'GET', `/api/projects/${project.id}/quotes`, owner)
    ).json<QuoteListResponse>();
    expect(list.quotes.map((q) => q.status)).toEqual(['accepted', 'declined']);
    expect(list.quotes[1]!.declineReason).toBe('The client accepted another quote.');
    expect((await notifications(experts[1]!)).map((n) => n.title)).toContain(
      'The client chose another expert',
    );
    expect((await notifications(experts[0]!)).map((n) => n.title)).toContain('Your quote was accepted');

    const view = (await call(t.app, 'GET', `/api/projects/${project.id}`, owner)).json<ProjectView>();
    expect(view.details?.status).toBe('in_progress');
    expect(view.details?.viewer.contractId).toBe(contractId);
    // The hired expert gets the workspace link; another quoter and a stranger see the project, not the contract id.
    const contractIdFor = async (who: SignedInUser) =>
      (await call(t.app, 'GET', `/api/projects/${project.id}`, who)).json<ProjectView>().details?.viewer
        .contractId;
    expect(await contractIdFor(experts[0]!)).toBe(contractId);
    expect(await contractIdFor(experts[1]!)).toBeNull();
    expect(await contractIdFor(await signedInUser(t.app))).toBeNull();
    const mine = (await call(t.app, 'GET', '/api/projects/mine', owner)).json<MyProjectsResponse>();
    expect(mine.projects.find((p) => p.id === project.id)).toMatchObject({
      status: 'in_progress',
      quoteCount: 2,
      contractId,
    });
    const theirs = (await call(t.app, 'GET', '/api/contracts', experts[0]!)).json<ContractListResponse>();
    expect(theirs.contracts.map((c) => [c.id, c.role])).toEqual([[contractId, 'expert']]);
  });

  it('wrong-state calls get 409 with a reason', async () => {
    const { owner, experts, quotes: sent } = await quoted(2);
    await call(t.app, 'POST', `/api/quotes/${sent[1]!.id}/decline`, owner, { reason: 'Not the right fit' });
    const cases: [SignedInUser, string, object | undefined, string][] = [
      [owner, `/api/quotes/${sent[1]!.id}/accept`, undefined, 'already been declined'],
      [experts[1]!, `/api/quotes/${sent[1]!.id}/withdraw`, undefined, 'already been declined'],
      [owner, `/api/quotes/${sent[1]!.id}/decline`, { reason: 'again' }, 'already been declined'],
    ];
    const check = async () => {
      for (const [who, url, body, words] of cases.splice(0)) {
        const response = await call(t.app, 'POST', url, who, body);
        expect(response.statusCode, url).toBe(409);
        expect(response.json<ErrorResponse>().message).toContain(words);
      }
    };
    await check();
    await call(t.app, 'POST', `/api/quotes/${sent[0]!.id}/accept`, owner);
    cases.push([owner, `/api/quotes/${sent[0]!.id}/accept`, undefined, 'already accepted a quote']);
    cases.push([experts[0]!, `/api/quotes/${sent[0]!.id}/withdraw`, undefined, 'already been accepted']);
    await check();
    const edit = await call(t.app, 'PATCH', `/api/quotes/${sent[0]!.id}`, experts[0]!, { durationDays: 3 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<ErrorResponse>().message).toMatch(/can no longer be changed/);
  });

  it('accepting terms the expert changed after the owner looked is a 409, and no contract is made', async () => {
    const { owner, project, experts, quotes: sent } = await quoted(1);
    const seen = sent[0]!;
    const edited = await call(t.app, 'PATCH', `/api/quotes/${seen.id}`, experts[0]!, {
      priceMinor: 900_000,
      milestones: [{ title: 'Everything', amountMinor: 900_000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await call(t.app, 'POST', `/api/quotes/${seen.id}/accept`, owner, {
      seenUpdatedAt: seen.updatedAt,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<ErrorResponse>().message).toMatch(/changed this quote after you opened it/);
    expect(await t.app.db.select().from(contracts).where(eq(contracts.projectId, project.id))).toEqual([]);

    const fresh = await call(t.app, 'POST', `/api/quotes/${seen.id}/accept`, owner, {
      seenUpdatedAt: edited.json<Quote>().updatedAt,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const contract = (
      await call(t.app, 'GET', `/api/contracts/${fresh.json<AcceptQuoteResponse>().contractId}`, owner)
    ).json<Contract>();
    expect(contract.price.amountMinor).toBe(900_000);
  });

  it('hiring on fees other than the ones shown is a 409; on the ones shown, the contract keeps them', async () => {
    const { owner, quotes: sent } = await quoted(1);
    const shown = { clientFeeBps: 500, expertFeeBps: 1000, autoReleaseDays: 14 };
    const stale = await call(t.app, 'POST', `/api/quotes/${sent[0]!.id}/accept`, owner, {
      seenTerms: { ...shown, clientFeeBps: 400 },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json<ErrorResponse>().message).toMatch(/fees or escrow terms changed/);
    const hired = await call(t.app, 'POST', `/api/quotes/${sent[0]!.id}/accept`, owner, { seenTerms: shown });
    expect(hired.statusCode, hired.body).toBe(200);
    const contract = (
      await call(t.app, 'GET', `/api/contracts/${hired.json<AcceptQuoteResponse>().contractId}`, owner)
    ).json<Contract>();
    expect(contract.fees).toEqual({ clientFeeBps: 500, expertFeeBps: 1000 });
    expect(contract.autoReleaseDays).toBe(14);
  });

  it("the project's currency is fixed while quotes in it wait; other edits still save", async () => {
    const { owner, project, experts, quotes: sent } = await quoted(1);
    const euros = await call(t.app, 'PATCH', `/api/projects/${project.id}`, owner, { currency: 'EUR' });
    expect(euros.statusCode, euros.body).toBe(409);
    expect(euros.json<ErrorResponse>().message).toMatch(/quoted in USD/);
    const same = await call(t.app, 'PATCH', `/api/projects/${project.id}`, owner, {
      currency: 'USD',
      title: 'Statistical analysis of a phase II trial',
    });
    expect(same.statusCode, same.body).toBe(200);
    await call(t.app, 'POST', `/api/quotes/${sent[0]!.id}/withdraw`, experts[0]!);
    const later = await call(t.app, 'PATCH', `/api/projects/${project.id}`, owner, { currency: 'EUR' });
    expect(later.statusCode, later.body).toBe(200);
    const requote = await call(
      t.app,
      'POST',
      `/api/projects/${project.id}/quotes`,
      experts[0]!,
      quoteInput(),
    );
    expect(requote.json<Quote>().price.currency).toBe('EUR');
  });

  it('an expert edits a waiting quote, withdraws it, and may then quote again (one live quote)', async () => {
    const { owner, project, experts, quotes: sent } = await quoted(1);
    const edited = await call(t.app, 'PATCH', `/api/quotes/${sent[0]!.id}`, experts[0]!, {
      priceMinor: 120_000,
      milestones: [{ title: 'Everything', amountMinor: 120_000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Quote>().price.amountMinor).toBe(120_000);
    const twice = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, experts[0]!, quoteInput());
    expect(twice.statusCode).toBe(409);
    expect(twice.json<ErrorResponse>().message).toMatch(/already sent a quote/);
    await call(t.app, 'POST', `/api/quotes/${sent[0]!.id}/withdraw`, experts[0]!);
    const again = await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, experts[0]!, quoteInput());
    expect(again.statusCode, again.body).toBe(201);
    expect((await notifications(owner)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['quote_received', 'quote_updated', 'quote_withdrawn']),
    );
  });

  it('cancelling a project closes its waiting quotes and refuses new ones', async () => {
    const { owner, project, experts, quotes: sent } = await quoted(1);
    const cancelled = await call(t.app, 'POST', `/api/projects/${project.id}/cancel`, owner);
    expect(cancelled.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, sent[0]!.id));
    expect(row?.status).toBe('declined');
    const late = await call(
      t.app,
      'POST',
      `/api/projects/${project.id}/quotes`,
      await approvedExpert(t.app),
      quoteInput(),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json<ErrorResponse>().message).toMatch(/cancelled/);
    const again = await call(t.app, 'POST', `/api/projects/${project.id}/cancel`, owner);
    expect(again.statusCode).toBe(409);
    expect((await notifications(experts[0]!)).map((n) => n.kind)).toContain('project_cancelled');
  });

  it('concurrent accepts of two quotes on one project leave exactly one contract', async () => {
    for (let round = 0; round < 3; round++) {
      const { owner, project, quotes: sent } = await quoted(2);
      const results = await Promise.all(
        sent.map((q) => call(t.app, 'POST', `/api/quotes/${q.id}/accept`, owner)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const made = await t.app.db.select().from(contracts).where(eq(contracts.projectId, project.id));
      expect(made).toHaveLength(1);
      const states = await t.app.db
        .select({ status: quotes.status })
        .from(quotes)
        .where(eq(quotes.projectId, project.id));
      expect(states.map((s) => s.status).sort()).toEqual(['accepted', 'declined']);
    }
  });

  it('concurrent quotes of one expert on one project leave one live quote', async () => {
    const owner = await signedInUser(t.app);
    const project = await openProject(t.app, owner);
    const expert = await approvedExpert(t.app);
    const results = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput())),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('invitations', () => {
  it('the invited expert is notified, accepts, quotes; a second invite is 409; declining tells the owner', async () => {
    const owner = await signedInUser(t.app);
    const project = await openProject(t.app, owner, { visibility: 'invite_only' });
    const expert = await approvedExpert(t.app);
    const other = await approvedExpert(t.app);
    const invite = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
      expertId: expert.id,
    });
    expect(invite.statusCode).toBe(201);
    expect((await notifications(expert)).map((n) => n.link)).toContain(`/projects/${project.id}`);
    const twice = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
      expertId: expert.id,
    });
    expect(twice.statusCode).toBe(409);
    const invitationId = invite.json<{ id: string }>().id;
    expect((await call(t.app, 'POST', `/api/invitations/${invitationId}/accept`, expert)).statusCode).toBe(
      200,
    );
    const late = await call(t.app, 'POST', `/api/invitations/${invitationId}/decline`, expert, {});
    expect(late.statusCode, late.body).toBe(409);
    expect(
      (await call(t.app, 'POST', `/api/projects/${project.id}/quotes`, expert, quoteInput())).statusCode,
    ).toBe(201);

    const second = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
      expertId: other.id,
    });
    await call(t.app, 'POST', `/api/invitations/${second.json<{ id: string }>().id}/decline`, other, {
      reason: 'Fully booked',
    });
    const ownerNotes = await notifications(owner);
    expect(ownerNotes.map((n) => n.body).join(' ')).toContain('Fully booked');

    // From the expert's public profile the owner names them by slug.
    const bySlug = await approvedExpert(t.app);
    const [profile] = await t.app.db
      .select({ slug: expertProfiles.slug })
      .from(expertProfiles)
      .where(eq(expertProfiles.userId, bySlug.id));
    const slugInvite = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
      expertSlug: profile!.slug,
    });
    expect(slugInvite.statusCode, slugInvite.body).toBe(201);
    expect(slugInvite.json<{ expert: { id: string } }>().expert.id).toBe(bySlug.id);
    for (const body of [
      {},
      { expertId: other.id, expertSlug: profile!.slug },
      { expertSlug: 'no-such-expert' },
    ]) {
      const response = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }

    const notExpert = await signedInUser(t.app);
    const refused = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
      expertId: notExpert.id,
    });
    expect(refused.statusCode).toBe(400);
    const self = await call(t.app, 'POST', `/api/projects/${project.id}/invitations`, owner, {
      expertId: owner.id,
    });
    expect(self.statusCode).toBe(400);
  });
});
