import { inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import { notify } from '../notifications/service.ts';

/** What one side is told about a money event: in the app, and by e-mail through a durable job. */
export interface Notice {
  title: string;
  body: string;
}

export interface ContractParties {
  id: string;
  title: string;
  clientId: string;
  expertId: string;
}

export const EMAIL_JOB = 'email';

/**
 * Tells the parties in the caller's transaction: the notification rows and the e-mail jobs commit
 * with the change they report, or not at all (an e-mail never describes a rolled-back payment).
 */
export async function tellParties(
  tx: Executor,
  ctx: Pick<ServiceContext, 'config' | 'clock'>,
  contract: ContractParties,
  kind: string,
  notices: { client?: Notice; expert?: Notice; admins?: Notice },
): Promise<void> {
  const link = `/profile/workspace/${contract.id}`;
  const recipients: Array<[string, Notice]> = [];
  if (notices.client) recipients.push([contract.clientId, notices.client]);
  if (notices.expert) recipients.push([contract.expertId, notices.expert]);
  if (notices.admins) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ['admin']));
    for (const admin of admins) recipients.push([admin.id, notices.admins]);
  }
  if (recipients.length === 0) return;
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, [...new Set(recipients.map(([id]) => id))]));
  const byId = new Map(people.map((person) => [person.id, person]));
  const now = ctx.clock.now();
  for (const [userId, notice] of recipients) {
    await notify(tx, userId, { kind, title: notice.title, body: notice.body, link });
    const person = byId.get(userId);
    if (!person || person.deletedAt) continue;
    await enqueue(tx, {
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
    });
  }
}
