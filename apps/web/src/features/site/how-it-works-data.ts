// Spec §4 with the §8 spelling fix ("biologist").
export const rollingWords = [
  'an expert',
  'a scientist',
  'an engineer',
  'a mathematician',
  'a physicist',
  'a biologist',
  'a chemist',
  'an astrophysicist',
];

export const steps = [
  {
    title: 'Post your project',
    text: 'Describe the work, the deliverables and your budget. It takes under 5 minutes.',
  },
  { title: 'Get matched', text: 'Vetted experts send quotes within 24 hours. Compare profiles and reviews.' },
  { title: 'Work together', text: 'Chat, share files and track milestones in one workspace.' },
  { title: 'Approve and pay', text: 'Each milestone is paid from escrow only when you approve it.' },
];

export const reasons = [
  {
    title: 'Vetted experts',
    text: 'Every specialist is checked before listing: degrees, publications, references.',
  },
  { title: 'Escrow protection', text: 'Your money is held until you approve the deliverable.' },
  { title: 'Money-back guarantee', text: 'If a milestone is not delivered, you get 100% of it back.' },
  { title: 'No long-term contracts', text: 'Hire for one project, one milestone or one question.' },
];

export const waysToWork = [
  {
    title: 'Post a project',
    text: 'Describe what you need and let matched experts send you quotes. Best when you know the deliverable.',
    points: ['Quotes within 24 hours', 'Fixed price or hourly', 'Milestones agreed up front'],
    cta: { label: 'Post a project', to: '/create-project' },
  },
  {
    title: 'Browse and invite',
    text: 'Search the network by subject, rate and availability, and invite the experts you like to quote.',
    points: ['Profiles with publications and reviews', 'Invite-only projects', 'Chat before you hire'],
    cta: { label: 'Find an expert', to: '/find-an-expert' },
  },
];

export const comparison: [row: string, firm: string, freelancer: string][] = [
  ['Time to start', 'Weeks of scoping and contracts', 'Usually within 24 hours'],
  ['Pricing', 'Retainers and overheads', 'Fixed price or hourly, per milestone'],
  ['Who does the work', 'Often junior staff', 'The specialist you chose'],
  ['Payment protection', 'Invoices after the fact', 'Escrow, released when you approve'],
  ['Commitment', 'Long contracts', 'No long-term contracts'],
];

/** Spec §2: the ten customizable service tiles, each leading to /create-project. */
export const serviceTiles = [
  'Data science',
  'Scientific consulting',
  'Statistical analysis',
  'Food science and technology',
  'Medical writing',
  'Clinical evaluation report',
  'Scientific report',
  'Secondary research',
  'Literature search',
  'Scientific editing',
];
