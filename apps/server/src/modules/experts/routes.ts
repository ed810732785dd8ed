import {
  errorResponseSchema,
  expertProfileSchema,
  expertSearchQuerySchema,
  expertSearchResponseSchema,
  expertSlugSchema,
  expertStatsResponseSchema,
  searchTotalSchema,
  featuredExpertsResponseSchema,
  subjectListResponseSchema,
  subjectSuggestQuerySchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarSvg } from './avatar-svg.ts';
import { countExperts, searchExperts, suggestSubjects } from './search.ts';
import { expertStats, featuredExperts, getAvatarSubject, getPublicProfile } from './service.ts';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const slugParams = z.object({ slug: expertSlugSchema });

/** Public, read-only: only approved experts ever come out of these. */
export const expertRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['experts'];

  app.get(
    '/api/experts',
    {
      schema: {
        tags,
        summary: 'Find experts: full-text query with typo tolerance, filters, sort, cursor pages',
        querystring: expertSearchQuerySchema,
        response: { 200: expertSearchResponseSchema, ...errors },
      },
    },
    async (request) => searchExperts(app.db, request.query),
  );

  app.get(
    '/api/experts/count',
    {
      schema: {
        tags,
        summary: 'How many experts a search finds: exact up to 1,000, beyond that an estimate',
        querystring: expertSearchQuerySchema,
        response: { 200: searchTotalSchema, ...errors },
      },
    },
    async (request) => countExperts(app.db, request.query),
  );

  app.get(
    '/api/experts/featured',
    {
      schema: {
        tags,
        summary: 'Five top-rated experts per category, for the landing page',
        response: { 200: featuredExpertsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return featuredExperts(app.db);
    },
  );

  app.get(
    '/api/experts/stats',
    {
      schema: {
        tags,
        summary: 'How many approved experts, from how many countries',
        response: { 200: expertStatsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return expertStats(app.db);
    },
  );

  app.get(
    '/api/experts/:slug',
    {
      schema: {
        tags,
        summary: "An approved expert's public profile",
        params: slugParams,
        response: { 200: expertProfileSchema, ...errors },
      },
    },
    async (request) => getPublicProfile(app.db, request.params.slug),
  );

  app.get(
    '/api/experts/:slug/avatar.svg',
    {
      schema: {
        tags,
        summary: 'Generated initials avatar (used when there is no photo)',
        params: slugParams,
      },
    },
    async (request, reply) => {
      const { name, key } = await getAvatarSubject(app.db, request.params.slug);
      return (
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          // An SVG opened directly must not be able to run anything.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
          .send(avatarSvg(name, key))
      );
    },
  );

  app.get(
    '/api/subjects',
    {
      schema: {
        tags,
        summary: 'Subject suggestions as you type (prefix and close spellings, at most 10)',
        querystring: subjectSuggestQuerySchema,
        response: { 200: subjectListResponseSchema, ...errors },
      },
    },
    async (request) => ({ subjects: await suggestSubjects(app.db, request.query) }),
  );
};
