import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { EMAIL_JOB, type Notice } from '../contracts/notices.ts';
import { enqueue } from '../jobs/queue.ts';
import { notify } from '../notifications/service.ts';

/** Where the expert sees their payouts. */
export const PAYOUTS_LINK = '/profile/payment';

/**
 * Tells the expert about their payout in the caller's transaction: the notification and the
 * e-mail job commit with the money movement they describe, or not at all.
 */
export async function tellExpert(
  tx: Executor,
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  userId: string,
  kind: string,
  notice: Notice,
): Promise<void> {
  await notify(tx, userId, { kind, title: notice.title, body: notice.body, link: PAYOUTS_LINK });
  const [person] = await tx
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!person || person.deletedAt) return;
  await enqueue(tx, {
    kind: EMAIL_JOB,
    runAt: ctx.clock.now(),
    payload: {
      to: person.email,
      subject: notice.title,
      text: [
        `Hi ${person.firstName},`,
        '',
        notice.body,
        '',
        `See your payouts: ${ctx.config.publicUrl}${PAYOUTS_LINK}`,
        '',
        '— The Sciwise team',
      ].join('\n'),
    },
  });
}
