import { blogPosts, formatPostDate, type BlogPost } from './blog-data.ts';
import { blogText } from './blog-text.ts';
import { formatStoryCost, stories, type Story } from './stories-data.ts';

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
  primary?: { label: string; to: string };
  secondary?: { label: string; to: string };
  /** Further reading, shown as a list of links (the blog index). */
  links?: { label: string; to: string }[];
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
    // The form opens with this service's category and subjects filled in.
    primary: { ...post, to: `/create-project?service=${title.toLowerCase().replace(/\s+/g, '-')}` },
    secondary: request,
  };
}

function storyPage(story: Story): InfoPageContent {
  const next = stories[(stories.indexOf(story) + 1) % stories.length]!;
  return {
    eyebrow: `Success story · ${story.category}`,
    title: story.title,
    intro: story.description,
    sections: [
      {
        heading: 'The engagement',
        bullets: [
          `Budget: ${formatStoryCost(story)}`,
          `Duration: ${story.time}`,
          'Paid by milestone, each released from escrow on approval',
        ],
      },
      { heading: 'What was delivered', bullets: story.outcome },
    ],
    primary: post,
    secondary: { label: 'Read another story', to: next.link },
  };
}

function blogPage(entry: BlogPost): InfoPageContent {
  return {
    eyebrow: `Blog · ${formatPostDate(entry)}`,
    title: entry.title,
    intro: entry.excerpt,
    sections: blogText[entry.slug],
    primary: { label: 'More articles', to: '/blog' },
    secondary: howItWorks,
  };
}

const storyPages = Object.fromEntries(stories.map((story) => [story.link, storyPage(story)]));
const blogPages = Object.fromEntries(blogPosts.map((entry) => [entry.link, blogPage(entry)]));

export const infoPages: Record<string, InfoPageContent> = {
  '/concierge': {
    eyebrow: 'Concierge Services',
    title: 'Let a project manager find the right experts for you',
    intro:
      'For larger or time-critical work, tell a Sciwise project manager the problem in a few lines. They ask what they need to know and send you a shortlist of vetted experts, all in your Messages.',
    sections: [
      {
        heading: 'What is included',
        bullets: [
          'Your request read by a person, not matched by keywords alone',
          'Questions and answers in your Messages, kept with your account',
          'A shortlist of vetted experts to invite to your project',
        ],
      },
      escrowSection,
    ],
    primary: { label: 'Talk to a project manager', to: '/concierge/request' },
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
  '/blog': {
    eyebrow: 'Blog',
    title: 'Notes on working with scientific experts',
    intro:
      'Practical advice for clients and experts: choosing consultants, scoping projects and paying fairly.',
    sections: [],
    primary: { label: 'How to choose a consultant', to: '/blog/choose-consultant' },
    secondary: { label: 'Trends in freelance science', to: '/blog/trends-freelance-science' },
    links: blogPosts.map((entry) => ({ label: entry.title, to: entry.link })),
  },
  ...storyPages,
  ...blogPages,
};
