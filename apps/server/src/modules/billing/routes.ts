import {
  BILLING_PAGE_SIZE,
  billingFilterQuerySchema,
  billingMovementsQuerySchema,
  billingMovementsResponseSchema,
  billingSummarySchema,
  errorResponseSchema,
  type BillingFilter,
} from '@sciwise/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { CONTRACT_NOT_FOUND } from '../contracts/access.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { movementsCsv } from './csv.ts';
import { listMovements, summarize } from './statement.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const tags = ['billing'];
const CURSOR_SORT = 'billing';

/**
 * A contract filter names one of the person's own contracts: anyone else's is the same 404 as
 * one that does not exist (an admin's billing is their own money too).
 */
async function assertOwnContract(db: Executor, userId: string, filter: BillingFilter): Promise<void> {
  if (!filter.contractId) return;
  const [found] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.id, filter.contractId),
        or(eq(contracts.clientId, userId), eq(contracts.expertId, userId)),
      ),
    );
  if (!found) throw notFound(CONTRACT_NOT_FOUND);
}

/** The signed-in person's own ledger movements (DESIGN §4): a page, the totals, and a CSV. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/billing/movements',
    {
      schema: {
        tags,
        summary:
          'My ledger movements, newest first, a page at a time; an expert’s carry the available balance after each',
        querystring: billingMovementsQuerySchema,
        response: { 200: billingMovementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { cursor, ...filter } = request.query;
      await assertOwnContract(db, user.id, filter);
      const decoded = cursor ? decodeCursor(cursor, CURSOR_SORT) : undefined;
      const page = await listMovements(db, {
        userId: user.id,
        filter,
        after: decoded ? { micros: decoded.key, transactionId: decoded.id } : undefined,
        limit: BILLING_PAGE_SIZE + 1,
      });
      const shown = page.slice(0, BILLING_PAGE_SIZE);
      const last = shown.at(-1);
      return {
        movements: shown.map((row) => row.movement),
        nextCursor:
          page.length > BILLING_PAGE_SIZE && last
            ? encodeCursor({ sort: CURSOR_SORT, key: last.key.micros, id: last.key.transactionId })
            : null,
      };
    },
  );

  app.get(
    '/api/billing/summary',
    {
      schema: {
        tags,
        summary: 'Totals of my movements for a filter, and an expert’s available balance now',
        querystring: billingFilterQuerySchema,
        response: { 200: billingSummarySchema, ...errors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await assertOwnContract(db, user.id, request.query);
      return summarize(db, user.id, request.query);
    },
  );

  app.get(
    '/api/billing/movements.csv',
    {
      schema: {
        tags,
        summary: 'My movements for a filter as CSV (UTF-8 with a byte order mark), streamed',
        querystring: billingFilterQuerySchema,
        // A stream: never parsed by the serializer; the schema only documents it.
        response: {
          200: z.unknown().describe('text/csv: a header line, then a line per movement'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await assertOwnContract(db, user.id, request.query);
      const day = app.ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sciwise-billing-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(movementsCsv(db, user.id, request.query));
    },
  );
};
