import { CONCIERGE_USER_ID, type AdminSummary } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * What waits for an administrator, in one statement: the vetting queue, concierge conversations
 * whose newest message came from the member (so the concierge owes an answer), disputes, and
 * reported projects and messages (each counted once, however many members reported it).
 */
export async function adminSummary(db: Executor): Promise<AdminSummary> {
  const result = await rowsOf<{
    vetting_queue: number;
    concierge_awaiting_reply: number;
    open_disputes: number;
    reported_content: number;
  }>(
    db,
    sql`
    select
      (select count(*) from expert_profiles where status = 'submitted')::int as vetting_queue,
      (select count(*) from conversations c
        join messages m on m.conversation_id = c.id and m.seq = c.last_seq
        where ${CONCIERGE_USER_ID} in (c.user_low_id, c.user_high_id)
          and m.sender_id <> ${CONCIERGE_USER_ID})::int as concierge_awaiting_reply,
      (select count(*) from contract_milestones where status = 'disputed')::int as open_disputes,
      (select count(distinct coalesce(project_id, message_id)) from content_reports
        where status = 'open')::int as reported_content`,
  );
  const row = result[0]!;
  return {
    vettingQueue: Number(row.vetting_queue),
    conciergeAwaitingReply: Number(row.concierge_awaiting_reply),
    openDisputes: Number(row.open_disputes),
    reportedContent: Number(row.reported_content),
  };
}
