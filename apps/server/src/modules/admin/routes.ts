import {
  adminPeopleQuerySchema,
  adminPeopleResponseSchema,
  adminPersonDetailSchema,
  adminSummarySchema,
  auditLogResponseSchema,
  errorResponseSchema,
  listPageQuerySchema,
  platformFiguresSchema,
  restoreRequestSchema,
  suspensionRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { listAuditLog } from './audit-log.ts';
import { platformFigures } from './figures.ts';
import { personDetail, searchPeople } from './people.ts';
import { adminSummary } from './summary.ts';
import { restoreMember, suspendMember } from './suspensions.ts';

const adminReadErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The admin console's reads and actions. Every route checks the session's role; the audit log
 * has no write route at all: the actions write it, in their own transactions.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/summary',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What waits for administrators: vetting queue, concierge chats awaiting a reply, open disputes',
        response: { 200: adminSummarySchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return adminSummary(app.db);
    },
  );

  app.get(
    '/api/admin/figures',
    {
      schema: {
        tags: ['admin'],
        summary: 'Platform figures: members, experts, projects and contracts by state, money from the ledger',
        response: { 200: platformFiguresSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return platformFigures(app.db);
    },
  );

  app.get(
    '/api/admin/people',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members by name or e-mail, newest first, a page at a time',
        querystring: adminPeopleQuerySchema,
        response: { 200: adminPeopleResponseSchema, ...adminReadErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return searchPeople(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/people/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One member: their projects, contracts, money movements and what administrators did',
        params: idParams,
        response: { 200: adminPersonDetailSchema, ...adminReadErrors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return personDetail(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/people/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend a member: signed out everywhere at once, sign-in refused with the reason',
        params: idParams,
        body: suspensionRequestSchema,
        response: { 200: adminPersonDetailSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      await suspendMember(app.ctx, {
        adminId: user.id,
        memberId: request.params.id,
        reason: request.body.reason,
      });
      return personDetail(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/people/:id/restore',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lift a suspension; the reason goes to the audit log',
        params: idParams,
        body: restoreRequestSchema,
        response: { 200: adminPersonDetailSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      await restoreMember(app.ctx, {
        adminId: user.id,
        memberId: request.params.id,
        reason: request.body.reason,
      });
      return personDetail(app.db, request.params.id);
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every administrator action, newest first; read-only',
        querystring: listPageQuerySchema,
        response: { 200: auditLogResponseSchema, ...adminReadErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listAuditLog(app.db, request.query);
    },
  );
};
