import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contractMilestones, escrowHolds, escrowSettlements } from '../../db/schema/index.ts';

interface SubmissionJson {
  id: string;
  version: number;
  note: string;
  createdAt: string;
  files: { id: string; name: string; sizeBytes: number; contentType: string; sha256: string }[];
}

/**
 * A contract's milestones with everything the workspace shows of each (the hold's fee, the
 * settlement, the card that paid, a bonus, what escrow holds now by the ledger, the submissions
 * with their files), in one statement: the subqueries each read one index.
 */
export async function milestoneDetails(db: Executor, contractId: string) {
  const rows = await db
    .select({
      milestone: contractMilestones,
      holdFeeMinor: escrowHolds.feeMinor,
      toExpertMinor: escrowSettlements.toExpertMinor,
      toClientMinor: escrowSettlements.toClientMinor,
      paidWith: sql<{ brand: string; last4: string } | null>`(
        select json_build_object('brand', a.card_brand, 'last4', a.card_last4) from payment_attempts a
        where a.milestone_id = ${contractMilestones.id} and a.purpose = 'fund' and a.state = 'succeeded')`,
      bonusMinor: sql<number | null>`(
        select a.amount_minor from payment_attempts a
        where a.milestone_id = ${contractMilestones.id} and a.purpose = 'bonus' and a.state = 'succeeded')`,
      heldMinor: sql<string>`(
        select coalesce(sum(e.amount_minor), 0)::text from ledger_accounts la
        join ledger_entries e on e.account_id = la.id
        where la.kind = 'escrow' and la.owner = ${contractMilestones.id} and la.currency = ${contractMilestones.currency})`,
      submissions: sql<SubmissionJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', s.id, 'version', s.version, 'note', s.note, 'createdAt', s.created_at,
          'files', coalesce((
            select json_agg(json_build_object('id', f.id, 'name', f.name, 'sizeBytes', f.size_bytes,
              'contentType', f.content_type, 'sha256', f.sha256) order by f.position)
            from submission_files f where f.submission_id = s.id), '[]'::json)
        ) order by s.version desc)
        from milestone_submissions s where s.milestone_id = ${contractMilestones.id}), '[]'::json)`,
    })
    .from(contractMilestones)
    .leftJoin(escrowHolds, eq(escrowHolds.milestoneId, contractMilestones.id))
    .leftJoin(escrowSettlements, eq(escrowSettlements.milestoneId, contractMilestones.id))
    .where(eq(contractMilestones.contractId, contractId))
    .orderBy(asc(contractMilestones.position));
  return rows.map((row) => ({
    ...row,
    heldMinor: Number(row.heldMinor),
    bonusMinor: row.bonusMinor === null ? null : Number(row.bonusMinor),
    // JSON carries timestamps as text in the database's format; the API speaks ISO 8601.
    submissions: row.submissions.map((s) => ({ ...s, createdAt: new Date(s.createdAt).toISOString() })),
  }));
}

export type MilestoneDetail = Awaited<ReturnType<typeof milestoneDetails>>[number];
