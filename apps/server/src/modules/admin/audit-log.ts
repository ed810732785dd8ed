import type { AdminAction, AuditEntry } from '@sciwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { adminAuditLog } from '../../db/schema/index.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';

/** Writes one action to the audit log, in the caller's transaction, so both commit or neither. */
export async function recordAdminAction(
  tx: Executor,
  entry: { actorId: string; action: AdminAction; reason: string | null } & (
    { subjectUserId: string; contractId?: undefined } | { contractId: string; subjectUserId?: undefined }
  ),
): Promise<void> {
  await tx.insert(adminAuditLog).values(entry);
}

interface AuditRow {
  id: string;
  at: Date | string;
  micros: string;
  action: AdminAction;
  actor_id: string;
  actor_name: string;
  subject_id: string | null;
  subject_name: string | null;
  contract_id: string | null;
  contract_title: string | null;
  reason: string | null;
}

const present = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  action: row.action,
  actor: { id: row.actor_id, name: row.actor_name },
  subject: row.subject_id === null ? null : { id: row.subject_id, name: row.subject_name ?? '' },
  contract: row.contract_id === null ? null : { id: row.contract_id, title: row.contract_title ?? '' },
  reason: row.reason,
});

function auditRows(db: Executor, where: SQL, limit: number): Promise<AuditRow[]> {
  return rowsOf<AuditRow>(
    db,
    sql`
    select l.id, l.created_at as at, ${epochMicros(sql`l.created_at`)} as micros, l.action,
      actor.id as actor_id, actor.first_name || ' ' || actor.last_name as actor_name,
      subject.id as subject_id, subject.first_name || ' ' || subject.last_name as subject_name,
      c.id as contract_id, c.title as contract_title, l.reason
    from admin_audit_log l
    join users actor on actor.id = l.actor_id
    left join users subject on subject.id = l.subject_user_id
    left join contracts c on c.id = l.contract_id
    where ${where}
    order by l.created_at desc, l.id desc
    limit ${limit}`,
  );
}

const SORT = 'audit';

/** The whole log, newest first, a page at a time. */
export async function listAuditLog(
  db: Executor,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const after = page.cursor === undefined ? null : decodeCursor(page.cursor, SORT);
  const where = after ? sql`(l.created_at, l.id) < (${atMicros(after.key)}, ${after.id}::uuid)` : sql`true`;
  const rows = await auditRows(db, where, page.limit + 1);
  const { shown, nextCursor } = pageOf(rows, page.limit, (last) => ({
    sort: SORT,
    key: Number(last.micros),
    id: last.id,
  }));
  return { entries: shown.map(present), nextCursor };
}

/** What administrators did about one member or about their contracts' disputes, newest first. */
export async function auditOfMember(db: Executor, userId: string, limit: number): Promise<AuditEntry[]> {
  const theirs = sql`l.subject_user_id = ${userId}::uuid or l.contract_id in
    (select id from contracts where client_id = ${userId}::uuid or expert_id = ${userId}::uuid)`;
  return (await auditRows(db, theirs, limit)).map(present);
}
