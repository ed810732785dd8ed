import { formatAmount } from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Transaction } from '../../db/client.ts';
import { milestoneSubmissions } from '../../db/schema/index.ts';
import { lockMilestone } from './access.ts';
import { milestoneTransition } from './milestone-states.ts';
import { releaseMilestone } from './money-transitions.ts';
import { tellParties } from './notices.ts';

/*
 * What the durable jobs scheduled at submission do. Each is for one submitted version: if the
 * client approved, asked for changes, or a dispute opened since (or a newer version replaced
 * it), the job finds nothing to do. They run inside the transaction that marks the job done.
 */

interface ReleasePayload {
  milestoneId: string;
  version: number;
  days?: number;
}

async function stillWaiting(ctx: ServiceContext, tx: Transaction, payload: ReleasePayload) {
  const locked = await lockMilestone(tx, 'system', payload.milestoneId);
  if (locked.milestone.status !== 'submitted') return null;
  const [latest] = await tx
    .select({ version: sql<number>`max(${milestoneSubmissions.version})::int` })
    .from(milestoneSubmissions)
    .where(eq(milestoneSubmissions.milestoneId, payload.milestoneId));
  return latest?.version === payload.version ? locked : null;
}

export async function autoReleaseJob(ctx: ServiceContext, tx: Transaction, payload: Record<string, unknown>) {
  const locked = await stillWaiting(ctx, tx, payload as unknown as ReleasePayload);
  if (!locked) return;
  milestoneTransition('auto_release', locked.milestone, 'system');
  await releaseMilestone(tx, ctx, locked, { by: null, kind: 'auto' });
}

export async function releaseReminderJob(
  ctx: ServiceContext,
  tx: Transaction,
  payload: Record<string, unknown>,
) {
  const { days } = payload as unknown as ReleasePayload;
  const locked = await stillWaiting(ctx, tx, payload as unknown as ReleasePayload);
  if (!locked) return;
  const { milestone, contract } = locked;
  await tellParties(tx, ctx, locked, 'release_reminder', {
    client: {
      title: `Automatic release in ${days === 1 ? '1 day' : `${days} days`}`,
      body: `“${milestone.title}” is waiting for your review. Unless you approve it or ask for changes, ${formatAmount(milestone.amountMinor, contract.currency)} is released to ${locked.expertName} in ${days === 1 ? '1 day' : `${days} days`}.`,
    },
  });
}
