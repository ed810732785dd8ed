import type { ModerationQueue, ModerationReport, ReportStatus } from '@sciwise/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';

interface ReportRow {
  id: string;
  subject: ModerationReport['subject'];
  status: ReportStatus;
  reason: ModerationReport['reason'];
  details: string | null;
  created_at: Date | string;
  micros: string;
  reporter_id: string;
  reporter_name: string;
  author_id: string;
  author_name: string;
  project_id: string | null;
  project_title: string | null;
  project_status: NonNullable<ModerationReport['project']>['status'] | null;
  project_excerpt: string | null;
  message_id: string | null;
  conversation_id: string | null;
  message_body: string | null;
  sent_at: Date | string | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  decision_reason: string | null;
  open_reports: number | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const EXCERPT_LENGTH = 280;

function present(row: ReportRow): ModerationReport {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    reason: row.reason,
    details: row.details,
    createdAt: iso(row.created_at),
    reporter: { id: row.reporter_id, name: row.reporter_name },
    openReportsOfSubject: Number(row.open_reports),
    author: { id: row.author_id, name: row.author_name },
    project:
      row.project_id === null
        ? null
        : {
            id: row.project_id,
            title: row.project_title ?? '',
            status: row.project_status ?? 'draft',
            excerpt: row.project_excerpt ?? '',
          },
    message:
      row.message_id === null
        ? null
        : {
            id: row.message_id,
            conversationId: row.conversation_id ?? '',
            text: row.message_body ?? '',
            sentAt: iso(row.sent_at ?? row.created_at),
          },
    decision:
      row.decided_at === null || row.decided_by_id === null
        ? null
        : {
            by: { id: row.decided_by_id, name: row.decided_by_name ?? '' },
            at: iso(row.decided_at),
            reason: row.decision_reason,
          },
  };
}

const name = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);

/** The reports matching `where`, with the reported thing, its author and who decided, newest first. */
function reportRows(db: Executor, where: SQL, limit: number): Promise<ReportRow[]> {
  return rowsOf<ReportRow>(
    db,
    sql`
    select r.id, r.subject, r.status, r.reason, r.details, r.created_at,
      ${epochMicros(sql`r.created_at`)} as micros,
      reporter.id as reporter_id, ${name('reporter')} as reporter_name,
      author.id as author_id, ${name('author')} as author_name,
      p.id as project_id, p.title as project_title, p.status as project_status,
      left(p.description, ${EXCERPT_LENGTH}) as project_excerpt,
      m.id as message_id, m.conversation_id, m.body as message_body, m.created_at as sent_at,
      decider.id as decided_by_id, ${name('decider')} as decided_by_name, r.decided_at, r.decision_reason,
      (select count(*) from content_reports other where other.status = 'open'
        and (other.project_id = r.project_id or other.message_id = r.message_id)) as open_reports
    from content_reports r
    join users reporter on reporter.id = r.reporter_id
    left join projects p on p.id = r.project_id
    left join messages m on m.id = r.message_id
    join users author on author.id = coalesce(p.owner_id, m.sender_id)
    left join users decider on decider.id = r.decided_by
    where ${where}
    order by r.created_at desc, r.id desc
    limit ${limit}`,
  );
}

const SORT = 'reports';

/** One state of the queue (open by default), newest first, a page at a time. */
export async function listReports(
  db: Executor,
  query: { status: ReportStatus; cursor?: string | undefined; limit: number },
): Promise<ModerationQueue> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, SORT);
  const keyset = after ? sql`and (r.created_at, r.id) < (${atMicros(after.key)}, ${after.id}::uuid)` : sql``;
  const rows = await reportRows(db, sql`r.status = ${query.status} ${keyset}`, query.limit + 1);
  const { shown, nextCursor } = pageOf(rows, query.limit, (last) => ({
    sort: SORT,
    key: Number(last.micros),
    id: last.id,
  }));
  return { reports: shown.map(present), nextCursor };
}

export async function findReport(db: Executor, id: string): Promise<ModerationReport | undefined> {
  const [row] = await reportRows(db, sql`r.id = ${id}::uuid`, 1);
  return row && present(row);
}
