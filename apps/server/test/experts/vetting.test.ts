import type {
  AdminApplication,
  AdminPersonDetail,
  CurrentUser,
  ErrorResponse,
  ExpertApplication,
  NotificationListResponse,
} from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox } from '../../src/db/schema/index.ts';
import { refreshSubjectCatalogue } from '../../src/db/seed/experts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { adminUser, type SignedInUser, signedInUser, uniqueWord } from '../factories.ts';
import { queryRows } from '../support/ledger.ts';
import { searchSlugs } from '../support/requests.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
  await refreshSubjectCatalogue(t.app.db);
});
afterAll(() => t.close());

const complete = (word: string) => ({
  headline: `Regulatory consultant for ${word} devices`,
  bio: 'I help medical device makers through CE marking and FDA submissions, from the technical file to the audit.',
  category: 'consultants',
  subjects: ['regulatory affairs', 'Medical devices'],
  hourlyRateMinor: 15_000,
  currency: 'EUR',
  country: 'de',
  languages: ['en', 'DE'],
  orcid: '0000-0002-1825-0097',
  availability: 'available',
});

const call = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  who?: { headers: Record<string, string> },
  payload?: object,
) => t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });

/** E-mail to `email`, without the address confirmation every new account gets. */
async function vettingMail(email: string) {
  const mail = await t.app.db.select().from(devOutbox).where(eq(devOutbox.to, email));
  return mail.filter((m) => m.subject !== 'Confirm your e-mail address for Sciwise');
}

/** What the audit log holds about a member, as an administrator reads it, newest first. */
async function auditOf(userId: string) {
  const response = await call('GET', `/api/admin/people/${userId}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<AdminPersonDetail>()
    .audit.map((entry) => ({ action: entry.action, actor: entry.actor.id, reason: entry.reason }));
}

async function submittedApplicant(word = uniqueWord()) {
  const applicant = await signedInUser(t.app);
  expect((await call('PATCH', '/api/expert-application', applicant, complete(word))).statusCode).toBe(200);
  const submitted = await call('POST', '/api/expert-application/submit', applicant);
  expect(submitted.statusCode).toBe(200);
  return { applicant, application: submitted.json<ExpertApplication>(), word };
}

describe('applying as an expert', () => {
  it('saves partial drafts, says what is missing, and refuses an incomplete submit with 400', async () => {
    const applicant = await signedInUser(t.app);
    expect((await call('GET', '/api/expert-application', applicant)).statusCode).toBe(404);
    const first = await call('PATCH', '/api/expert-application', applicant, {
      headline: 'Food scientist and formulator',
    });
    expect(first.statusCode).toBe(200);
    const draft = first.json<ExpertApplication>();
    expect(draft).toMatchObject({
      status: 'draft',
      headline: 'Food scientist and formulator',
      actions: ['submit'],
    });
    expect(draft.missing.map((m) => m.field)).toEqual([
      'bio',
      'category',
      'subjects',
      'hourlyRateMinor',
      'country',
      'languages',
    ]);

    const second = await call('PATCH', '/api/expert-application', applicant, {
      category: 'product_developers',
    });
    expect(second.json<ExpertApplication>()).toMatchObject({
      headline: 'Food scientist and formulator',
      category: 'product_developers',
    });

    const refused = await call('POST', '/api/expert-application/submit', applicant);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().details?.map((d) => d.field)).toContain('bio');
    expect((await call('GET', '/api/expert-application', applicant)).json<ExpertApplication>().status).toBe(
      'draft',
    );
  });

  it('validates fields while drafting (ORCID checksum, country, unknown fields)', async () => {
    const applicant = await signedInUser(t.app);
    for (const body of [
      { orcid: '0000-0002-1825-0098' },
      { country: 'XX' },
      { hourlyRateMinor: 12.5 },
      { nickname: 'x' },
    ]) {
      const response = await call('PATCH', '/api/expert-application', applicant, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorResponse>().message.length).toBeGreaterThan(0);
    }
  });

  it("a submitted application lands in every administrator's notifications, linking to the review queue", async () => {
    const otherAdmin = await adminUser(t.app);
    const { applicant } = await submittedApplicant();
    const me = (await call('GET', '/api/me', applicant)).json<CurrentUser>();
    for (const who of [admin, otherAdmin]) {
      const bell = (await call('GET', '/api/notifications', who)).json<NotificationListResponse>();
      const arrived = bell.notifications.filter((n) => n.kind === 'expert_application_submitted');
      expect(arrived.map((n) => n.title)).toContain('A new expert application');
      const mine = arrived.find((n) => n.body.startsWith(`${me.firstName} ${me.lastName} applied`));
      expect(mine).toMatchObject({ link: '/profile/admin/vetting', read: false });
    }
    // The applicant is not told about their own application as if they were an administrator.
    const own = (await call('GET', '/api/notifications', applicant)).json<NotificationListResponse>();
    expect(own.notifications.map((n) => n.kind)).not.toContain('expert_application_submitted');
  });

  it('canonicalises subjects, locks the application while it is reviewed, and lets the applicant withdraw', async () => {
    const { applicant, application } = await submittedApplicant();
    expect(application).toMatchObject({
      status: 'submitted',
      subjects: ['Regulatory affairs', 'Medical devices'],
      country: 'DE',
      languages: ['en', 'de'],
    });
    const locked = await call('PATCH', '/api/expert-application', applicant, {
      headline: 'Changed while in review',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json<ErrorResponse>().message).toMatch(/being reviewed/);
    expect((await call('POST', '/api/expert-application/submit', applicant)).statusCode).toBe(409);
    const withdrawn = await call('POST', '/api/expert-application/withdraw', applicant);
    expect(withdrawn.json<ExpertApplication>().status).toBe('draft');
    expect((await call('POST', '/api/expert-application/withdraw', applicant)).statusCode).toBe(409);
  });

  it('needs a signed-in user', async () => {
    expect((await call('GET', '/api/expert-application')).statusCode).toBe(401);
    expect(
      (await call('PATCH', '/api/expert-application', undefined, { headline: 'Hello there' })).statusCode,
    ).toBe(401);
    expect((await call('POST', '/api/expert-application/submit')).statusCode).toBe(401);
  });
});

describe('vetting', () => {
  it('admin calls: anonymous 401, member 403, admin 200', async () => {
    const { application } = await submittedApplicant();
    const member = await signedInUser(t.app);
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/expert-applications'],
      ['GET', `/api/admin/expert-applications/${application.id}`],
      [
        'POST',
        `/api/admin/expert-applications/${application.id}/reject`,
        { reason: 'Please add your publications.' },
      ],
      ['POST', `/api/admin/expert-applications/${application.id}/approve`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, member, body)).statusCode, url).toBe(403);
    }
    expect((await call('GET', `/api/admin/expert-applications/${application.id}`, admin)).statusCode).toBe(
      200,
    );
  });

  it('the queue lists submitted applications oldest first, in pages', async () => {
    const mine = [await submittedApplicant(), await submittedApplicant(), await submittedApplicant()].map(
      (a) => a.application.id,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(
        'GET',
        `/api/admin/expert-applications?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<{ applications: AdminApplication[]; nextCursor: string | null }>();
      expect(body.applications.every((a) => a.status === 'submitted')).toBe(true);
      seen.push(...body.applications.map((a) => a.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => mine.includes(id))).toEqual(mine);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('approval publishes the profile, e-mails the applicant and notifies them in the app', async () => {
    const { applicant, application, word } = await submittedApplicant();
    expect(await searchSlugs(t.app, { q: word })).toEqual([]);
    const approved = await call('POST', `/api/admin/expert-applications/${application.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<AdminApplication>()).toMatchObject({
      status: 'approved',
      applicant: { email: applicant.email },
    });
    expect(await searchSlugs(t.app, { q: word })).toEqual([application.slug]);
    expect((await call('GET', `/api/experts/${application.slug}`)).statusCode).toBe(200);
    expect(await auditOf(applicant.id)).toEqual([
      { action: 'application_approved', actor: admin.id, reason: null },
    ]);

    const mail = await vettingMail(applicant.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your Sciwise expert profile is live']);
    const inbox = (await call('GET', '/api/notifications', applicant)).json<NotificationListResponse>();
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({
      kind: 'expert_application_approved',
      read: false,
      link: `/experts/${application.slug}`,
    });

    // Wrong state: approving or rejecting again is a 409 with a reason.
    const again = await call('POST', `/api/admin/expert-applications/${application.id}/approve`, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toMatch(/already been approved/);
    expect(
      (
        await call('POST', `/api/admin/expert-applications/${application.id}/reject`, admin, {
          reason: 'Changed my mind, sorry.',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call('PATCH', '/api/expert-application', applicant, { headline: 'Edited after approval' }))
        .statusCode,
    ).toBe(409);
    const [subject] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select expert_count as n from subjects where slug = 'regulatory-affairs'`,
    );
    expect(Number(subject!.n)).toBeGreaterThanOrEqual(1);
  });

  it('rejection needs a reason, tells the applicant why, and they can fix and resubmit', async () => {
    const { applicant, application } = await submittedApplicant();
    const noReason = await call('POST', `/api/admin/expert-applications/${application.id}/reject`, admin, {
      reason: 'no',
    });
    expect(noReason.statusCode).toBe(400);
    const reason = 'Please add at least one publication or portfolio link.';
    const rejected = await call('POST', `/api/admin/expert-applications/${application.id}/reject`, admin, {
      reason,
    });
    expect(rejected.json<AdminApplication>()).toMatchObject({ status: 'rejected', rejectionReason: reason });
    // The refused attempt without a reason left nothing in the log; the rejection did.
    expect(await auditOf(applicant.id)).toEqual([
      { action: 'application_rejected', actor: admin.id, reason },
    ]);
    const mine = (await call('GET', '/api/expert-application', applicant)).json<ExpertApplication>();
    expect(mine).toMatchObject({ status: 'rejected', rejectionReason: reason, actions: ['submit'] });
    const [mail] = await vettingMail(applicant.email);
    expect(mail!.text).toContain(reason);
    expect((await call('GET', `/api/experts/${application.slug}`)).statusCode).toBe(404);

    const fixed = await call('PATCH', '/api/expert-application', applicant, {
      publications: [{ title: 'MDR in practice', url: 'https://example.org/mdr' }],
    });
    expect(fixed.statusCode).toBe(200);
    const resubmitted = await call('POST', '/api/expert-application/submit', applicant);
    expect(resubmitted.json<ExpertApplication>()).toMatchObject({
      status: 'submitted',
      rejectionReason: null,
    });
  });

  it('an admin cannot approve a draft (409) and unknown ids are 404', async () => {
    const applicant = await signedInUser(t.app);
    const draft = (
      await call('PATCH', '/api/expert-application', applicant, { headline: 'Just started here' })
    ).json<ExpertApplication>();
    const response = await call('POST', `/api/admin/expert-applications/${draft.id}/approve`, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorResponse>().message).toMatch(/still a draft/);
    expect(
      (
        await call(
          'POST',
          '/api/admin/expert-applications/00000000-0000-4000-8000-000000000000/approve',
          admin,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('notifications', () => {
  it('marks one and all read, only for their owner', async () => {
    const { applicant, application } = await submittedApplicant();
    await call('POST', `/api/admin/expert-applications/${application.id}/reject`, admin, {
      reason: 'Please describe your methods.',
    });
    const inbox = (await call('GET', '/api/notifications', applicant)).json<NotificationListResponse>();
    const id = inbox.notifications[0]!.id;
    const stranger = await signedInUser(t.app);
    expect((await call('POST', `/api/notifications/${id}/read`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${id}/read`, applicant)).statusCode).toBe(200);
    expect(
      (await call('GET', '/api/notifications', applicant)).json<NotificationListResponse>().unreadCount,
    ).toBe(0);
    expect((await call('POST', '/api/notifications/read-all', applicant)).statusCode).toBe(200);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
  });
});
