import type { DocumentKind, RateCurrency } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { billingEntities, contractBilling, users } from '../../db/schema/index.ts';

/*
 * What a document prints, frozen when it is issued: the PDF is drawn from these facts and nothing
 * else, so a later change of a name, an address or a purchase order never changes an issued
 * document. Amounts are integers in minor units; the renderer formats them.
 */

export interface DocumentParty {
  name: string;
  /** Further lines under the name: organisation address, e-mail, VAT number. */
  lines: string[];
}

export interface DocumentLine {
  description: string;
  amountMinor: number;
}

export interface DocumentFacts {
  version: 1;
  kind: DocumentKind;
  /** "Receipt", "Invoice", ... as printed at the top. */
  title: string;
  number: string;
  issuedAt: string;
  currency: RateCurrency;
  /** One line for lists: what the document is about. */
  summary: string;
  issuer: DocumentParty;
  /** "Bill to", "Received from", "Paid to": whom it is addressed to. */
  recipientLabel: string;
  recipient: DocumentParty;
  /** Contract, milestone, purchase order, cost centre, payment method...: label and value. */
  references: Array<{ label: string; value: string }>;
  lines: DocumentLine[];
  total: { label: string; amountMinor: number };
  notes: string[];
}

/** The platform, as it names itself on what it issues. */
export const ISSUER: DocumentParty = {
  name: 'Sciwise',
  lines: ['Marketplace for scientists & industry experts'],
};

export interface Addressee {
  party: DocumentParty;
  /** The institution's default cost centre, printed when the contract names none. */
  defaultCostCentre: string | null;
}

/** What addressing a person reads: their name and e-mail, and their billing entity if they saved one. */
export interface AddresseeRow {
  firstName: string;
  lastName: string;
  email: string;
  organisationName: string | null;
  address: string | null;
  taxId: string | null;
  defaultCostCentre: string | null;
}

/** A person as documents address them today: their billing entity if they saved one, else their name. */
export async function addresseeOf(tx: Executor, userId: string): Promise<Addressee> {
  const [person] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organisationName: billingEntities.organisationName,
      address: billingEntities.address,
      taxId: billingEntities.taxId,
      defaultCostCentre: billingEntities.defaultCostCentre,
    })
    .from(users)
    .leftJoin(billingEntities, eq(billingEntities.userId, users.id))
    .where(eq(users.id, userId));
  if (!person) throw new Error(`no user ${userId} to address a document to`);
  return addresseeFrom(person);
}

/** addresseeOf's answer for a row read elsewhere (lockMilestone reads the parties' with its lock). */
export function addresseeFrom(person: AddresseeRow): Addressee {
  const name = `${person.firstName} ${person.lastName}`.trim();
  if (!person.organisationName) return { party: { name, lines: [person.email] }, defaultCostCentre: null };
  return {
    party: {
      name: person.organisationName,
      lines: [
        ...(person.address ?? '').split('\n').filter((line) => line.trim() !== ''),
        ...(person.taxId ? [`VAT / tax number: ${person.taxId}`] : []),
        `Attn: ${name} (${person.email})`,
      ],
    },
    defaultCostCentre: person.defaultCostCentre,
  };
}

/** The purchase order and cost centre to print on a contract's documents, as they are now. */
export async function contractReferences(
  tx: Executor,
  contractId: string,
  defaultCostCentre: string | null,
): Promise<Array<{ label: string; value: string }>> {
  const [billing] = await tx.select().from(contractBilling).where(eq(contractBilling.contractId, contractId));
  return referencesFrom(billing ?? null, defaultCostCentre);
}

export type ContractBillingRow = typeof contractBilling.$inferSelect;

/** contractReferences' answer for the contract's billing row read elsewhere (null: none saved). */
export function referencesFrom(
  billing: ContractBillingRow | null,
  defaultCostCentre: string | null,
): Array<{ label: string; value: string }> {
  const costCentre = billing?.costCentre ?? defaultCostCentre;
  return [
    ...(billing?.purchaseOrderNumber
      ? [{ label: 'Purchase order', value: billing.purchaseOrderNumber }]
      : []),
    ...(costCentre ? [{ label: 'Cost centre', value: costCentre }] : []),
  ];
}
