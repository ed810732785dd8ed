import type { Contract, Milestone } from '@sciwise/contracts';

/** A contract as the server sends it, for tests: $1,000.00 milestone, 5% and 10% fees. */
export function testMilestone(overrides: Partial<Milestone> = {}): Milestone {
  const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' as const });
  return {
    id: 'm-1',
    position: 1,
    title: 'Analysis and figures',
    amount: usd(100_000),
    criteria: ['Figures as 300 dpi PNG', 'R script that reproduces every figure'],
    status: 'pending',
    proposedBy: null,
    funding: { fee: usd(5_000), total: usd(105_000) },
    release: { fee: usd(10_000), net: usd(90_000) },
    fundedAt: null,
    paidWith: null,
    submittedAt: null,
    autoReleaseAt: null,
    settledAt: null,
    settlement: null,
    revisionRequest: null,
    dispute: null,
    submissions: [],
    actions: [],
    ...overrides,
  };
}

export function testContract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: 'c-1',
    title: 'Transcriptomics report',
    status: 'active',
    price: { amountMinor: 100_000, currency: 'USD' },
    project: { id: 'p-1', title: 'Transcriptomics report' },
    client: { id: 'u-client', name: 'Ada Client' },
    expert: { id: 'u-expert', name: 'Dana Expert', slug: 'dana-expert' },
    durationDays: 14,
    role: 'client',
    createdAt: '2026-03-01T09:00:00.000Z',
    nextStep: null,
    quoteId: 'q-1',
    fees: { clientFeeBps: 500, expertFeeBps: 1000 },
    autoReleaseDays: 14,
    escrow: {
      held: { amountMinor: 0, currency: 'USD' },
      released: { amountMinor: 0, currency: 'USD' },
      refunded: { amountMinor: 0, currency: 'USD' },
    },
    milestones: [testMilestone()],
    actions: [],
    endedAt: null,
    ...overrides,
  };
}
