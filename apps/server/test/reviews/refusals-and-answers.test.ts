import type { ContractReviewState, ExpertReviewsResponse, Review } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertProfiles } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { clientReview, expertReview, reviewState, writeReview } from './helpers.ts';
import {
  adminUser,
  approvedExpert,
  endedContract,
  hiredContract,
  makeExperts,
  oneMilestoneQuote,
  releasedContract,
  signedInUser,
} from '../factories.ts';
import { call } from '../support/requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (response: { json<T>(): T }) => response.json<{ message: string }>().message;

describe('refusals', () => {
  it('refuses a review before the contract ends, a second one, and one from outside the contract', async () => {
    const { client, expert, contract } = await releasedContract(t.app);
    const early = await writeReview(t.app, client, contract.id, clientReview());
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe('You can review this contract once it has ended.');
    expect(await reviewState(t.app, client, contract.id)).toMatchObject({
      window: 'not_ended',
      canWrite: false,
      deadline: null,
    });

    await call(t.app, 'POST', `/api/contracts/${contract.id}/end`, expert);
    expect((await writeReview(t.app, client, contract.id, clientReview())).statusCode).toBe(201);
    const again = await writeReview(t.app, client, contract.id, clientReview({ rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('You have already reviewed this contract, and a review cannot be changed.');
    expect((await reviewState(t.app, client, contract.id)).mine).toMatchObject({ rating: 5 });

    const stranger = await signedInUser(t.app);
    const outside = await writeReview(t.app, stranger, contract.id, clientReview());
    expect(outside.statusCode).toBe(404);
    expect(message(outside)).toBe('We could not find that contract.');
    const admin = await writeReview(t.app, await adminUser(t.app), contract.id, clientReview());
    expect(admin.statusCode).toBe(403);
  });

  it('needs the categories from the client, refuses them from the expert, and checks stars and text', async () => {
    const { client, expert, contract } = await endedContract(t.app);
    const cases: Array<[typeof client, object, RegExp]> = [
      [client, { rating: 5, text: 'Great work on the analysis.' }, /Rate the quality of work/],
      [
        expert,
        { ...expertReview(), categories: { quality: 5, communication: 5, timeliness: 5 } },
        /leave them out/,
      ],
      [client, clientReview({ rating: 6 }), /overall rating from 1 to 5/],
      [client, clientReview({ rating: 4.5 }), /overall rating from 1 to 5/],
      [client, { ...clientReview(), categories: { quality: 0, communication: 5, timeliness: 5 } }, /quality/],
      [client, clientReview({ text: 'Good.' }), /at least 10 characters/],
      [client, clientReview({ text: 'x'.repeat(1001) }), /at most 1000 characters/],
      [client, clientReview({ text: 'Fine work\u202Eevil text' }), /control characters/],
    ];
    for (const [who, body, expected] of cases) {
      const response = await writeReview(t.app, who, contract.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(message(response)).toMatch(expected);
    }
    // Nothing was kept: both can still write.
    expect((await reviewState(t.app, client, contract.id)).canWrite).toBe(true);
    expect((await reviewState(t.app, expert, contract.id)).canWrite).toBe(true);
  });

  it('has nothing to review on a contract cancelled before any work was paid for', async () => {
    const { client, contract } = await hiredContract(t.app, oneMilestoneQuote());
    const cancelled = await call(t.app, 'POST', `/api/contracts/${contract.id}/cancel`, client, {
      reason: 'The sponsor postponed the trial indefinitely.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await writeReview(t.app, client, contract.id, clientReview());
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      'This contract was cancelled before any work was paid for, so there is nothing to review.',
    );
    expect((await reviewState(t.app, client, contract.id)).window).toBe('not_reviewable');
  });

  it('keeps a review as written: the database refuses edits and deletions', async () => {
    const { client, contract } = await endedContract(t.app);
    await writeReview(t.app, client, contract.id, clientReview());
    await expect(
      t.app.db.execute(sql`update reviews set body = 'edited' where contract_id = ${contract.id}`),
    ).rejects.toThrow();
    await expect(
      t.app.db.execute(sql`delete from reviews where contract_id = ${contract.id}`),
    ).rejects.toThrow();
    expect((await reviewState(t.app, client, contract.id)).mine!.text).toBe(clientReview().text);
  });
});

describe("the expert's answer", () => {
  it('lets the reviewed expert answer a published review once, shown under it in public', async () => {
    const { client, expert, contract } = await endedContract(t.app);
    await writeReview(t.app, client, contract.id, clientReview());
    const hidden = (await reviewState(t.app, client, contract.id)).mine!;
    const tooEarly = await call(t.app, 'POST', `/api/reviews/${hidden.id}/reply`, expert, {
      text: 'Thank you!',
    });
    expect(tooEarly.statusCode).toBe(404);
    await writeReview(t.app, expert, contract.id, expertReview());

    const otherExpert = await approvedExpert(t.app);
    for (const [who, status] of [
      [client, 403],
      [otherExpert, 403],
      [await adminUser(t.app), 403],
      [null, 401],
    ] as const)
      expect(
        (await call(t.app, 'POST', `/api/reviews/${hidden.id}/reply`, who, { text: 'Mine.' })).statusCode,
      ).toBe(status);

    const answered = await call(t.app, 'POST', `/api/reviews/${hidden.id}/reply`, expert, {
      text: 'Thank you, Carla: a pleasure to work on this trial.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json<Review>().reply).toMatchObject({
      text: 'Thank you, Carla: a pleasure to work on this trial.',
    });
    const twice = await call(t.app, 'POST', `/api/reviews/${hidden.id}/reply`, expert, { text: 'Edited.' });
    expect(twice.statusCode).toBe(409);
    expect(message(twice)).toBe('You have already answered this review, and an answer cannot be changed.');

    const listed = (
      await call(t.app, 'GET', `/api/experts/${contract.expert.slug}/reviews`, null)
    ).json<ExpertReviewsResponse>();
    expect(listed.reviews[0]!.reply!.text).toBe('Thank you, Carla: a pleasure to work on this trial.');
    expect(listed.viewerIsExpert).toBe(false);
    const own = (
      await call(t.app, 'GET', `/api/experts/${contract.expert.slug}/reviews`, expert)
    ).json<ExpertReviewsResponse>();
    expect(own.viewerIsExpert).toBe(true);

    // The expert's review of the client is no one's to answer.
    const aboutClient = (await reviewState(t.app, client, contract.id)).theirs!;
    expect(
      (await call(t.app, 'POST', `/api/reviews/${aboutClient.id}/reply`, client, { text: 'Thanks.' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/reviews/${aboutClient.id}/reply`, otherExpert, { text: 'Thanks.' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('seeded demo reviews and paging', () => {
  it("are rows marked seeded whose stars add up to the profile's numbers, and a real review adds to them", async () => {
    const [seeded] = await makeExperts(t.app.db, [{ ratingSum: 23, ratingCount: 5 }]);
    const pages: ExpertReviewsResponse[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const response = await call(
        t.app,
        'GET',
        `/api/experts/${seeded!.slug}/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        null,
      );
      expect(response.statusCode, response.body).toBe(200);
      const page: ExpertReviewsResponse = response.json<ExpertReviewsResponse>();
      pages.push(page);
      cursor = page.nextCursor;
    }
    const all = pages.flatMap((page) => page.reviews);
    expect(pages.map((page) => page.reviews.length)).toEqual([2, 2, 1]);
    expect(new Set(all.map((review) => review.id)).size).toBe(5);
    expect(all.every((review) => review.seeded && review.authorName === 'Demo client')).toBe(true);
    expect(all.reduce((sum, review) => sum + review.rating, 0)).toBe(23);
    const dates = all.map((review) => Date.parse(review.publishedAt!));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(pages[0]!.summary).toMatchObject({ reviewCount: 5, ratingAverage: 4.6, categoryCount: 0 });

    const bad = await call(t.app, 'GET', `/api/experts/${seeded!.slug}/reviews?cursor=bm9wZQ`, null);
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/experts/nobody-here/reviews', null)).statusCode).toBe(404);
  });

  it('counts a real review together with the seeded ones the expert already had', async () => {
    const { client, expert, contract } = await endedContract(t.app);
    await t.app.db
      .update(expertProfiles)
      .set({ ratingSum: 8, ratingCount: 2 })
      .where(eq(expertProfiles.userId, contract.expert.id));
    await t.app.db.execute(sql`select seed_expert_reviews(${`{${contract.expert.id}}`}::uuid[])`);
    await writeReview(t.app, client, contract.id, clientReview({ rating: 5 }));
    await writeReview(t.app, expert, contract.id, expertReview());
    const listed = (
      await call(t.app, 'GET', `/api/experts/${contract.expert.slug}/reviews`, null)
    ).json<ExpertReviewsResponse>();
    expect(listed.summary).toMatchObject({ reviewCount: 3, ratingAverage: 4.33, categoryCount: 1 });
    expect(listed.reviews.map((review) => review.seeded)).toEqual([false, true, true]);
    const state: ContractReviewState = await reviewState(t.app, expert, contract.id);
    expect(state.theirs!.seeded).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('lists every review route with its request and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths['/api/contracts/{id}/reviews']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/contracts/{id}/reviews']!.post!.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/contracts/{id}/reviews']!.post!.responses)).toContain('201');
    expect(doc.paths['/api/experts/{slug}/reviews']!.get!.responses['200']).toBeDefined();
    expect(doc.paths['/api/reviews/{id}/reply']!.post!.requestBody).toBeDefined();
  });
});
