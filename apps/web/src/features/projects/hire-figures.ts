import { feeMinor, type Quote } from '@sciwise/contracts';

export interface HireMilestoneFigures {
  title: string;
  criteria: string[];
  amountMinor: number;
  /** The marketplace fee the client pays when funding this milestone. */
  feeMinor: number;
  /** What funding this milestone charges the card: amount plus fee. */
  totalMinor: number;
}

export interface HireFigures {
  milestones: HireMilestoneFigures[];
  priceMinor: number;
  feeMinor: number;
  totalMinor: number;
}

/**
 * What hiring on this quote will cost, milestone by milestone. The server charges the fee each
 * time a milestone is funded, rounding each one, so the total fee is the sum of the milestones'
 * fees (which can differ by a cent from the fee on the whole price), computed with the server's
 * own `feeMinor`.
 */
export function hireFigures(quote: Pick<Quote, 'milestones'>, clientFeeBps: number): HireFigures {
  const milestones = quote.milestones.map((m) => {
    const fee = feeMinor(m.amountMinor, clientFeeBps);
    return {
      title: m.title,
      criteria: m.criteria,
      amountMinor: m.amountMinor,
      feeMinor: fee,
      totalMinor: m.amountMinor + fee,
    };
  });
  const sum = (pick: (m: HireMilestoneFigures) => number) => milestones.reduce((s, m) => s + pick(m), 0);
  return {
    milestones,
    priceMinor: sum((m) => m.amountMinor),
    feeMinor: sum((m) => m.feeMinor),
    totalMinor: sum((m) => m.totalMinor),
  };
}

export interface ExpertEarnings {
  priceMinor: number;
  /** The service fee taken from each milestone when it is released (rounded per milestone). */
  feeMinor: number;
  /** What reaches the expert's balance when every milestone is released. */
  netMinor: number;
}

/** What the expert receives for these milestone amounts, as the server's release computes it. */
export function expertEarnings(amountsMinor: number[], expertFeeBps: number): ExpertEarnings {
  const priceMinor = amountsMinor.reduce((sum, amount) => sum + amount, 0);
  const fee = amountsMinor.reduce((sum, amount) => sum + feeMinor(amount, expertFeeBps), 0);
  return { priceMinor, feeMinor: fee, netMinor: priceMinor - fee };
}
