import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * True when the two people work together on something: one owns a project the other was
 * invited to, has quoted on, or holds a contract on. Messaging uses it to decide who may write
 * to whom. One statement; each branch starts from an index on the expert's side
 * (project_invitations_expert_idx, quotes_expert_project_idx, contracts_client_idx) and checks the
 * owner through the project's primary key.
 */
export async function usersShareWork(
  db: Executor,
  { userId: userAId, otherUserId: userBId }: { userId: string; otherUserId: string },
): Promise<boolean> {
  if (userAId === userBId) return false;
  const rows = await rowsOf<{ shared: boolean }>(
    db,
    sql`
    select (
      exists (
        select 1 from project_invitations i join projects p on p.id = i.project_id
         where (i.expert_id = ${userBId}::uuid and p.owner_id = ${userAId}::uuid)
            or (i.expert_id = ${userAId}::uuid and p.owner_id = ${userBId}::uuid)
      )
      or exists (
        select 1 from quotes q join projects p on p.id = q.project_id
         where (q.expert_id = ${userBId}::uuid and p.owner_id = ${userAId}::uuid)
            or (q.expert_id = ${userAId}::uuid and p.owner_id = ${userBId}::uuid)
      )
      or exists (
        select 1 from contracts c
         where (c.client_id = ${userAId}::uuid and c.expert_id = ${userBId}::uuid)
            or (c.client_id = ${userBId}::uuid and c.expert_id = ${userAId}::uuid)
      )
    ) as shared
  `,
  );
  return rows[0]?.shared === true;
}
