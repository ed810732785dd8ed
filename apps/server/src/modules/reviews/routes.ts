import {
  contractReviewStateSchema,
  errorResponseSchema,
  expertReviewsQuerySchema,
  expertReviewsResponseSchema,
  expertSlugSchema,
  REVIEW_WINDOW_DAYS,
  replyToReviewRequestSchema,
  reviewSchema,
  writeReviewRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { contractReviewState, writeReview } from './contract-reviews.ts';
import { answerReview, listExpertReviews } from './expert-reviews.ts';

const tags = ['reviews'];
const DOUBLE_BLIND = `Double-blind: the other side's review is sent only once both sides have written theirs or the review period (${REVIEW_WINDOW_DAYS} days after the contract ended) has closed.`;

/** Reviews after a contract ends (DESIGN §3): write, read your side, the public list, answer. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, db } = app;

  app.post(
    '/api/contracts/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Review the other side of an ended contract, once (the client or the expert)',
        description: `${DOUBLE_BLIND} The client also rates quality, communication and timeliness. A review cannot be changed.`,
        params: idParams,
        body: writeReviewRequestSchema,
        response: { 201: contractReviewStateSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await writeReview(ctx, user, request.params.id, request.body);
      reply.code(201);
      return contractReviewState(db, user, request.params.id, ctx.clock.now());
    },
  );

  app.get(
    '/api/contracts/:id/reviews',
    {
      schema: {
        tags,
        summary:
          "A contract's reviews as the viewer may see them: theirs, the other side's once visible, the deadline",
        description: DOUBLE_BLIND,
        params: idParams,
        response: { 200: contractReviewStateSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return contractReviewState(db, user, request.params.id, ctx.clock.now());
    },
  );

  app.get(
    '/api/experts/:slug/reviews',
    {
      schema: {
        tags,
        summary: "An approved expert's published reviews with answers, newest first, in cursor pages",
        params: z.object({ slug: expertSlugSchema }),
        querystring: expertReviewsQuerySchema,
        response: { 200: expertReviewsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.auth();
      return listExpertReviews(db, request.params.slug, request.query, viewer?.user ?? null);
    },
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags,
        summary: 'Answer a published review of you, once, in public (the expert reviewed)',
        params: idParams,
        body: replyToReviewRequestSchema,
        response: { 201: reviewSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const review = await answerReview(ctx, user, request.params.id, request.body.text);
      reply.code(201);
      return review;
    },
  );
};
