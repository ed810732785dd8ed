import { describe, expect, it } from 'vitest';
import { expertEarnings, hireFigures } from './hire-figures.ts';

const milestone = (amountMinor: number, title = 'Work') => ({ title, amountMinor, criteria: [] });

describe('what hiring on a quote costs', () => {
  it('adds the marketplace fee to each milestone and totals them', () => {
    const figures = hireFigures(
      { milestones: [milestone(150_000, 'Analysis plan'), milestone(300_000, 'Report')] },
      500,
    );
    expect(figures.milestones.map((m) => [m.title, m.amountMinor, m.feeMinor, m.totalMinor])).toEqual([
      ['Analysis plan', 150_000, 7_500, 157_500],
      ['Report', 300_000, 15_000, 315_000],
    ]);
    expect(figures).toMatchObject({ priceMinor: 450_000, feeMinor: 22_500, totalMinor: 472_500 });
  });

  it('rounds each funding on its own, as the server charges it, not the fee on the whole price', () => {
    // 5% of 10 cents is half a cent, rounded up to 1 cent at each funding: 2 cents, not 1.
    const figures = hireFigures({ milestones: [milestone(10), milestone(10)] }, 500);
    expect(figures.feeMinor).toBe(2);
    expect(figures.totalMinor).toBe(22);
  });

  it('rounds half a cent up and less than half down', () => {
    // 2.5% of $10.01 is 25.025 cents -> 25; of $10.02, 25.05 -> 25; of $10.20, 25.5 -> 26.
    const fees = hireFigures(
      { milestones: [milestone(1_001), milestone(1_002), milestone(1_020)] },
      250,
    ).milestones.map((m) => m.feeMinor);
    expect(fees).toEqual([25, 25, 26]);
  });

  it('charges nothing on top when the fee is zero', () => {
    expect(hireFigures({ milestones: [milestone(99_999)] }, 0)).toMatchObject({
      feeMinor: 0,
      totalMinor: 99_999,
    });
  });
});

describe('what the expert receives', () => {
  it('takes the service fee from each milestone as the release does, rounding each one', () => {
    // 10% of 333.35 is 33.335, rounded half up to 33.34, twice: not 10% of the whole price.
    expect(expertEarnings([33_335, 33_335], 1000)).toEqual({
      priceMinor: 66_670,
      feeMinor: 6_668,
      netMinor: 60_002,
    });
    expect(expertEarnings([150_000, 300_000], 1000)).toEqual({
      priceMinor: 450_000,
      feeMinor: 45_000,
      netMinor: 405_000,
    });
    expect(expertEarnings([], 1000)).toEqual({ priceMinor: 0, feeMinor: 0, netMinor: 0 });
  });
});
