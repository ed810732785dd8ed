import {
  activityQuerySchema,
  activityResponseSchema,
  approveMilestoneRequestSchema,
  cancelContractRequestSchema,
  contractListResponseSchema,
  contractSchema,
  disputeMilestoneRequestSchema,
  disputeQueueResponseSchema,
  errorResponseSchema,
  escrowSummarySchema,
  fundMilestoneRequestSchema,
  proposeMilestoneRequestSchema,
  refundMilestoneRequestSchema,
  requestChangesRequestSchema,
  resolveDisputeRequestSchema,
} from '@sciwise/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { sendDownload } from '../../http/download.ts';
import { formBody, uploadRoutes } from '../../http/form-body.ts';
import { idParams, signedInErrors, uploadErrors } from '../../http/route-schemas.ts';
import { closeContract, answerProposal, proposeMilestone, type ProposalAnswer } from './contract-changes.ts';
import { changedContract, getContract, listMyContracts, type ChangedContract } from './contract-read.ts';
import { listActivity } from './activity.ts';
import { fundMilestone } from './card-payments.ts';
import { disputeQueue } from './disputes.ts';
import { escrowSummaryOf } from './escrow-summary.ts';
import {
  approveMilestone,
  openDispute,
  refundMilestone,
  requestChanges,
  resolveDispute,
} from './milestone-service.ts';
import {
  assertCanSubmit,
  readSubmission,
  removeFiles,
  submissionFileDownload,
  submitWork,
} from './submissions.ts';

/** Moving money can also fail at the card (402), on a reused Idempotency-Key (422) or at the processor (503). */
const moneyErrors = {
  ...signedInErrors,
  402: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};
const tags = ['contracts'];
const IDEMPOTENCY =
  'Money moves: send an Idempotency-Key header. A replay with the same key returns the first answer; the same key with another body is a 422.';

/** Contracts, their milestones and the money in escrow (DESIGN §3, §4). Every change answers with the whole contract. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, db } = app;

  app.get(
    '/api/contracts',
    {
      schema: {
        tags,
        summary: 'My contracts, as client or expert, each with its next step',
        response: { 200: contractListResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { contracts: await listMyContracts(db, user) };
    },
  );

  app.get(
    '/api/me/escrow-summary',
    {
      schema: {
        tags,
        summary: 'What escrow holds now on my contracts, per currency, as client and as expert',
        response: { 200: escrowSummarySchema, ...signedInErrors },
      },
    },
    async (request) => escrowSummaryOf(db, (await requireUser(request)).user.id),
  );

  app.get(
    '/api/contracts/:id',
    {
      schema: {
        tags,
        summary:
          'A contract with its milestones, submissions, escrow and what the viewer may do (parties and admins)',
        params: idParams,
        response: { 200: contractSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return getContract(db, user, request.params.id);
    },
  );

  app.get(
    '/api/contracts/:id/activity',
    {
      schema: {
        tags,
        summary: "The contract's activity log, newest first (parties and admins)",
        params: idParams,
        querystring: activityQuerySchema,
        response: { 200: activityResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await getContract(db, user, request.params.id);
      return listActivity(db, request.params.id, request.query.cursor);
    },
  );

  /** One POST per milestone action: parse, authorise in the service, answer with the contract. */
  const milestoneAction = <Body extends z.ZodType>(
    path: string,
    summary: string,
    body: Body | null,
    run: (
      user: Parameters<typeof getContract>[1],
      id: string,
      input: z.output<Body>,
    ) => Promise<ChangedContract>,
    money = false,
  ) =>
    app.post(
      `/api/milestones/:id/${path}`,
      {
        config: money ? { idempotency: 'required' } : {},
        schema: {
          tags,
          summary,
          ...(money ? { description: IDEMPOTENCY } : {}),
          params: idParams,
          ...(body ? { body } : {}),
          response: { 200: contractSchema, ...(money ? moneyErrors : signedInErrors) },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        const changed = await run(user, request.params.id, request.body as z.output<Body>);
        return changedContract(db, user, changed);
      },
    );

  milestoneAction(
    'fund',
    'Fund a milestone into escrow with a new card token or one of your saved cards (the client)',
    fundMilestoneRequestSchema,
    (user, id, input) => fundMilestone(ctx, user, id, input),
    true,
  );
  milestoneAction(
    'request-changes',
    'Ask for changes, naming the unmet criteria (the client)',
    requestChangesRequestSchema,
    (user, id, input) => requestChanges(ctx, user, id, input),
  );
  milestoneAction(
    'approve',
    'Approve and release, with an optional bonus (the client)',
    approveMilestoneRequestSchema,
    (user, id, input) => approveMilestone(ctx, user, id, input),
    true,
  );
  milestoneAction(
    'refund',
    'Refund everything paid for the milestone, fee included',
    refundMilestoneRequestSchema,
    (user, id, input) => refundMilestone(ctx, user, id, input.reason),
    true,
  );
  milestoneAction(
    'dispute',
    'Open a dispute for a mediator (either side)',
    disputeMilestoneRequestSchema,
    (user, id, input) => openDispute(ctx, user, id, input.reason),
  );
  for (const answer of ['accept_proposal', 'decline_proposal', 'withdraw_proposal'] as ProposalAnswer[])
    milestoneAction(
      answer.replace('_', '-'),
      `Answer a proposed milestone: ${answer.split('_')[0]}`,
      null,
      (user, id) => answerProposal(ctx, user, id, answer),
    );

  app.post(
    '/api/milestones/:id/resolve',
    {
      config: { idempotency: 'required' },
      schema: {
        tags: ['admin'],
        summary: 'Resolve a dispute: release, refund, or split the held amount (admins)',
        description: IDEMPOTENCY,
        params: idParams,
        body: resolveDisputeRequestSchema,
        response: { 200: contractSchema, ...moneyErrors },
      },
    },
    async (request) => {
      const { user } = await requireAdmin(request);
      const changed = await resolveDispute(ctx, user, request.params.id, request.body);
      return changedContract(db, user, changed);
    },
  );

  await app.register(
    uploadRoutes(async (uploads) => {
      uploads.post(
        '/api/milestones/:id/submissions',
        {
          schema: {
            tags,
            summary: 'Submit work: a note and up to 10 files, as multipart/form-data (the expert)',
            consumes: ['multipart/form-data'],
            params: idParams,
            response: { 200: contractSchema, ...signedInErrors, ...uploadErrors },
          },
        },
        async (request) => {
          const { user } = await requireUser(request);
          await assertCanSubmit(ctx, user, request.params.id);
          const upload = await readSubmission(ctx, formBody(request));
          try {
            const contractId = await submitWork(ctx, user, request.params.id, upload);
            return await getContract(db, user, contractId);
          } catch (error) {
            await removeFiles(ctx, upload.files);
            throw error;
          }
        },
      );
    }),
  );

  app.get(
    '/api/submission-files/:id',
    { schema: { tags, summary: 'Download a delivered file (parties and admins)', params: idParams } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return sendDownload(reply, await submissionFileDownload(ctx, user, request.params.id));
    },
  );

  app.post(
    '/api/contracts/:id/milestones',
    {
      schema: {
        tags,
        summary: 'Propose a new milestone; the other side accepts or declines it',
        params: idParams,
        body: proposeMilestoneRequestSchema,
        response: { 200: contractSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await proposeMilestone(ctx, user, request.params.id, request.body);
      return getContract(db, user, request.params.id);
    },
  );

  app.post(
    '/api/contracts/:id/end',
    {
      schema: {
        tags,
        summary: 'End the contract once every milestone is settled',
        params: idParams,
        response: { 200: contractSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await closeContract(ctx, user, request.params.id, { kind: 'end' });
      return getContract(db, user, request.params.id);
    },
  );

  app.post(
    '/api/contracts/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the contract while no money is held; unfunded milestones fall away',
        params: idParams,
        body: cancelContractRequestSchema,
        response: { 200: contractSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      await closeContract(ctx, user, request.params.id, { kind: 'cancel', reason: request.body.reason });
      return getContract(db, user, request.params.id);
    },
  );

  app.get(
    '/api/admin/disputes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Milestones in dispute, oldest first (admins)',
        response: { 200: disputeQueueResponseSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return { disputes: await disputeQueue(db) };
    },
  );
};
