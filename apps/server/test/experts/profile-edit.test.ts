import type {
  AdminPersonDetail,
  AdminProfileChange,
  ErrorResponse,
  ExpertApplication,
  ExpertProfile,
  MyExpertProfile,
  NotificationListResponse,
  ProfileChangeQueueResponse,
  Subject,
} from '@sciwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSubjectCatalogue } from '../../src/db/seed/experts.ts';
import { adminUser, signedInUser, type SignedInUser, uniqueWord } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { searchSlugs } from '../support/requests.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t.app);
  await refreshSubjectCatalogue(t.app.db);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  who?: { headers: Record<string, string> },
  payload?: object,
) => t.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });

/** An expert who applied and was approved by an admin, as in real life; `word` is in their headline. */
async function approvedExpert(word = uniqueWord()) {
  const expert = await signedInUser(t.app);
  const saved = await call('PATCH', '/api/expert-application', expert, {
    headline: `Toxicologist for ${word} safety files`,
    bio: 'I write toxicological risk assessments and safety dossiers for cosmetics and chemicals makers across Europe.',
    category: 'consultants',
    subjects: ['Toxicology'],
    education: [{ degree: 'PhD', institution: 'University of Utrecht', field: 'Toxicology', year: 2009 }],
    hourlyRateMinor: 12_000,
    currency: 'EUR',
    country: 'NL',
    languages: ['en', 'nl'],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await call('POST', '/api/expert-application/submit', expert);
  const { id, slug } = submitted.json<ExpertApplication>();
  expect((await call('POST', `/api/admin/expert-applications/${id}/approve`, admin)).statusCode).toBe(200);
  return { expert, slug, word };
}

const publicProfile = async (slug: string) =>
  (await call('GET', `/api/experts/${slug}`)).json<ExpertProfile>();
const ownProfile = async (who: SignedInUser) =>
  (await call('GET', '/api/expert-profile', who)).json<MyExpertProfile>();
const notificationsOf = async (who: SignedInUser) =>
  (await call('GET', '/api/notifications', who)).json<NotificationListResponse>().notifications;

async function proposeSubjects(expert: SignedInUser, subjects: string[]) {
  const response = await call('POST', '/api/expert-profile/changes', expert, { subjects });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MyExpertProfile>().pendingChange!;
}

describe('editing what applies at once', () => {
  it('headline, bio, rate, country, languages and availability go public and into search on save', async () => {
    const { expert, slug } = await approvedExpert();
    const fresh = uniqueWord();
    const saved = await call('PATCH', '/api/expert-profile', expert, {
      headline: `Toxicologist for ${fresh} submissions`,
      hourlyRateMinor: 30_000,
      currency: 'GBP',
      availability: 'limited',
      languages: ['en', 'fr'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MyExpertProfile>()).toMatchObject({
      headline: `Toxicologist for ${fresh} submissions`,
      hourlyRateMinor: 30_000,
      currency: 'GBP',
      pendingChange: null,
    });

    const shown = await publicProfile(slug);
    expect(shown).toMatchObject({
      headline: `Toxicologist for ${fresh} submissions`,
      rate: { amountMinor: 30_000, currency: 'GBP' },
      availability: 'limited',
      languages: ['en', 'fr'],
    });
    // The search document and the USD rate behind the rate filter follow at once.
    expect(await searchSlugs(t.app, { q: fresh })).toEqual([slug]);
    expect(await searchSlugs(t.app, { q: fresh, minRate: 300 })).toEqual([slug]);
    expect(await searchSlugs(t.app, { q: fresh, maxRate: 200 })).toEqual([]);
  });

  it('keeps an approved profile complete and refuses vetted or unknown fields here (400)', async () => {
    const { expert, slug } = await approvedExpert();
    for (const body of [
      { headline: 'Short' },
      { bio: 'Too short to tell a client anything.' },
      { languages: [] },
      { hourlyRateMinor: 5 },
      { subjects: ['Astrophysics'] },
      { userId: admin.id, headline: 'Someone else entirely here' },
    ]) {
      const response = await call('PATCH', '/api/expert-profile', expert, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorResponse>().message.length).toBeGreaterThan(0);
    }
    expect((await publicProfile(slug)).subjects).toEqual(['Toxicology']);
  });

  it('is only for approved experts: 404 without a profile, 409 while the application is not approved', async () => {
    const member = await signedInUser(t.app);
    expect((await call('GET', '/api/expert-profile', member)).statusCode).toBe(404);
    await call('PATCH', '/api/expert-application', member, { headline: 'Just started my draft' });
    const draft = await call('PATCH', '/api/expert-profile', member, { headline: 'Trying to skip vetting' });
    expect(draft.statusCode).toBe(409);
    expect(draft.json<ErrorResponse>().message).toMatch(/not approved yet/);
    expect(
      (await call('POST', '/api/expert-profile/changes', member, { subjects: ['Astrophysics'] })).statusCode,
    ).toBe(409);
  });
});

describe('changing what vetting judged', () => {
  it('holds new subjects for review; the admin sees before and after and approval makes them public', async () => {
    const { expert, slug } = await approvedExpert();
    const word = uniqueWord();
    const subject = `Nanotoxicology ${word}`;
    const change = await proposeSubjects(expert, ['Toxicology', subject]);
    expect(change).toMatchObject({ status: 'pending', changedFields: ['subjects'] });
    expect(change.after.subjects).toEqual(['Toxicology', subject]);

    // Nothing public changes while it waits, and the expert stays listed.
    expect((await publicProfile(slug)).subjects).toEqual(['Toxicology']);
    expect(await searchSlugs(t.app, { q: word })).toEqual([]);
    expect(await searchSlugs(t.app, { subject: 'toxicology', limit: 50 })).toContain(slug);
    expect((await ownProfile(expert)).pendingChange?.id).toBe(change.id);

    const bell = await notificationsOf(admin);
    expect(bell.map((n) => n.kind)).toContain('expert_profile_change_submitted');

    const queue = (
      await call('GET', '/api/admin/expert-profile-changes', admin)
    ).json<ProfileChangeQueueResponse>();
    const listed = queue.changes.find((c) => c.id === change.id);
    expect(listed).toMatchObject({
      expert: { slug },
      before: { subjects: ['Toxicology'] },
      after: { subjects: ['Toxicology', subject] },
      changedFields: ['subjects'],
    });

    const approved = await call('POST', `/api/admin/expert-profile-changes/${change.id}/approve`, admin);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<AdminProfileChange>().status).toBe('approved');

    expect((await publicProfile(slug)).subjects).toEqual(['Toxicology', subject]);
    expect(await searchSlugs(t.app, { q: word })).toEqual([slug]);
    const suggestions = (await call('GET', `/api/subjects?prefix=${encodeURIComponent(subject)}`)).json<{
      subjects: Subject[];
    }>();
    expect(suggestions.subjects).toContainEqual(expect.objectContaining({ name: subject, expertCount: 1 }));
    expect(await ownProfile(expert)).toMatchObject({ pendingChange: null, lastDeclined: null });
    const told = await notificationsOf(expert);
    expect(told.find((n) => n.kind === 'expert_profile_change_approved')).toMatchObject({
      link: `/experts/${slug}`,
    });
    // Decided once: a second decision is a 409.
    expect(
      (await call('POST', `/api/admin/expert-profile-changes/${change.id}/approve`, admin)).statusCode,
    ).toBe(409);
  });

  it('declining keeps the approved values and tells the expert why', async () => {
    const { expert, slug } = await approvedExpert();
    const sent = await call('POST', '/api/expert-profile/changes', expert, {
      category: 'researchers',
      education: [{ degree: 'MSc', institution: 'Open University' }],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const change = sent.json<MyExpertProfile>().pendingChange!;
    expect(change.changedFields).toEqual(['category', 'education']);

    const reason = 'Please link the degree certificate or a publication that shows this research work.';
    const declined = await call('POST', `/api/admin/expert-profile-changes/${change.id}/decline`, admin, {
      reason,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const audit = (await call('GET', `/api/admin/people/${expert.id}`, admin)).json<AdminPersonDetail>()
      .audit;
    // Newest first: the decline, after the approval of the application that made them an expert.
    expect(audit.map((entry) => [entry.action, entry.actor.id, entry.reason])).toEqual([
      ['profile_change_declined', admin.id, reason],
      ['application_approved', admin.id, null],
    ]);

    const shown = await publicProfile(slug);
    expect(shown.category).toBe('consultants');
    expect(shown.education.map((e) => e.degree)).toEqual(['PhD']);
    expect(await ownProfile(expert)).toMatchObject({
      pendingChange: null,
      lastDeclined: { id: change.id, status: 'declined', declineReason: reason },
    });
    const told = (await notificationsOf(expert)).find((n) => n.kind === 'expert_profile_change_declined');
    expect(told?.body).toContain(reason);
    expect(told?.link).toBe('/profile/expert-profile');
  });

  it('a decline needs a reason (400)', async () => {
    const { expert } = await approvedExpert();
    const change = await proposeSubjects(expert, ['Ecotoxicology']);
    for (const body of [{}, { reason: 'No' }]) {
      const response = await call(
        'POST',
        `/api/admin/expert-profile-changes/${change.id}/decline`,
        admin,
        body,
      );
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('one change at a time: the expert withdraws it, and then it can no longer be reviewed', async () => {
    const { expert, slug } = await approvedExpert();
    const change = await proposeSubjects(expert, ['Ecotoxicology']);
    const again = await call('POST', '/api/expert-profile/changes', expert, { subjects: ['Pharmacology'] });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorResponse>().message).toMatch(/still waiting for review/);

    const withdrawn = await call('POST', `/api/expert-profile/changes/${change.id}/withdraw`, expert);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<MyExpertProfile>()).toMatchObject({ pendingChange: null, lastDeclined: null });
    expect((await call('POST', `/api/expert-profile/changes/${change.id}/withdraw`, expert)).statusCode).toBe(
      409,
    );
    expect(
      (await call('POST', `/api/admin/expert-profile-changes/${change.id}/approve`, admin)).statusCode,
    ).toBe(409);
    const queue = (
      await call('GET', '/api/admin/expert-profile-changes?limit=50', admin)
    ).json<ProfileChangeQueueResponse>();
    expect(queue.changes.map((c) => c.id)).not.toContain(change.id);
    expect((await publicProfile(slug)).subjects).toEqual(['Toxicology']);
    // With nothing pending, a new change can be sent.
    await proposeSubjects(expert, ['Pharmacology']);
  });

  it('of two changes sent at once, one waits for review and the other is refused (409)', async () => {
    const { expert } = await approvedExpert();
    const answers = await Promise.all(
      ['Pharmacology', 'Ecotoxicology'].map((subject) =>
        call('POST', '/api/expert-profile/changes', expert, { subjects: [subject] }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await ownProfile(expert)).pendingChange?.status).toBe('pending');
  });

  it('refuses a change that changes nothing, and subjects emptied out (400)', async () => {
    const { expert } = await approvedExpert();
    for (const body of [{ subjects: ['toxicology'] }, { subjects: [] }, {}]) {
      const response = await call('POST', '/api/expert-profile/changes', expert, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ownProfile(expert)).pendingChange).toBeNull();
  });

  it('the review queue lists pending changes newest first, in pages', async () => {
    const mine: string[] = [];
    for (const subject of ['Genotoxicity', 'Immunotoxicology', 'Neurotoxicology']) {
      const { expert } = await approvedExpert();
      mine.push((await proposeSubjects(expert, [subject])).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(
        'GET',
        `/api/admin/expert-profile-changes?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        admin,
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<ProfileChangeQueueResponse>();
      expect(body.changes.every((c) => c.status === 'pending')).toBe(true);
      seen.push(...body.changes.map((c) => c.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen.filter((id) => mine.includes(id))).toEqual([...mine].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });
});
