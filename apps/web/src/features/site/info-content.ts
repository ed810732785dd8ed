/** Copy of the public pages that are text plus next steps (marketing details grow with the public-site work). */
export interface InfoSection {
  heading: string;
  body?: string;
  bullets?: string[];
}

export interface InfoPageContent {
  eyebrow: string;
  title: string;
  intro: string;
  sections: InfoSection[];
  /** Shown when the interactive part of the page is still being built. */
  upcoming?: string;
  primary?: { label: string; to: string };
  secondary?: { label: string; to: string };
}

const post = { label: 'Post a project', to: '/create-project' };
const howItWorks = { label: 'See how it works', to: '/how-it-works' };
const request = { label: 'Request a service', to: '/request-service' };

const escrowSection: InfoSection = {
  heading: 'How you pay',
  bullets: [
    'Agree milestones with your expert before work starts.',
    'Each milestone is funded into escrow and released only when you approve the deliverable.',
    'If the work is not delivered, the 100% money-back guarantee returns what you paid for that milestone.',
  ],
};

function service(title: string, intro: string, examples: string[]): InfoPageContent {
  return {
    eyebrow: 'Services',
    title,
    intro,
    sections: [{ heading: 'Typical projects', bullets: examples }, escrowSection],
    primary: post,
    secondary: request,
  };
}

function subject(title: string, intro: string, examples: string[]): InfoPageContent {
  return {
    eyebrow: 'Find an expert by subject',
    title,
    intro,
    sections: [{ heading: 'What these experts do', bullets: examples }, escrowSection],
    upcoming: 'Expert profiles for this subject are being added to the searchable directory.',
    primary: post,
    secondary: { label: 'Browse all experts', to: '/find-an-expert' },
  };
}

function story(
  category: string,
  title: string,
  description: string,
  cost: string,
  time: string,
): InfoPageContent {
  return {
    eyebrow: `Success story · ${category}`,
    title,
    intro: description,
    sections: [
      {
        heading: 'The engagement',
        bullets: [
          `Budget: ${cost}`,
          `Duration: ${time}`,
          'Paid by milestone, each released from escrow on approval',
        ],
      },
    ],
    primary: post,
    secondary: { label: 'Read another story', to: '/story-1' },
  };
}

function blog(title: string, date: string, excerpt: string, points: string[]): InfoPageContent {
  return {
    eyebrow: `Blog · ${date}`,
    title,
    intro: excerpt,
    sections: [{ heading: 'In short', bullets: points }],
    primary: { label: 'More articles', to: '/blog' },
    secondary: howItWorks,
  };
}

export const infoPages: Record<string, InfoPageContent> = {
  '/find-expert': {
    eyebrow: 'Find an expert',
    title: 'Tell us the problem, we shortlist the experts',
    intro:
      'Describe what you need in a few sentences. We match you with vetted scientists and industry experts, usually within 24 hours, and you choose who to talk to.',
    sections: [
      {
        heading: 'How matching works',
        bullets: [
          'Post your project: it takes under 5 minutes.',
          'Experts who fit your subject and budget send quotes.',
          'Compare profiles, publications and reviews, then hire with milestones in escrow.',
        ],
      },
    ],
    primary: post,
    secondary: { label: 'Browse the network', to: '/find-an-expert' },
  },
  '/find-an-expert': {
    eyebrow: 'Expert network',
    title: 'Browse 50,000+ vetted experts in 170+ countries',
    intro:
      'Writers, data analysts, consultants, product developers and researchers: every expert on Sciwise is vetted before their profile is listed.',
    sections: [
      {
        heading: 'Popular subjects',
        bullets: [
          'Data analysis and statistics',
          'Product development and formulation',
          'Medical and scientific writing',
          'Literature search and secondary research',
        ],
      },
    ],
    upcoming: 'The searchable expert directory with filters by subject, rate and availability is on its way.',
    primary: post,
    secondary: { label: 'Get matched instead', to: '/find-expert' },
  },
  '/projects': {
    eyebrow: 'Projects',
    title: 'Research projects looking for experts',
    intro:
      'Clients post projects in science, engineering and health. Project details are visible only to signed-in members, so sign in to see briefs and send quotes.',
    sections: [
      {
        heading: 'For experts',
        bullets: [
          'Quote on projects that match your expertise.',
          'Agree milestones up front.',
          'Get paid as each milestone is approved.',
        ],
      },
    ],
    upcoming:
      'The public project board is being built; signed-in experts will browse it from their dashboard.',
    primary: { label: 'Join as expert', to: '/join-expert' },
    secondary: post,
  },
  '/concierge': {
    eyebrow: 'Concierge Services',
    title: 'Let a project manager find and run the right experts for you',
    intro:
      'For larger or time-critical work, a Sciwise project manager scopes the brief with you, assembles the team and keeps the milestones on track.',
    sections: [
      {
        heading: 'What is included',
        bullets: [
          'A scoping call and a written brief',
          'A shortlist of experts within 24 hours',
          'One point of contact until delivery',
        ],
      },
      escrowSection,
    ],
    primary: request,
    secondary: howItWorks,
  },
  '/request-service': {
    eyebrow: 'Request a service',
    title: 'Request a service from our expert network',
    intro:
      'Tell us what you need, whether a statistical analysis, a literature review or a regulatory report, and we will come back with matched experts and quotes.',
    sections: [
      {
        heading: 'What to have ready',
        bullets: [
          'A short description of the problem and the deliverable',
          'Your deadline',
          'A budget range, fixed or hourly',
        ],
      },
      escrowSection,
    ],
    upcoming:
      'The guided request form is being finished. Until then, posting a project reaches the same experts.',
    primary: post,
    secondary: { label: 'Concierge Services', to: '/concierge' },
  },
  '/create-project': {
    eyebrow: 'Post a project',
    title: 'Post a project in under 5 minutes',
    intro:
      'Describe the work, choose a category and a budget, and invite experts or let them find you. You only pay for milestones you approve.',
    sections: [
      {
        heading: 'The steps',
        bullets: [
          'Describe the project and the deliverables',
          'Set a budget and a deadline',
          'Review quotes, hire, and fund the first milestone into escrow',
        ],
      },
      escrowSection,
    ],
    upcoming: 'The project editor opens here soon. Sign in now so your dashboard is ready when it does.',
    primary: { label: 'Go to your dashboard', to: '/profile/project-owner-dashboard' },
    secondary: howItWorks,
  },
  '/solutions/consulting': {
    eyebrow: 'Solutions',
    title: 'Scientific consulting, on demand',
    intro:
      'Get a second opinion, a feasibility study or a technical due diligence from a specialist, without a retainer.',
    sections: [
      {
        heading: 'Common requests',
        bullets: [
          'Feasibility and technology assessments',
          'Study design reviews',
          'Expert opinions for investors',
        ],
      },
      escrowSection,
    ],
    primary: post,
    secondary: request,
  },
  '/solutions/strategy': {
    eyebrow: 'Solutions',
    title: 'R&D and market strategy backed by domain experts',
    intro:
      'Combine scientific depth with market insight: landscape analyses, roadmaps and competitive intelligence.',
    sections: [
      {
        heading: 'Common requests',
        bullets: ['Technology landscape reports', 'R&D roadmaps', 'Competitive and patent intelligence'],
      },
      escrowSection,
    ],
    primary: post,
    secondary: request,
  },
  '/solutions/technology': {
    eyebrow: 'Solutions',
    title: 'Build, test and validate technology with specialists',
    intro:
      'From prototypes to validation studies, work with engineers and scientists who have done it before.',
    sections: [
      {
        heading: 'Common requests',
        bullets: [
          'Prototype and formulation development',
          'Method development and validation',
          'Data pipelines and models',
        ],
      },
      escrowSection,
    ],
    primary: post,
    secondary: request,
  },
  '/services/consulting': service(
    'Consulting',
    'Independent advice from scientists and industry specialists, booked by the hour or by the deliverable.',
    ['Technical due diligence', 'Regulatory strategy', 'Process improvement'],
  ),
  '/services/support': service(
    'Project support',
    'Extra hands for your research team: analysis, documentation and review work at short notice.',
    ['Lab data analysis', 'Protocol and SOP writing', 'Peer review before submission'],
  ),
  '/services/tools': service(
    'Research tools',
    'Custom calculators, scripts, dashboards and models, built by experts who understand the science behind them.',
    ['Statistical analysis scripts', 'Interactive dashboards', 'Simulation and modelling tools'],
  ),
  '/services/scientific-writing': service(
    'Scientific writing',
    'Manuscripts, grant applications, regulatory documents and plain-language summaries, written by subject experts.',
    ['Journal manuscripts', 'Grant proposals', 'Clinical evaluation reports'],
  ),
  '/services/scientific-consulting': service(
    'Scientific consulting',
    'Specialists who review your approach, design studies and interpret results.',
    ['Study design', 'Results interpretation', 'Expert witness preparation'],
  ),
  '/services/secondary-research': service(
    'Secondary research',
    'Literature searches, systematic reviews and market research from published sources.',
    ['Systematic literature reviews', 'Market and competitor research', 'Evidence summaries'],
  ),
  '/find-an-expert/subject/data-analysis': subject(
    'Data analysis experts',
    'Statisticians, data scientists and bioinformaticians who turn raw data into decisions.',
    ['Statistical analysis plans', 'Machine-learning models', 'Survey and clinical data analysis'],
  ),
  '/find-an-expert/subject/product-development': subject(
    'Product development experts',
    'Food scientists, formulators and engineers who take products from concept to launch.',
    ['Formulation and reformulation', 'Shelf-life and stability studies', 'Scale-up and technology transfer'],
  ),
  '/story-1': story(
    'Food science',
    'A plant-based start-up reformulated its flagship product',
    'A food scientist helped a four-person start-up cut sugar by 30% while keeping texture, running the work in three approved milestones.',
    'USD 1,200',
    '2 months',
  ),
  '/story-2': story(
    'Medical writing',
    'A medtech company completed its clinical evaluation report',
    'A medical writer with regulatory experience drafted the clinical evaluation report and handled two rounds of notified-body questions.',
    'USD 950',
    '1.5 months',
  ),
  '/story-3': story(
    'Data analysis',
    'A research lab rescued a stalled longitudinal study',
    'A biostatistician rebuilt the analysis plan, cleaned five years of data and delivered publication-ready results.',
    'USD 1,500',
    '3 months',
  ),
  '/blog': {
    eyebrow: 'Blog',
    title: 'Notes on working with scientific experts',
    intro:
      'Practical advice for clients and experts: choosing consultants, scoping projects and paying fairly.',
    sections: [
      {
        heading: 'Latest articles',
        bullets: [
          'How to choose a scientific consultant',
          'Trends in freelance science',
          'Why institutions hire experts on demand',
        ],
      },
    ],
    primary: { label: 'How to choose a consultant', to: '/blog/choose-consultant' },
    secondary: { label: 'Trends in freelance science', to: '/blog/trends-freelance-science' },
  },
  '/blog/choose-consultant': blog(
    'How to choose a scientific consultant',
    'January 2026',
    'Look past the CV: the right consultant understands your question, your constraints and your deadline.',
    [
      'Check publications and past projects in your exact subject.',
      'Ask for a short written approach before hiring.',
      'Split the work into milestones you can judge.',
    ],
  ),
  '/blog/trends-freelance-science': blog(
    'Trends in freelance science',
    'February 2026',
    'More researchers work independently than ever, and more companies hire them project by project.',
    [
      'Remote collaboration is now normal in research.',
      'Specialists prefer project work to long contracts.',
      'Escrow makes paying unknown experts safe.',
    ],
  ),
  '/blog/institutions-on-demand': blog(
    'Why institutions hire experts on demand',
    'March 2026',
    'Universities and hospitals bring in outside specialists to fill skill gaps without permanent hires.',
    [
      'Fill a skill gap for one grant or study.',
      'Get an independent review before submission.',
      'Keep budgets predictable with fixed-price milestones.',
    ],
  ),
};
