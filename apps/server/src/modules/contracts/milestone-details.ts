import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { contractMilestones, contracts } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';

interface SubmissionJson {
  id: string;
  version: number;
  note: string;
  createdAt: string;
  files: { id: string; name: string; sizeBytes: number; contentType: string; sha256: string }[];
}

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

interface ContractViewJson {
  row: {
    contract: Record<string, unknown>;
    projectTitle: string;
    durationDays: number;
    client: Person;
    expert: Person;
    expertSlug: string | null;
  };
  milestones: {
    milestone: Record<string, unknown>;
    holdFeeMinor: number | null;
    toExpertMinor: number | null;
    toClientMinor: number | null;
    paidWith: { brand: string; last4: string } | null;
    bonusMinor: number | null;
    heldMinor: number | string;
    submissions: SubmissionJson[];
  }[];
}

/**
 * One contract with everything its page shows: the contract row with its project's title, the
 * quote's duration and the parties, and its milestones with every detail (the hold's fee, the
 * settlement, the card that paid, a bonus, what escrow holds now by the ledger, the submissions
 * with their files). One call of the database function contract_view (migration 0023), whose
 * plans the database keeps; null when there is no such contract.
 */
export async function contractView(db: Executor, contractId: string) {
  const result = await rowsOf<{ view: unknown }>(db, sql`select contract_view(${contractId}::uuid) as view`);
  return contractViewFrom(result[0]?.view ?? null);
}

/**
 * What contract_view returned (JSON text or parsed, as the driver hands it; null for no
 * contract), as rows. apply_money_writes returns the same when asked to read the contract back.
 */
export function contractViewFrom(raw: unknown) {
  const view = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ContractViewJson | null;
  if (!view) return null;
  return {
    row: { ...view.row, contract: rowFromJson(contracts, view.row.contract) },
    details: view.milestones.map((detail) => ({
      ...detail,
      milestone: rowFromJson(contractMilestones, detail.milestone),
      heldMinor: Number(detail.heldMinor),
      // JSON carries timestamps as text in the database's format; the API speaks ISO 8601.
      submissions: detail.submissions.map((s) => ({ ...s, createdAt: new Date(s.createdAt).toISOString() })),
    })),
  };
}

export type ContractView = NonNullable<ReturnType<typeof contractViewFrom>>;
export type MilestoneDetail = ContractView['details'][number];
