import { formatAmount, type RateCurrency } from '@sciwise/contracts';
import type { Executor } from '../../db/client.ts';
import { ISSUER } from './facts.ts';
import { documentDate, issueDocument, type IssuedDocument } from './issue.ts';

/** What a payout statement prints, as plain data: the payouts module passes it when a payout settles. */
export interface PayoutStatementFacts {
  expertId: string;
  expertName: string;
  /** What left the platform to the bank account, in minor units. */
  amountMinor: number;
  currency: RateCurrency;
  requestedAt: Date;
  paidAt: Date;
  /** The last four digits of the bank account, as the provider shows them. */
  methodLast4: string;
  /** The payout's own id or the provider's reference, printed so both sides can find it. */
  reference: string;
  /** The ledger transaction that moved it to "paid out"; at most one statement per movement. */
  ledgerTransactionId?: string | null;
  /** When the statement is issued (the app's clock); defaults to paidAt. */
  issuedAt?: Date;
}

/** Issues the statement of one settled payout, in the caller's transaction (the one that settles it). */
export async function issuePayoutStatement(
  tx: Executor,
  facts: PayoutStatementFacts,
): Promise<IssuedDocument> {
  if (!Number.isSafeInteger(facts.amountMinor) || facts.amountMinor <= 0)
    throw new Error(`a payout statement needs a positive integer amount, not ${facts.amountMinor}`);
  const account = `bank account ending ${facts.methodLast4}`;
  return issueDocument(tx, {
    kind: 'payout_statement',
    recipientId: facts.expertId,
    currency: facts.currency,
    issuedAt: facts.issuedAt ?? facts.paidAt,
    ledgerTransactionId: facts.ledgerTransactionId ?? null,
    facts: {
      title: 'Payout statement',
      summary: `Payout to ${account}`,
      issuer: ISSUER,
      recipientLabel: 'Paid to',
      recipient: { name: facts.expertName, lines: [] },
      references: [
        { label: 'Payout reference', value: facts.reference },
        { label: 'Requested', value: documentDate(facts.requestedAt) },
        { label: 'Paid', value: documentDate(facts.paidAt) },
        { label: 'Paid to', value: account },
      ],
      lines: [
        { description: `Payout of your available balance to ${account}`, amountMinor: facts.amountMinor },
      ],
      total: { label: 'Total paid out', amountMinor: facts.amountMinor },
      notes: [
        `${formatAmount(facts.amountMinor, facts.currency)} was sent to your ${account} on ${documentDate(facts.paidAt)}. Fees on the work it pays for were deducted when each milestone was released and are on their own invoices.`,
      ],
    },
  });
}
