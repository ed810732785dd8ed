import type { AdminPerson, AdminPersonDetail, AdminPeopleQuery } from '@sciwise/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { rowsOf } from '../../db/rows.ts';
import { notFound } from '../../errors.ts';
import { atMicros, decodeCursor, epochMicros, pageOf } from '../../lib/cursor.ts';
import { listMovements } from '../billing/statement.ts';
import { auditOfMember } from './audit-log.ts';

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: AdminPerson['role'];
  expert_status: AdminPerson['expertStatus'];
  created_at: Date | string;
  micros: string;
  suspended_at: Date | string | null;
  suspension_reason: string | null;
  deleted_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const present = (row: PersonRow): AdminPerson => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  role: row.role,
  expertStatus: row.expert_status,
  joinedAt: iso(row.created_at),
  suspension:
    row.suspended_at === null ? null : { at: iso(row.suspended_at), reason: row.suspension_reason ?? '' },
  deleted: row.deleted_at !== null,
});

const personColumns = sql`u.id, u.first_name, u.last_name, u.email, u.role, p.status as expert_status,
  u.created_at, ${epochMicros(sql`u.created_at`)} as micros, u.suspended_at, u.suspension_reason, u.deleted_at`;

const SORT = 'people';

/**
 * Members newest first, filtered by words of their name or e-mail. Reads users in the order of
 * users_created_idx and stops at a page, so a search costs what it skips, not the table.
 */
export async function searchPeople(
  db: Executor,
  query: AdminPeopleQuery & { limit: number },
): Promise<{ people: AdminPerson[]; nextCursor: string | null }> {
  const conditions = [sql`true`];
  for (const word of (query.q ?? '').trim().split(/\s+/).filter(Boolean)) {
    const pattern = `%${escapeLike(word)}%`;
    conditions.push(
      sql`(u.first_name ilike ${pattern} or u.last_name ilike ${pattern} or u.email ilike ${pattern})`,
    );
  }
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor, SORT);
    conditions.push(sql`(u.created_at, u.id) < (${atMicros(after.key)}, ${after.id}::uuid)`);
  }
  const rows = await rowsOf<PersonRow>(
    db,
    sql`select ${personColumns}
    from users u left join expert_profiles p on p.user_id = u.id
    where ${sql.join(conditions, sql` and `)}
    order by u.created_at desc, u.id desc
    limit ${query.limit + 1}`,
  );
  const { shown, nextCursor } = pageOf(rows, query.limit, (last) => ({
    sort: SORT,
    key: Number(last.micros),
    id: last.id,
  }));
  return { people: shown.map(present), nextCursor };
}

/** How many of each list the detail shows: the newest. */
const DETAIL_ROWS = 20;

/** One member as an administrator sees them: projects, contracts, money and the audit trail. */
export async function personDetail(db: Executor, userId: string): Promise<AdminPersonDetail> {
  const [row] = await rowsOf<PersonRow>(
    db,
    sql`select ${personColumns} from users u left join expert_profiles p on p.user_id = u.id
    where u.id = ${userId}::uuid`,
  );
  if (!row) throw notFound('We could not find that member.');
  const [projects, contracts, movements, audit] = await Promise.all([
    rowsOf<{
      id: string;
      title: string;
      status: AdminPersonDetail['projects'][number]['status'];
      created_at: Date | string;
    }>(
      db,
      sql`select id, title, status, created_at from projects where owner_id = ${userId}::uuid
      order by updated_at desc nulls first, id desc limit ${DETAIL_ROWS}`,
    ),
    rowsOf<{
      id: string;
      title: string;
      side: 'client' | 'expert';
      status: AdminPersonDetail['contracts'][number]['status'];
      created_at: Date | string;
    }>(
      db,
      sql`(select id, title, 'client' as side, status, created_at from contracts
        where client_id = ${userId}::uuid order by created_at desc limit ${DETAIL_ROWS})
      union all
      (select id, title, 'expert' as side, status, created_at from contracts
        where expert_id = ${userId}::uuid order by created_at desc limit ${DETAIL_ROWS})
      order by created_at desc limit ${DETAIL_ROWS}`,
    ),
    listMovements(db, { userId, filter: {}, limit: DETAIL_ROWS }),
    auditOfMember(db, userId, DETAIL_ROWS),
  ]);
  return {
    person: present(row),
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      createdAt: iso(p.created_at),
    })),
    contracts: contracts.map((c) => ({
      id: c.id,
      title: c.title,
      side: c.side,
      status: c.status,
      createdAt: iso(c.created_at),
    })),
    money: movements.map((m) => m.movement),
    audit,
  };
}
