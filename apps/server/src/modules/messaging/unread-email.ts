import { CONCIERGE_USER_ID } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../context.ts';
import { conversationLink } from './service.ts';
import { rowsOfKept } from '../../db/prepared.ts';

/** How often each node looks for unread messages whose e-mail is due. */
export const UNREAD_EMAIL_SWEEP_MS = 60_000;
const BATCH = 50;
/** A claimed row is left alone this long; if its e-mail did not go out by then, it is tried again. */
const LEASE = sql`interval '5 minutes'`;

interface DueRow {
  conversation_id: string;
  user_id: string;
  email: string;
  first_name: string;
  unread: number | string;
  sender_name: string;
  wants_email: boolean | null;
  /** As text: a JavaScript Date would drop the microseconds the comparison needs. */
  lease: string;
}

/**
 * Sends the "a message is waiting" e-mails that are due and returns how many went out.
 * One statement claims a batch: FOR UPDATE SKIP LOCKED lets nodes sweeping at the same moment
 * take different rows, and the claim pushes email_due_at forward by a lease, so a node that dies
 * mid-batch only delays those e-mails. E-mail goes out after the claim commits (the outbox
 * mailer writes through the database, and nothing slow should hold row locks).
 */
export async function sendDueUnreadEmails(ctx: ServiceContext): Promise<number> {
  // Kept (rowsOfKept): on the embedded database, planning these joins took 2.2 ms of every
  // sweep, which holds its only connection; kept, a sweep with nothing due takes 0.4 ms.
  const claimed = await rowsOfKept<DueRow>(
    ctx.db,
    sql`
    with due as (
      select conversation_id, user_id from conversation_members
       where email_due_at is not null and email_due_at <= now()
       order by email_due_at
       limit ${BATCH}
         for update skip locked
    ), claimed as (
      update conversation_members cm set email_due_at = now() + ${LEASE}
        from due where cm.conversation_id = due.conversation_id and cm.user_id = due.user_id
      returning cm.conversation_id, cm.user_id, cm.last_read_seq, cm.email_due_at
    )
    select claimed.conversation_id, claimed.user_id, claimed.email_due_at::text as lease, u.email, u.first_name,
           c.last_seq - claimed.last_read_seq as unread,
           trim(sender.first_name || ' ' || sender.last_name) as sender_name,
           s.email_unread_messages as wants_email
      from claimed
      join conversations c on c.id = claimed.conversation_id
      join users u on u.id = claimed.user_id
      join conversation_members other
        on other.conversation_id = claimed.conversation_id and other.user_id <> claimed.user_id
      join users sender on sender.id = other.user_id
      left join notification_settings s on s.user_id = claimed.user_id`,
  );
  let sent = 0;
  for (const row of claimed) {
    const unread = Number(row.unread);
    if (unread > 0 && row.wants_email !== false && row.user_id !== CONCIERGE_USER_ID) {
      try {
        await ctx.mailer.send(unreadMail(ctx, row, unread));
        sent += 1;
      } catch (error) {
        // The lease runs out and a later sweep tries again.
        ctx.log.warn({ err: error, userId: row.user_id }, 'unread message e-mail failed; will retry');
        continue;
      }
    }
    // Released only if still ours: reading the conversation meanwhile already cleared it.
    await rowsOfKept(
      ctx.db,
      sql`
      update conversation_members set email_due_at = null
       where conversation_id = ${row.conversation_id}::uuid and user_id = ${row.user_id}::uuid
         and email_due_at = ${row.lease}::timestamptz`,
    );
  }
  return sent;
}

function unreadMail(ctx: ServiceContext, row: DueRow, unread: number) {
  const link = `${ctx.config.publicUrl}${conversationLink(row.conversation_id)}`;
  const what = unread === 1 ? 'a message' : `${unread} messages`;
  return {
    to: row.email,
    subject: `${row.sender_name} sent you ${what} on Sciwise`,
    text:
      `Hi ${row.first_name},\n\n${row.sender_name} sent you ${what} that you haven't read yet.\n\n` +
      `Read and reply: ${link}\n\n` +
      `You get this e-mail when a message waits unread for 15 minutes. ` +
      `You can turn it off in your account settings: ${ctx.config.publicUrl}/profile/settings\n`,
  };
}

/** Sweeps on a timer on every node; stopped when the app closes. */
export function startUnreadEmailSweep(app: FastifyInstance): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendDueUnreadEmails(app.ctx)
      .catch((error: unknown) => app.log.warn({ err: error }, 'unread e-mail sweep failed'))
      .finally(() => {
        running = false;
      });
  }, UNREAD_EMAIL_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
