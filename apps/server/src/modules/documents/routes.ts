import {
  billingEntityRequestSchema,
  billingEntityResponseSchema,
  contractBillingRequestSchema,
  contractBillingSchema,
  documentListQuerySchema,
  documentListResponseSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, signedInErrors } from '../../http/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { attachmentDisposition } from '../files/file-names.ts';
import {
  getBillingEntity,
  getContractBilling,
  removeBillingEntity,
  saveBillingEntity,
  saveContractBilling,
} from './billing.ts';
import { listDocuments, readableDocument } from './documents-read.ts';
import { renderDocumentPdf } from './render-pdf.ts';

const tags = ['documents'];

/** Receipts, invoices and statements, and the billing details printed on them (decision 011). */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/documents',
    {
      schema: {
        tags,
        summary:
          'My receipts, invoices, credit notes and payout statements, newest first; with contractId, those of one contract',
        querystring: documentListQuerySchema,
        response: { 200: documentListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return listDocuments(db, user, request.query);
    },
  );

  app.get(
    '/api/documents/:id/pdf',
    {
      schema: {
        tags,
        summary: 'Download a document as PDF (the person it is addressed to, and admins)',
        params: idParams,
        response: { 200: z.any().describe('application/pdf'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const document = await readableDocument(db, user, request.params.id);
      const pdf = await renderDocumentPdf(document.facts);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', pdf.length)
        .header(
          'content-disposition',
          attachmentDisposition(`Sciwise ${document.facts.title} ${document.number}.pdf`),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  app.get(
    '/api/me/billing-entity',
    {
      schema: {
        tags,
        summary: 'The organisation I buy for (printed on my receipts and invoices), or null',
        response: { 200: billingEntityResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { billingEntity: await getBillingEntity(db, user.id) };
    },
  );

  app.put(
    '/api/me/billing-entity',
    {
      schema: {
        tags,
        summary: 'Save the organisation I buy for; documents issued from now on print it',
        body: billingEntityRequestSchema,
        response: { 200: billingEntityResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { billingEntity: await saveBillingEntity(db, user.id, request.body) };
    },
  );

  app.delete(
    '/api/me/billing-entity',
    {
      schema: {
        tags,
        summary: 'Stop billing an organisation; documents already issued keep it',
        response: { 200: billingEntityResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await removeBillingEntity(db, user.id);
      return { billingEntity: null };
    },
  );

  app.get(
    '/api/contracts/:id/billing',
    {
      schema: {
        tags,
        summary: "A contract's purchase-order number and cost centre (parties and admins)",
        params: idParams,
        response: { 200: contractBillingSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return getContractBilling(db, user, request.params.id);
    },
  );

  app.put(
    '/api/contracts/:id/billing',
    {
      schema: {
        tags,
        summary:
          "Set a contract's purchase-order number and cost centre (its client, while it runs); printed on documents issued after",
        params: idParams,
        body: contractBillingRequestSchema,
        response: { 200: contractBillingSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return saveContractBilling(db, user, request.params.id, request.body);
    },
  );
};
