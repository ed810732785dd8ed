import type { EmailKind } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { enqueue, type ClaimedJob } from '../jobs/queue.ts';
import { wantsEmail } from './settings.ts';

export const NOTICE_EMAIL_JOB = 'notice_email';

export interface EmailNotice {
  userId: string;
  kind: EmailKind;
  subject: string;
  /** The sentence that says what happened. */
  body: string;
  /** The path inside the app the e-mail links to (its deep link). */
  link: string;
  /** What the link says, e.g. "Open the project". */
  action: string;
}

/**
 * Queues e-mail about something that just happened, in the caller's transaction: it goes out
 * only if the change commits. Whether the person still wants this kind of e-mail, and where to,
 * is read when the job runs, so a setting turned off meanwhile is respected.
 */
export async function emailAbout(tx: Executor, clock: Clock, notices: readonly EmailNotice[]): Promise<void> {
  const runAt = clock.now();
  await enqueue(
    tx,
    notices.map((notice) => ({ kind: NOTICE_EMAIL_JOB, runAt, payload: { ...notice } })),
  );
}

/** The job: one e-mail, unless the person turned this kind off or the account is gone. */
export async function sendNoticeEmail(ctx: ServiceContext, job: ClaimedJob): Promise<void> {
  const notice = job.payload as unknown as EmailNotice;
  const [person] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, notice.userId));
  if (!person || person.deletedAt !== null) return;
  if (!(await wantsEmail(ctx.db, notice.userId, notice.kind))) return;
  const site = ctx.config.publicUrl;
  await ctx.mailer.send({
    to: person.email,
    subject: notice.subject,
    text: [
      `Hi ${person.firstName},`,
      '',
      notice.body,
      '',
      `${notice.action}: ${site}${notice.link}`,
      '',
      `You can turn off these e-mails in your account settings: ${site}/profile/settings#notifications`,
      '',
      '— The Sciwise team',
    ].join('\n'),
  });
}
