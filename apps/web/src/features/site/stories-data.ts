import { groupDigits } from '../../lib/digits.ts';

/** Success stories (spec §3 story; the figures are spec §9's samples). */
export interface Story {
  slug: 'story-1' | 'story-2' | 'story-3';
  category: string;
  title: string;
  description: string;
  /** Budget in minor units (cents) of `currency`. */
  costMinor: number;
  currency: 'USD';
  time: string;
  link: string;
  outcome: string[];
}

export const stories: Story[] = [
  {
    slug: 'story-1',
    category: 'Food science',
    title: 'A plant-based start-up reformulated its flagship product',
    description:
      'A food scientist helped a four-person start-up cut sugar by 30% while keeping texture, running the work in three approved milestones.',
    costMinor: 120_000,
    currency: 'USD',
    time: '2 months',
    link: '/story-1',
    outcome: [
      'Three prototype rounds, each a milestone approved from escrow',
      'Sensory panel results the founders could show investors',
      'A formulation handed over with a supplier list and costings',
    ],
  },
  {
    slug: 'story-2',
    category: 'Medical writing',
    title: 'A medtech company completed its clinical evaluation report',
    description:
      'A medical writer with regulatory experience drafted the clinical evaluation report and handled two rounds of notified-body questions.',
    costMinor: 95_000,
    currency: 'USD',
    time: '1.5 months',
    link: '/story-2',
    outcome: [
      'A literature search protocol agreed before writing started',
      'The report delivered in two milestones: draft, then final',
      'Both rounds of notified-body questions answered within a week',
    ],
  },
  {
    slug: 'story-3',
    category: 'Data analysis',
    title: 'A research lab rescued a stalled longitudinal study',
    description:
      'A biostatistician rebuilt the analysis plan, cleaned five years of data and delivered publication-ready results.',
    costMinor: 150_000,
    currency: 'USD',
    time: '3 months',
    link: '/story-3',
    outcome: [
      'A statistical analysis plan the ethics board accepted',
      'Five years of visit data cleaned, documented and reproducible',
      'Tables and figures ready for the manuscript',
    ],
  },
];

/** "USD 1,200": the spec writes the currency code first. */
export function formatStoryCost(story: Story): string {
  return `${story.currency} ${groupDigits(Math.round(story.costMinor / 100))}`;
}
