import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { CalendarPart } from '../../lib/mailer.ts';
import { enqueue } from '../jobs/queue.ts';
import { notifyEach } from '../notifications/service.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import type { LockedContract, Party } from './access.ts';

/** What one side is told about a money event: in the app, and by e-mail through a durable job. */
export interface Notice {
  title: string;
  body: string;
}

export const EMAIL_JOB = 'email';
/** The payload of an EMAIL_JOB: one message, written when the change it reports committed. */
export interface EmailJob {
  to: string;
  subject: string;
  text: string;
  calendar?: CalendarPart;
}

/**
 * Tells the parties (and, for disputes, the admins) in the caller's transaction: the notification
 * rows and the e-mail jobs commit with the change they report, or not at all (an e-mail never
 * describes a rolled-back payment). Two statements however many people are told.
 */
export async function tellParties(
  tx: Executor | MoneyWrites,
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  locked: Pick<LockedContract, 'contract' | 'client' | 'expert'>,
  kind: string,
  notices: { client?: Notice; expert?: Notice; admins?: Notice },
): Promise<void> {
  const { contract } = locked;
  const link = `/profile/workspace/${contract.id}`;
  const told: Array<[Party, Notice]> = [];
  if (notices.client) told.push([locked.client, notices.client]);
  if (notices.expert) told.push([locked.expert, notices.expert]);
  if (notices.admins) {
    const admins = await (tx instanceof MoneyWrites ? tx.tx : tx)
      .select({ id: users.id, firstName: users.firstName, email: users.email, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.role, 'admin'));
    for (const admin of admins) told.push([{ ...admin, deleted: admin.deletedAt !== null }, notices.admins]);
  }
  if (told.length === 0) return;
  await notifyEach(
    tx,
    told.map(([person, notice]) => ({
      userId: person.id,
      kind,
      title: notice.title,
      body: notice.body,
      link,
    })),
  );
  const now = ctx.clock.now();
  await enqueue(
    tx,
    told
      .filter(([person]) => !person.deleted)
      .map(([person, notice]) => ({
        kind: EMAIL_JOB,
        runAt: now,
        payload: {
          to: person.email,
          subject: `${notice.title} · ${contract.title}`,
          text: [
            `Hi ${person.firstName},`,
            '',
            notice.body,
            '',
            `Open the workspace: ${ctx.config.publicUrl}${link}`,
            '',
            '— The Sciwise team',
          ].join('\n'),
        },
      })),
  );
}
