import { formatAmount, payoutAmountProblem, type PayoutRequest } from '@sciwise/contracts';
import { and, eq, lt, or } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { payouts, users } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { issuePayoutStatement } from '../documents/payout-statement.ts';
import { enqueue } from '../jobs/queue.ts';
import { openAccounts, record } from '../payments/ledger.ts';
import { ProviderUnavailableError, type PayoutOutcome } from '../payments/provider.ts';
import { lockAvailable } from './balances.ts';
import { tellExpert } from './notices.ts';
import { findPayoutMethod, requireExpert } from './payout-method.ts';
import { payoutTransition } from './payout-states.ts';

/*
 * Paying an expert out (DESIGN §4). A request moves the money from available to in transit in
 * one ledger transaction, under the lock of the expert's available-balance account, so
 * concurrent requests can never take out more than there is. The processor is told afterwards,
 * by a durable job (and at once, after commit, so the page shows the payout on its way): a crash
 * in between loses nothing, and the processor's idempotency key (the payout's id) pays once.
 * When the bank answers, a second job moves the money on: to paid out, or back to available.
 */

export type PayoutRow = typeof payouts.$inferSelect;

export const PAYOUT_SUBMIT_JOB = 'payout-submit';
export const PAYOUT_SETTLE_JOB = 'payout-settle';
/** How long after the expected arrival to ask the processor again when the bank is late. */
const ASK_AGAIN_MS = 60 * 60 * 1000;

const NO_METHOD = 'Add a bank account for payouts before you request one.';

const describeAccount = (row: Pick<PayoutRow, 'bankName' | 'last4'>) =>
  `${row.bankName ?? 'your bank account'} ending in ${row.last4}`;

/** The expert asks for `amountMinor` of their available balance; answers with the payout's id. */
export async function requestPayout(
  ctx: ServiceContext,
  userId: string,
  input: PayoutRequest,
): Promise<string> {
  await requireExpert(ctx.db, userId);
  const payoutId = await ctx.db.transaction(async (tx) => {
    const method = await findPayoutMethod(tx, userId);
    if (!method) throw conflict(NO_METHOD);
    if (method.currency !== input.currency)
      throw conflict(
        `Your bank account takes ${method.currency}, not ${input.currency}. Reload the page to see your balance in ${method.currency}.`,
      );
    const available = await lockAvailable(tx, userId, input.currency);
    const problem = payoutAmountProblem(input.amountMinor, available, input.currency);
    if (problem) throw conflict(problem);
    await openAccounts(tx, [{ kind: 'expert_payout_in_transit', userId }], input.currency);
    const amount = formatAmount(input.amountMinor, input.currency);
    const requestTransactionId = await record(tx, {
      kind: 'payout',
      currency: input.currency,
      contractId: null,
      milestoneId: null,
      createdBy: userId,
      memo: `Payout of ${amount} to ${describeAccount(method)}`,
      legs: [
        { account: { kind: 'expert_available', userId }, amountMinor: -input.amountMinor },
        { account: { kind: 'expert_payout_in_transit', userId }, amountMinor: input.amountMinor },
      ],
    });
    const [payout] = await tx
      .insert(payouts)
      .values({
        userId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        provider: method.provider,
        token: method.token,
        bankName: method.bankName,
        last4: method.last4,
        accountHolderName: method.accountHolderName,
        requestTransactionId,
      })
      .returning({ id: payouts.id });
    await enqueue(tx, {
      kind: PAYOUT_SUBMIT_JOB,
      payload: { payoutId: payout!.id },
      runAt: ctx.clock.now(),
      dedupeKey: `${PAYOUT_SUBMIT_JOB}:${payout!.id}`,
    });
    await tellExpert(tx, ctx, userId, 'payout_sent', {
      title: `Payout of ${amount} sent`,
      body: `We are sending ${amount} to ${describeAccount(method)}. Banks usually take a working day; we will tell you when it arrives.`,
    });
    return payout!.id;
  });
  try {
    await submitPayout(ctx, payoutId);
  } catch (error) {
    // The job enqueued with the payout tries again; the request itself succeeded.
    ctx.log.warn({ err: error, payoutId }, 'payout not handed to the processor yet; the job will retry');
  }
  return payoutId;
}

async function payoutById(db: Executor, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  return row ?? null;
}

/** Hands a requested payout to the processor (again, harmlessly: the key is the payout's id). */
export async function submitPayout(ctx: ServiceContext, payoutId: string): Promise<void> {
  const payout = await payoutById(ctx.db, payoutId);
  if (!payout || payout.state !== 'requested') return;
  const outcome = await ctx.payments.createPayout({
    idempotencyKey: payout.id,
    token: payout.token,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
  });
  await applyOutcome(ctx, payoutId, outcome);
}

/** Asks the processor what became of a payout on its way, and records the answer. */
export async function settlePayout(ctx: ServiceContext, payoutId: string): Promise<void> {
  const payout = await payoutById(ctx.db, payoutId);
  if (!payout || payout.state !== 'in_transit') return;
  const outcome = await ctx.payments.findPayout(payout.id);
  if (!outcome) throw new ProviderUnavailableError(`the processor does not know payout ${payout.id}`);
  await applyOutcome(ctx, payoutId, outcome);
}

/**
 * Records what the processor said, once: under the payout's row lock, a transition that no
 * longer applies (a replayed job, a second node) does nothing.
 */
export async function applyOutcome(
  ctx: ServiceContext,
  payoutId: string,
  outcome: PayoutOutcome,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) return;
    const now = ctx.clock.now();
    if (outcome.status === 'in_transit') {
      if (payout.state === 'in_transit') {
        // The bank is late: ask again a little later (a new job, as the first one is done).
        const askAt = new Date(Math.max(outcome.arrivalAt.getTime(), now.getTime()) + ASK_AGAIN_MS);
        await enqueueSettle(tx, payout.id, askAt);
        return;
      }
      if (!payoutTransition('submit', payout.state)) return;
      await tx
        .update(payouts)
        .set({
          state: 'in_transit',
          providerPayoutId: outcome.payoutId,
          expectedArrivalAt: outcome.arrivalAt,
          submittedAt: now,
        })
        .where(eq(payouts.id, payout.id));
      await enqueueSettle(tx, payout.id, outcome.arrivalAt);
      return;
    }
    const transition = outcome.status === 'paid' ? 'pay' : 'fail';
    if (!payoutTransition(transition, payout.state)) return;
    const amount = formatAmount(payout.amountMinor, payout.currency);
    const userId = payout.userId;
    if (transition === 'pay') await openAccounts(tx, [{ kind: 'external_payouts' }], payout.currency);
    const settleTransactionId = await record(tx, {
      kind: transition === 'pay' ? 'payout_paid' : 'payout_returned',
      currency: payout.currency,
      contractId: null,
      milestoneId: null,
      createdBy: null,
      memo:
        transition === 'pay'
          ? `Payout of ${amount} arrived in ${describeAccount(payout)}`
          : `Payout of ${amount} returned by the bank`,
      legs: [
        { account: { kind: 'expert_payout_in_transit', userId }, amountMinor: -payout.amountMinor },
        transition === 'pay'
          ? { account: { kind: 'external_payouts' }, amountMinor: payout.amountMinor }
          : { account: { kind: 'expert_available', userId }, amountMinor: payout.amountMinor },
      ],
    });
    await tx
      .update(payouts)
      .set({
        state: transition === 'pay' ? 'paid' : 'failed',
        settleTransactionId,
        settledAt: now,
        providerPayoutId: outcome.payoutId ?? payout.providerPayoutId,
        ...(outcome.status === 'failed'
          ? { failureCode: outcome.code, failureMessage: outcome.message }
          : { expectedArrivalAt: payout.expectedArrivalAt ?? outcome.arrivalAt }),
      })
      .where(eq(payouts.id, payout.id));
    if (outcome.status === 'paid') {
      // The statement is issued with the movement it describes, so there is never one without the other.
      const [expert] = await tx
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      await issuePayoutStatement(tx, {
        expertId: userId,
        expertName: `${expert?.firstName ?? ''} ${expert?.lastName ?? ''}`.trim(),
        amountMinor: payout.amountMinor,
        currency: payout.currency,
        requestedAt: payout.createdAt,
        paidAt: now,
        methodLast4: payout.last4,
        reference: payout.id,
        ledgerTransactionId: settleTransactionId,
      });
      await tellExpert(tx, ctx, userId, 'payout_paid', {
        title: `Payout of ${amount} paid`,
        body: `${amount} has arrived in ${describeAccount(payout)}.`,
      });
    } else
      await tellExpert(tx, ctx, userId, 'payout_failed', {
        title: `Payout of ${amount} failed`,
        body: `${outcome.message} The ${amount} is back on your available balance.`,
      });
  });
}

function enqueueSettle(tx: Executor, payoutId: string, runAt: Date) {
  return enqueue(tx, {
    kind: PAYOUT_SETTLE_JOB,
    payload: { payoutId },
    runAt,
    dedupeKey: `${PAYOUT_SETTLE_JOB}:${payoutId}:${runAt.getTime()}`,
  });
}

/**
 * Pushes payouts whose jobs gave up (a processor down for longer than their retries last): those
 * still waiting to be handed over, and those whose bank answer is overdue. Runs on the job
 * runner's beat with the card reconciler; each push is idempotent, so a job running at the same
 * moment does no harm.
 */
export async function reconcilePayouts(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  const stuck = await ctx.db
    .select({ id: payouts.id, state: payouts.state })
    .from(payouts)
    .where(
      or(
        and(eq(payouts.state, 'requested'), lt(payouts.createdAt, new Date(now - 10 * 60 * 1000))),
        and(eq(payouts.state, 'in_transit'), lt(payouts.expectedArrivalAt, new Date(now - 2 * ASK_AGAIN_MS))),
      ),
    )
    .limit(100);
  for (const payout of stuck) {
    try {
      if (payout.state === 'requested') await submitPayout(ctx, payout.id);
      else await settlePayout(ctx, payout.id);
    } catch (error) {
      ctx.log.warn({ err: error, payoutId: payout.id }, 'payout still waiting for the processor');
    }
  }
  return stuck.length;
}

/** The durable jobs of payouts; both call the processor, so neither runs inside a transaction. */
export const payoutJobs = (ctx: ServiceContext) => ({
  [PAYOUT_SUBMIT_JOB]: {
    transactional: false as const,
    run: (job: { payload: Record<string, unknown> }) => submitPayout(ctx, String(job.payload.payoutId)),
  },
  [PAYOUT_SETTLE_JOB]: {
    transactional: false as const,
    run: (job: { payload: Record<string, unknown> }) => settlePayout(ctx, String(job.payload.payoutId)),
  },
});
