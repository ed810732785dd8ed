export interface NavLink {
  label: string;
  to: string;
  description?: string;
}

export interface NavMenu {
  id: string;
  label: string;
  links: NavLink[];
}

export type NavEntry = ({ kind: 'link' } & NavLink) | ({ kind: 'menu' } & NavMenu);

export const primaryNav: NavEntry[] = [
  { kind: 'link', label: 'How it Works', to: '/how-it-works' },
  {
    kind: 'menu',
    id: 'find-expert',
    label: 'Find an Expert',
    links: [
      {
        label: 'Browse the expert network',
        to: '/find-an-expert',
        description: 'Vetted scientists and specialists',
      },
      {
        label: 'Get matched to an expert',
        to: '/concierge/request',
        description: 'Tell us the problem, we shortlist',
      },
      { label: 'Data analysis experts', to: '/find-an-expert/subject/data-analysis' },
      { label: 'Product development experts', to: '/find-an-expert/subject/product-development' },
    ],
  },
  { kind: 'link', label: 'Projects', to: '/projects' },
  {
    kind: 'menu',
    id: 'solutions',
    label: 'Solutions',
    links: [
      { label: 'Consulting', to: '/solutions/consulting', description: 'Expert advice on demand' },
      { label: 'Strategy', to: '/solutions/strategy', description: 'R&D and market strategy' },
      { label: 'Technology', to: '/solutions/technology', description: 'Build and validate technology' },
    ],
  },
  {
    kind: 'menu',
    id: 'services',
    label: 'Services',
    links: [
      { label: 'Consulting', to: '/services/consulting' },
      { label: 'Support', to: '/services/support' },
      { label: 'Tools', to: '/services/tools' },
      { label: 'Scientific writing', to: '/services/scientific-writing' },
      { label: 'Scientific consulting', to: '/services/scientific-consulting' },
      { label: 'Secondary research', to: '/services/secondary-research' },
    ],
  },
  { kind: 'link', label: 'Concierge Services', to: '/concierge' },
];

/** The expert-category strip: quick links into services and subjects. */
export const categoryStrip: NavLink[] = [
  { label: 'Scientific writing', to: '/services/scientific-writing' },
  { label: 'Scientific consulting', to: '/services/scientific-consulting' },
  { label: 'Data analysis', to: '/find-an-expert/subject/data-analysis' },
  { label: 'Product development', to: '/find-an-expert/subject/product-development' },
  { label: 'Secondary research', to: '/services/secondary-research' },
  { label: 'Consulting', to: '/services/consulting' },
  { label: 'Research tools', to: '/services/tools' },
  { label: 'Project support', to: '/services/support' },
];

export const footerColumns: { title: string; links: NavLink[] }[] = [
  {
    title: 'For clients',
    links: [
      { label: 'How it Works', to: '/how-it-works' },
      { label: 'Find an Expert', to: '/find-an-expert' },
      { label: 'Post a project', to: '/create-project' },
      { label: 'Request a service', to: '/request-service' },
      { label: 'Concierge Services', to: '/concierge' },
    ],
  },
  {
    title: 'For experts',
    links: [
      { label: 'Join as expert', to: '/join-expert' },
      { label: 'Browse projects', to: '/projects' },
      { label: 'Success stories', to: '/story-1' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    title: 'Help and legal',
    links: [
      { label: 'Frequently Asked Questions', to: '/faq' },
      { label: 'User Agreement', to: '/user-agreement' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Cookie Policy', to: '/cookie-policy' },
    ],
  },
];

/** The profile area's footer links (spec §2), now pointing at real pages. */
export const profileFooterLinks: NavLink[] = [
  { label: 'Frequently Asked Questions', to: '/faq' },
  { label: 'User Agreement', to: '/user-agreement' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Blog', to: '/blog' },
];
