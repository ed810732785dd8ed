import type {
  Call,
  ContractListItem,
  CurrentUser,
  DisputeQueueItem,
  MyProject,
  NextStep,
  PaymentTerms,
  ProjectDetails,
  ProjectView,
  Quote,
} from '@sciwise/contracts';

/** Whole objects in the contract's shapes, so the API client's parsing accepts them. */
export function aQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'q-1',
    status: 'submitted',
    coverLetter: 'I will run the pipeline and write the report.',
    price: { amountMinor: 450_000, currency: 'USD' },
    durationDays: 21,
    milestones: [
      {
        title: 'Analysis plan',
        amountMinor: 150_000,
        criteria: ['Lists every sample and its covariates', 'Names the statistical tests'],
      },
      { title: 'Report with figures', amountMinor: 300_000, criteria: [] },
    ],
    declineReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    decidedAt: null,
    project: { id: 'p-1', title: 'Tumour RNA-seq report', status: 'open' },
    expert: {
      id: 'u-2',
      name: 'Dana Whitfield',
      slug: null,
      avatarUrl: '',
      headline: null,
      rating: 0,
      reviewCount: 0,
    },
    contractId: null,
    actions: ['accept', 'decline'],
    ...overrides,
  };
}

export const someTerms: PaymentTerms = {
  clientFeeBps: 500,
  expertFeeBps: 1_000,
  autoReleaseDays: 14,
  provider: 'sandbox',
  testCards: [],
};

export function aContract(
  overrides: Partial<ContractListItem> & Pick<ContractListItem, 'id' | 'title' | 'role'>,
): ContractListItem {
  return {
    status: 'active',
    price: { amountMinor: 450_000, currency: 'USD' },
    project: { id: `p-${overrides.id}`, title: overrides.title },
    client: { id: 'u-1', name: 'Ada Client' },
    expert: { id: 'u-2', name: 'Dana Whitfield', slug: null },
    durationDays: 21,
    createdAt: '2026-11-20T10:00:00.000Z',
    nextStep: null,
    milestoneCount: 2,
    ...overrides,
  };
}

export const aStep = (
  text: string,
  yours: boolean,
  kind: NonNullable<NextStep>['kind'] = 'fund',
): NextStep => ({ kind, milestoneId: 'm-1', text, yours });

export function aProject(overrides: Partial<MyProject> & Pick<MyProject, 'id' | 'title'>): MyProject {
  return {
    status: 'open',
    visibility: 'public',
    category: 'data_analysts',
    budget: { type: 'fixed', minMinor: 150_000, maxMinor: 400_000, currency: 'USD' },
    deadline: null,
    publishedAt: '2026-11-19T10:00:00.000Z',
    updatedAt: '2026-11-19T10:00:00.000Z',
    quoteCount: 0,
    pendingQuoteCount: 0,
    contractId: null,
    ...overrides,
  };
}

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u-9',
    email: 'ada.fischer@example.test',
    firstName: 'Ada',
    lastName: 'Fischer',
    name: 'Ada Fischer',
    phoneNumber: null,
    role: 'member',
    avatarUrl: null,
    emailVerified: true,
    heardFrom: null,
    newsletterOptIn: false,
    hasPassword: true,
    dashboardMode: 'owner',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aDispute(overrides: Partial<DisputeQueueItem> = {}): DisputeQueueItem {
  return {
    milestoneId: 'm-1',
    milestoneTitle: 'Profiling run',
    amount: { amountMinor: 120_000, currency: 'USD' },
    contract: { id: 'c-1', title: 'Glycan profiling' },
    client: { id: 'u-1', name: 'Ada Client' },
    expert: { id: 'u-2', name: 'Dana Whitfield' },
    openedBy: 'expert',
    reason: 'The client stopped answering after the samples arrived.',
    openedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A project's page as a signed-in member sees it: open, public, owned by Ada Client (u-1). */
export function aProjectView(
  details: Partial<ProjectDetails> = {},
  viewer: Partial<ProjectDetails['viewer']> = {},
): ProjectView {
  const summary = {
    id: 'p-1',
    title: 'Tumour RNA-seq report',
    category: 'data_analysts',
    budget: { type: 'fixed' as const, minMinor: 150_000, maxMinor: 400_000, currency: 'USD' as const },
    publishedAt: '2026-11-19T10:00:00.000Z',
  };
  return {
    summary,
    details: {
      ...summary,
      description: 'Differential expression for 48 tumours, with figures and a short report.',
      subjects: [],
      deadline: null,
      visibility: 'public',
      status: 'open',
      owner: { id: 'u-1', name: 'Ada Client' },
      attachments: [],
      quoteCount: 0,
      createdAt: '2026-11-18T10:00:00.000Z',
      updatedAt: '2026-11-19T10:00:00.000Z',
      removal: null,
      confidentiality: null,
      ...details,
      viewer: {
        isOwner: false,
        missing: [],
        actions: [],
        myQuoteId: null,
        invitation: null,
        contractId: null,
        ...viewer,
      },
    },
  };
}

/**
 * A call Dana Whitfield (u-2) proposed to the viewer for contract c-1: two times offered from
 * New York, 3 March 2026 at 15:00 and 16:30 UTC, waiting for the viewer to pick one.
 */
export function aCall(overrides: Partial<Call> = {}): Call {
  return {
    id: 'call-1',
    status: 'proposed',
    topic: 'Walk through the analysis plan',
    agenda: 'Which covariates to adjust for.\nWhich figures the board needs.',
    durationMinutes: 30,
    withPerson: { id: 'u-2', name: 'Dana Whitfield' },
    contract: { id: 'c-1', title: 'Tumour RNA-seq report' },
    startsAt: null,
    endsAt: null,
    timeZone: null,
    offeredStarts: ['2026-03-03T15:00:00.000Z', '2026-03-03T16:30:00.000Z'],
    offeredBy: { id: 'u-2', name: 'Dana Whitfield' },
    offeredByMe: false,
    offeredTimeZone: 'America/New_York',
    rescheduleReason: null,
    meetingUrl: 'https://meet.sciwise.test/r/abc123',
    cancellation: null,
    notes: null,
    actions: ['confirm', 'propose_times', 'cancel'],
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}
