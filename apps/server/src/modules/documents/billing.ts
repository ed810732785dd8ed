import type {
  BillingEntity,
  ContractBilling,
  billingEntityRequestSchema,
  contractBillingRequestSchema,
} from '@sciwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { billingEntities, contractBilling, contracts } from '../../db/schema/index.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { CONTRACT_NOT_FOUND, lockContract, roleIn, type ContractRow } from '../contracts/access.ts';

/*
 * The institution a client buys for, and each contract's purchase order and cost centre. Both are
 * read when a document is issued and copied into it, so changing them here changes documents
 * issued afterwards only.
 */

export async function getBillingEntity(db: Executor, userId: string): Promise<BillingEntity | null> {
  const [row] = await db.select().from(billingEntities).where(eq(billingEntities.userId, userId));
  return row ? presentEntity(row) : null;
}

export async function saveBillingEntity(
  db: Executor,
  userId: string,
  input: z.output<typeof billingEntityRequestSchema>,
): Promise<BillingEntity> {
  const values = {
    organisationName: input.organisationName,
    address: input.address,
    taxId: input.taxId,
    defaultCostCentre: input.defaultCostCentre,
  };
  const [row] = await db
    .insert(billingEntities)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingEntities.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return presentEntity(row!);
}

export async function removeBillingEntity(db: Executor, userId: string): Promise<void> {
  await db.delete(billingEntities).where(eq(billingEntities.userId, userId));
}

function presentEntity(row: typeof billingEntities.$inferSelect): BillingEntity {
  return {
    organisationName: row.organisationName,
    address: row.address,
    taxId: row.taxId,
    defaultCostCentre: row.defaultCostCentre,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ENDED =
  'This contract has ended, so its purchase order and cost centre can no longer change. Documents already issued keep what they printed.';

async function present(db: Executor, contract: ContractRow, user: SessionUser): Promise<ContractBilling> {
  const [billing] = await db
    .select()
    .from(contractBilling)
    .where(eq(contractBilling.contractId, contract.id));
  const entity = await getBillingEntity(db, contract.clientId);
  return {
    purchaseOrderNumber: billing?.purchaseOrderNumber ?? null,
    costCentre: billing?.costCentre ?? null,
    defaultCostCentre: entity?.defaultCostCentre ?? null,
    canEdit: contract.clientId === user.id && contract.status === 'active',
  };
}

/** The parties and admins may read a contract's purchase order (the expert's invoices may cite it). */
export async function getContractBilling(
  db: Executor,
  user: SessionUser,
  contractId: string,
): Promise<ContractBilling> {
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, contractId));
  if (!contract || !roleIn(contract, user)) throw notFound(CONTRACT_NOT_FOUND);
  return present(db, contract, user);
}

/** Only the client, while the contract runs; under the contract's lock, like every change to it. */
export async function saveContractBilling(
  db: Database,
  user: SessionUser,
  contractId: string,
  input: z.output<typeof contractBillingRequestSchema>,
): Promise<ContractBilling> {
  return db.transaction(async (tx) => {
    const { contract, actor } = await lockContract(tx, user, contractId);
    if (actor !== 'client')
      throw forbidden(
        'Only the client who pays for this contract can set its purchase order and cost centre.',
      );
    if (contract.status !== 'active') throw conflict(ENDED);
    const values = {
      purchaseOrderNumber: input.purchaseOrderNumber ?? null,
      costCentre: input.costCentre ?? null,
    };
    await tx
      .insert(contractBilling)
      .values({ contractId, ...values })
      .onConflictDoUpdate({ target: contractBilling.contractId, set: { ...values, updatedAt: sql`now()` } });
    return present(tx, contract, user);
  });
}
