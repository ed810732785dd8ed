import { feeMinor, formatAmount, formatFeeRate, type RateCurrency } from '@sciwise/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escrowHolds, issuedDocuments } from '../../db/schema/index.ts';
import type { LockedContract, LockedMilestone, MilestoneRow } from '../contracts/access.ts';
import { MoneyWrites } from '../payments/money-writes.ts';
import { addresseeOf, contractReferences, ISSUER, referencesFrom, type Addressee } from './facts.ts';
import { documentDate, issueDocument, type IssuedDocument, type QueuedDocument } from './issue.ts';

/*
 * The documents money movements on a contract produce (decision 011), issued in the transaction
 * that moves the money, so a payment that rolls back leaves no document and no used number:
 *   funding or bonus by card  -> the client's fee invoice, then their receipt for the whole charge
 *   release or split          -> the expert's fee invoice for the service fee deducted
 *   money back to the client  -> a credit note taking back the part of the fee invoice returned
 */

type Locked = LockedContract & { milestone: MilestoneRow; billing?: LockedMilestone['billing'] };
/** Where documents are issued: a transaction, or a money transition's queued writes. */
type Issuer = Executor | MoneyWrites;
type Issued = IssuedDocument | QueuedDocument;

const reader = (tx: Issuer): Executor => (tx instanceof MoneyWrites ? tx.tx : tx);

/** The addressee as lockMilestone read them with its lock, or read now. */
async function addressee(tx: Issuer, locked: Locked, userId: string): Promise<Addressee> {
  return locked.billing?.addressees.get(userId) ?? addresseeOf(reader(tx), userId);
}

async function referencesOf(tx: Issuer, locked: Locked, defaultCostCentre: string | null) {
  return locked.billing
    ? referencesFrom(locked.billing.contractBilling, defaultCostCentre)
    : contractReferences(reader(tx), locked.contract.id, defaultCostCentre);
}

export interface CardCharge {
  purpose: 'fund' | 'bonus';
  amountMinor: number;
  feeMinor: number;
  cardBrand: string | null;
  cardLast4: string | null;
}

const cardName = (charge: CardCharge) =>
  `${charge.cardBrand ? charge.cardBrand[0]!.toUpperCase() + charge.cardBrand.slice(1) : 'Card'} ending ${charge.cardLast4 ?? '····'}`;

function contractLines(locked: Locked) {
  return [
    { label: 'Contract', value: locked.contract.title },
    { label: 'Milestone', value: locked.milestone.title },
  ];
}

/** Funding (or a bonus) confirmed by the card: the fee invoice, then the receipt that names it. */
export async function issueFundingDocuments(
  tx: Issuer,
  locked: Locked,
  charge: CardCharge,
  ledgerTransactionId: string,
  now: Date,
): Promise<{ receipt: Issued; invoice: Issued | null }> {
  const { contract, milestone } = locked;
  const currency = contract.currency;
  const to = await addressee(tx, locked, contract.clientId);
  const references = [
    ...contractLines(locked),
    { label: 'Expert', value: locked.expertName },
    ...(await referencesOf(tx, locked, to.defaultCostCentre)),
  ];
  const rate = formatFeeRate(contract.clientFeeBps);
  const what =
    charge.purpose === 'fund'
      ? `Milestone “${milestone.title}”, held in escrow`
      : `Bonus for ${locked.expertName} on “${milestone.title}”`;
  const common = {
    recipientId: contract.clientId,
    currency,
    issuedAt: now,
    contractId: contract.id,
    milestoneId: milestone.id,
    ledgerTransactionId,
  };
  const invoice =
    charge.feeMinor === 0
      ? null
      : await issueDocument(tx, {
          ...common,
          kind: 'fee_invoice',
          facts: {
            title: 'Invoice',
            summary: `Marketplace fee on “${milestone.title}”${charge.purpose === 'bonus' ? ' (bonus)' : ''}`,
            issuer: ISSUER,
            recipientLabel: 'Bill to',
            recipient: to.party,
            references,
            lines: [
              {
                description: `Marketplace fee, ${rate} of ${formatAmount(charge.amountMinor, currency)} (${what})`,
                amountMinor: charge.feeMinor,
              },
            ],
            total: { label: 'Total', amountMinor: charge.feeMinor },
            notes: [`Paid in full by card (${cardName(charge)}) on ${documentDate(now)}. Nothing is due.`],
          },
        });
  const receipt = await issueDocument(tx, {
    ...common,
    kind: 'funding_receipt',
    facts: {
      title: 'Receipt',
      summary: `Payment for “${milestone.title}”${charge.purpose === 'bonus' ? ' (bonus)' : ''}`,
      issuer: ISSUER,
      recipientLabel: 'Received from',
      recipient: to.party,
      references: [...references, { label: 'Paid with', value: cardName(charge) }],
      lines: [
        { description: what, amountMinor: charge.amountMinor },
        { description: `Marketplace fee (${rate})`, amountMinor: charge.feeMinor },
      ],
      total: { label: 'Total paid', amountMinor: charge.amountMinor + charge.feeMinor },
      notes: [
        charge.purpose === 'fund'
          ? `${formatAmount(charge.amountMinor, currency)} is held in escrow until the milestone is approved; a money-back refund returns the whole payment, fee included.`
          : `The bonus goes to ${locked.expertName} now; it is not held in escrow.`,
        ...(invoice ? [`The marketplace fee is invoiced on ${invoice.number}.`] : []),
      ],
    },
  });
  return { receipt, invoice };
}

/** Money released to the expert (all of a milestone, their part of a split, or a bonus): the service fee invoice. */
export async function issueExpertFeeInvoice(
  tx: Issuer,
  locked: Locked,
  released: { grossMinor: number; ledgerTransactionId: string; what: string },
  now: Date,
): Promise<Issued | null> {
  const { contract, milestone } = locked;
  const fee = feeMinor(released.grossMinor, contract.expertFeeBps);
  if (fee === 0) return null;
  const currency = contract.currency;
  const to = await addressee(tx, locked, contract.expertId);
  const rate = formatFeeRate(contract.expertFeeBps);
  return issueDocument(tx, {
    kind: 'fee_invoice',
    recipientId: contract.expertId,
    currency,
    issuedAt: now,
    contractId: contract.id,
    milestoneId: milestone.id,
    ledgerTransactionId: released.ledgerTransactionId,
    facts: {
      title: 'Invoice',
      summary: `Service fee on “${milestone.title}”`,
      issuer: ISSUER,
      recipientLabel: 'Bill to',
      recipient: to.party,
      references: [...contractLines(locked), { label: 'Client', value: locked.clientName }],
      lines: [
        {
          description: `Service fee, ${rate} of ${formatAmount(released.grossMinor, currency)} ${released.what}`,
          amountMinor: fee,
        },
      ],
      total: { label: 'Total', amountMinor: fee },
      notes: [
        `Deducted from the ${formatAmount(released.grossMinor, currency)} released to you on ${documentDate(now)}: you received ${formatAmount(released.grossMinor - fee, currency)}. Nothing is due.`,
      ],
    },
  });
}

/**
 * Part or all of the client's marketplace fee went back with a refund or split: a credit note for
 * that part, correcting the funding's fee invoice (which itself never changes).
 */
export async function issueFeeCreditNote(
  tx: Issuer,
  locked: Locked,
  returned: { feeBackMinor: number; ledgerTransactionId: string },
  now: Date,
): Promise<Issued | null> {
  if (returned.feeBackMinor === 0) return null;
  const { contract, milestone } = locked;
  const [original] = await reader(tx)
    .select({ id: issuedDocuments.id, number: issuedDocuments.number })
    .from(issuedDocuments)
    .innerJoin(escrowHolds, eq(escrowHolds.fundingTransactionId, issuedDocuments.ledgerTransactionId))
    .where(and(eq(escrowHolds.milestoneId, milestone.id), eq(issuedDocuments.kind, 'fee_invoice')));
  // A milestone funded before documents existed has no invoice to correct.
  if (!original) return null;
  const currency: RateCurrency = contract.currency;
  const to = await addressee(tx, locked, contract.clientId);
  return issueDocument(tx, {
    kind: 'credit_note',
    recipientId: contract.clientId,
    currency,
    issuedAt: now,
    contractId: contract.id,
    milestoneId: milestone.id,
    ledgerTransactionId: returned.ledgerTransactionId,
    corrects: original,
    facts: {
      title: 'Credit note',
      summary: `Marketplace fee returned on “${milestone.title}”`,
      issuer: ISSUER,
      recipientLabel: 'Bill to',
      recipient: to.party,
      references: [...contractLines(locked), ...(await referencesOf(tx, locked, to.defaultCostCentre))],
      lines: [
        {
          description: `Marketplace fee returned with the refund of “${milestone.title}”`,
          amountMinor: -returned.feeBackMinor,
        },
      ],
      total: { label: 'Total credited', amountMinor: -returned.feeBackMinor },
      notes: [
        `Corrects invoice ${original.number}. ${formatAmount(returned.feeBackMinor, currency)} goes back to the card that paid it.`,
      ],
    },
  });
}
