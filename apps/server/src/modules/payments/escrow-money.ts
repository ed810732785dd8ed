import { feeMinor, type RateCurrency } from '@sciwise/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { escrowHolds, escrowSettlements } from '../../db/schema/index.ts';
import { record, type LedgerTransaction } from './ledger.ts';
import type { MoneyWrites } from './money-writes.ts';

/*
 * The money effect of each milestone transition (milestone-states.ts names them), as ledger
 * transactions. Escrow is a two-phase transfer: hold opens it (escrow_holds, once per milestone),
 * post / void / split close it (escrow_settlements, once: its primary key refuses a second).
 * Each queues its writes on the transition's MoneyWrites, which writes them together.
 */

export interface MoneyParties {
  contractId: string;
  clientId: string;
  expertId: string;
  currency: RateCurrency;
  expertFeeBps: number;
}

export interface MilestoneMoney {
  id: string;
  amountMinor: number;
}

interface Who {
  /** Who caused it; null for the system. */
  by: string | null;
  memo: string;
}

/**
 * What a milestone's ledger transaction records besides its kind and legs: the contract and
 * currency, the milestone, who caused it and why. One place, so that hold, settle and payBonus
 * fill these columns alike.
 */
function aboutMilestone(
  parties: MoneyParties,
  milestoneId: string,
  who: Who,
): Omit<LedgerTransaction, 'kind' | 'legs'> {
  return {
    currency: parties.currency,
    contractId: parties.contractId,
    milestoneId,
    createdBy: who.by,
    memo: who.memo,
  };
}

/** Funding: client_funding -(amount + fee), escrow +amount, platform_fees +fee. */
export async function hold(
  tx: MoneyWrites,
  parties: MoneyParties,
  milestone: MilestoneMoney,
  clientFeeMinor: number,
  who: Who,
): Promise<string> {
  const transactionId = await record(tx, {
    kind: 'fund',
    ...aboutMilestone(parties, milestone.id, who),
    legs: [
      {
        account: { kind: 'client_funding', userId: parties.clientId },
        amountMinor: -(milestone.amountMinor + clientFeeMinor),
      },
      { account: { kind: 'escrow', milestoneId: milestone.id }, amountMinor: milestone.amountMinor },
      { account: { kind: 'platform_fees' }, amountMinor: clientFeeMinor },
    ],
  });
  tx.insert(escrowHolds, {
    milestoneId: milestone.id,
    fundingTransactionId: transactionId,
    amountMinor: milestone.amountMinor,
    feeMinor: clientFeeMinor,
    currency: parties.currency,
  });
  return transactionId;
}

export type Hold = typeof escrowHolds.$inferSelect;

async function heldFor(tx: Executor, milestoneId: string, known: Hold | null | undefined) {
  const [held] =
    known !== undefined
      ? [known]
      : await tx.select().from(escrowHolds).where(eq(escrowHolds.milestoneId, milestoneId));
  if (!held) throw new Error(`milestone ${milestoneId} has no escrow hold`);
  return held;
}

export interface Settlement {
  toExpertMinor: number;
  toClientMinor: number;
  /** What goes back to the client's card: their part of the hold plus its share of the fee. */
  cardRefundMinor: number;
  /** The ledger transaction that settled the hold (the documents it produces name it). */
  transactionId: string;
}

/**
 * Settles the hold: `toExpertMinor` of it to the expert (less the service fee), the rest back to
 * the client together with the same share of the marketplace fee they paid. Releasing is a split
 * with everything to the expert, refunding one with nothing; the database checks the two parts
 * add up to the hold and that it settles once. `known` is the hold when the caller has read it
 * already, under the milestone's lock (lockMilestone does).
 */
export async function settle(
  tx: MoneyWrites,
  parties: MoneyParties,
  milestoneId: string,
  toExpertMinor: number,
  who: Who,
  known?: Hold | null,
): Promise<Settlement> {
  const held = await heldFor(tx.tx, milestoneId, known);
  const toClientMinor = held.amountMinor - toExpertMinor;
  const expertFee = feeMinor(toExpertMinor, parties.expertFeeBps);
  const feeBack = proportionalShare(held.feeMinor, toClientMinor, held.amountMinor);
  const outcome = toClientMinor === 0 ? 'posted' : toExpertMinor === 0 ? 'voided' : 'split';
  const transactionId = await record(tx, {
    kind: outcome === 'posted' ? 'release' : outcome === 'voided' ? 'refund' : 'split',
    ...aboutMilestone(parties, milestoneId, who),
    legs: [
      { account: { kind: 'escrow', milestoneId }, amountMinor: -held.amountMinor },
      {
        account: { kind: 'expert_available', userId: parties.expertId },
        amountMinor: toExpertMinor - expertFee,
      },
      { account: { kind: 'platform_fees' }, amountMinor: expertFee - feeBack },
      { account: { kind: 'client_funding', userId: parties.clientId }, amountMinor: toClientMinor + feeBack },
    ],
  });
  tx.insert(escrowSettlements, { milestoneId, transactionId, outcome, toExpertMinor, toClientMinor });
  return { toExpertMinor, toClientMinor, cardRefundMinor: toClientMinor + feeBack, transactionId };
}

/** part/whole of amount, rounded half up, in integers. */
function proportionalShare(amount: number, part: number, whole: number): number {
  return Math.floor((amount * part * 2 + whole) / (whole * 2));
}

/**
 * A bonus on approval, paid by card on top of the milestone: client_funding -(bonus + client fee),
 * expert_available +(bonus - expert fee), platform_fees +(both fees). It never passes escrow.
 */
export async function payBonus(
  tx: MoneyWrites,
  parties: MoneyParties,
  milestoneId: string,
  bonusMinor: number,
  clientFeeMinor: number,
  who: Who,
): Promise<string> {
  const expertFee = feeMinor(bonusMinor, parties.expertFeeBps);
  return record(tx, {
    kind: 'bonus',
    ...aboutMilestone(parties, milestoneId, who),
    legs: [
      {
        account: { kind: 'client_funding', userId: parties.clientId },
        amountMinor: -(bonusMinor + clientFeeMinor),
      },
      {
        account: { kind: 'expert_available', userId: parties.expertId },
        amountMinor: bonusMinor - expertFee,
      },
      { account: { kind: 'platform_fees' }, amountMinor: clientFeeMinor + expertFee },
    ],
  });
}
