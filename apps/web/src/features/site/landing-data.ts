import type { ExpertCategory } from '@sciwise/contracts';

/** The five category tabs in the spec's order; the labels are the contract's (checked below). */
export const landingCategories = [
  { value: 'writers', label: 'Writers' },
  { value: 'data_analysts', label: 'Data Analysts' },
  { value: 'consultants', label: 'Consultants' },
  { value: 'product_developers', label: 'Product Developers' },
  { value: 'researchers', label: 'Researchers' },
] as const satisfies readonly { value: ExpertCategory; label: string }[];

/** The marquee's ten highlight phrases (spec §2). Figures that come from the database are not here. */
export const highlights = [
  'Matching within 24 hours',
  'Post a project in under 5 minutes',
  'Milestone payments in escrow',
  '100% money-back guarantee',
  'No long-term contracts',
  'PhD-level specialists',
  'Every expert vetted before listing',
  'Confidential by default',
  'Pay only for approved work',
  'Project details only for signed-in members',
];

export interface Testimonial {
  comment: string;
  name: string;
  position: string;
  company: string;
}

export const testimonials: Testimonial[] = [
  {
    comment:
      'We had a biostatistician on our trial data within a day. Splitting the work into milestones made approving it simple.',
    name: 'Dr. Hanna Lindgren',
    position: 'Research lead',
    company: 'Nordic university hospital',
  },
  {
    comment:
      'Escrow gave our finance team the confidence to hire a food scientist we had never met. The reformulation shipped on time.',
    name: 'Marco Bellini',
    position: 'COO',
    company: 'Plant-based food start-up',
  },
  {
    comment:
      'I quote only on projects that match my PhD, and I know the money is there before I start. That is rare for freelancers.',
    name: 'Dr. Ama Owusu',
    position: 'Freelance medical writer',
    company: 'Sciwise expert since 2025',
  },
  {
    comment:
      'Our grant needed a health economist for six weeks. We found one in two days and paid per milestone, which our finance office loved.',
    name: 'Prof. Elena Varga',
    position: 'Principal investigator',
    company: 'Central European research institute',
  },
  {
    comment:
      'The workspace kept the literature review, the drafts and the approvals in one place. No more hunting through e-mail.',
    name: 'James Whitfield',
    position: 'Regulatory affairs manager',
    company: 'Medical device manufacturer',
  },
];
