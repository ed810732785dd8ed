import type {
  ContractReviewState,
  ExpertCard,
  ExpertProfile,
  ExpertReviewsResponse,
  ExpertSearchResponse,
  NotificationListResponse,
} from '@sciwise/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ManualClock } from '../../src/lib/clock.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clientReview, expertReview, reviewState, writeReview } from './helpers.ts';
import { call, type Who } from '../support/requests.ts';
import { endedContract } from '../factories.ts';

/*
 * Double-blind on the app clock (moved, never slept): neither side reads the other's review until
 * both have written or the 14-day window has closed and the job has published what was written.
 * The expert's rating on the profile and in search follows published client reviews only.
 */
let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  t = await createTestApp({ overrides: { clock } });
});
afterAll(() => t.close());

async function publicReviews(app: FastifyInstance, slug: string, who: Who = null) {
  const response = await call(app, 'GET', `/api/experts/${slug}/reviews`, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExpertReviewsResponse>();
}

async function profile(app: FastifyInstance, slug: string) {
  return (await call(app, 'GET', `/api/experts/${slug}`, null)).json<ExpertProfile>();
}

/** The expert's card as search shows it (each test file has a fresh database with few experts). */
async function searchCard(app: FastifyInstance, slug: string): Promise<ExpertCard | undefined> {
  const response = await call(app, 'GET', '/api/experts?sort=rating&limit=50', null);
  return response.json<ExpertSearchResponse>().experts.find((card) => card.slug === slug);
}

describe('double-blind reviews', () => {
  it('hides the first review from the other side and the public until both have written', async () => {
    const { client, expert, contract } = await endedContract(t.app);
    const slug = contract.expert.slug!;

    const before = await reviewState(t.app, expert, contract.id);
    expect(before).toMatchObject({ window: 'open', canWrite: true, mine: null, theirs: null });
    expect(before.writesCategories).toBe(false);
    expect(Date.parse(before.deadline!) - clock.now().getTime()).toBe(14 * DAY_MS);

    const review = clientReview({ text: 'Exceptionally clear statistical report, well ahead of time.' });
    const written = await writeReview(t.app, client, contract.id, review);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json<ContractReviewState>()).toMatchObject({
      role: 'client',
      canWrite: false,
      mine: { rating: 5, text: review.text, publishedAt: null, categories: review.categories },
      theirs: null,
      otherHasWritten: false,
    });

    // The expert knows a review exists, never what it says; nor does the public or search.
    const expertView = await call(t.app, 'GET', `/api/contracts/${contract.id}/reviews`, expert);
    expect(expertView.json<ContractReviewState>()).toMatchObject({ theirs: null, otherHasWritten: true });
    expect(expertView.body).not.toContain('Exceptionally clear');
    const hiddenFromPublic = await call(t.app, 'GET', `/api/experts/${slug}/reviews`, expert);
    expect(hiddenFromPublic.body).not.toContain('Exceptionally clear');
    expect(hiddenFromPublic.json<ExpertReviewsResponse>().reviews).toEqual([]);
    expect(await profile(t.app, slug)).toMatchObject({ reviewCount: 0, ratingAverage: null });
    const told = (await call(t.app, 'GET', '/api/notifications', expert)).json<NotificationListResponse>();
    expect(told.notifications[0]!.body).toMatch(/Write your review by .*both reviews become visible/);

    const second = await writeReview(t.app, expert, contract.id, expertReview());
    expect(second.statusCode, second.body).toBe(201);
    const both = second.json<ContractReviewState>();
    expect(both.mine).toMatchObject({ authorSide: 'expert', rating: 4 });
    expect(both.theirs).toMatchObject({
      authorSide: 'client',
      text: review.text,
      categories: { quality: 5, communication: 4, timeliness: 5 },
    });
    expect(both.theirs!.publishedAt).toBe(clock.now().toISOString());
    expect((await reviewState(t.app, client, contract.id)).theirs).toMatchObject({
      authorSide: 'expert',
      text: expertReview().text,
    });

    const listed = await publicReviews(t.app, slug);
    expect(listed.reviews.map((r) => r.text)).toEqual([review.text]);
    expect(listed.reviews[0]!.authorName).toMatch(/^Carla C\.$/);
    expect(listed.summary).toEqual({
      ratingAverage: 5,
      reviewCount: 1,
      categories: { quality: 5, communication: 4, timeliness: 5 },
      categoryCount: 1,
    });
    // The expert's review of the client is for the two of them, not for the expert's profile.
    expect(JSON.stringify(listed)).not.toContain(expertReview().text);
    expect(await profile(t.app, slug)).toMatchObject({ rating: 5, ratingAverage: 5, reviewCount: 1 });
    expect(await searchCard(t.app, slug)).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it('publishes a lone review through the job when the 14-day window closes, then refuses new ones', async () => {
    const { client, expert, contract } = await endedContract(t.app);
    const slug = contract.expert.slug!;
    const written = await writeReview(t.app, client, contract.id, clientReview({ rating: 3 }));
    expect(written.statusCode, written.body).toBe(201);

    clock.advance(14 * DAY_MS - 60_000);
    await t.app.jobs.runDue();
    expect((await reviewState(t.app, expert, contract.id)).theirs).toBeNull();
    expect((await publicReviews(t.app, slug)).reviews).toEqual([]);
    expect((await searchCard(t.app, slug))?.reviewCount).toBe(0);

    clock.advance(2 * 60_000);
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const expertView = await reviewState(t.app, expert, contract.id);
    expect(expertView).toMatchObject({ window: 'closed', canWrite: false, mine: null });
    expect(expertView.theirs).toMatchObject({ rating: 3, authorSide: 'client' });
    expect((await publicReviews(t.app, slug)).summary).toMatchObject({ reviewCount: 1, ratingAverage: 3 });
    expect(await profile(t.app, slug)).toMatchObject({ rating: 3, reviewCount: 1 });
    expect(await searchCard(t.app, slug)).toMatchObject({ rating: 3, reviewCount: 1 });
    const told = (await call(t.app, 'GET', '/api/notifications', client)).json<NotificationListResponse>();
    expect(told.notifications[0]).toMatchObject({ title: 'Your review is visible now' });

    const late = await writeReview(t.app, expert, contract.id, expertReview());
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toMatch(
      /^The review period for this contract closed on .+: reviews can no longer be written\.$/,
    );
    // The job ran once: running again publishes nothing more and counts nothing twice.
    await t.app.jobs.runDue();
    expect(await profile(t.app, slug)).toMatchObject({ reviewCount: 1 });
  });

  it('publishes nothing at the window close when nobody wrote, and a contract with reviews from both is left alone', async () => {
    const { client, expert, contract } = await endedContract(t.app);
    await writeReview(t.app, client, contract.id, clientReview({ rating: 4 }));
    await writeReview(t.app, expert, contract.id, expertReview());
    const publishedAt = (await reviewState(t.app, client, contract.id)).theirs!.publishedAt;
    clock.advance(15 * DAY_MS);
    await t.app.jobs.runDue();
    const after = await reviewState(t.app, client, contract.id);
    expect(after.theirs!.publishedAt).toBe(publishedAt);
    expect(await profile(t.app, contract.expert.slug!)).toMatchObject({ reviewCount: 1, rating: 4 });
  });
});
