import { infoPages } from './info-content.ts';
import { legalDocuments } from './legal-page.tsx';

export interface PageMeta {
  path: string;
  title: string;
  description: string;
  /** false: listed in the sitemap but not prerendered (pages another feature builds). */
  prerender?: false;
}

const SITE = 'Sciwise';
const home: PageMeta = {
  path: '/',
  title: `${SITE} — Work with our network of scientists & industry experts`,
  description:
    'Hire vetted freelance scientists and industry experts. Post a project in under 5 minutes, get matched within 24 hours and pay by milestone with escrow.',
};

/** Pages whose text is their own, not the router's info table (the directory belongs to the experts feature). */
const dedicated: PageMeta[] = [
  home,
  {
    path: '/how-it-works',
    title: `How it Works — ${SITE}`,
    description:
      'Post a project, get matched with vetted experts within 24 hours, work together in one workspace and pay each milestone from escrow only when you approve it.',
  },
  {
    path: '/find-an-expert',
    title: `Find an Expert — ${SITE}`,
    description:
      'Search vetted scientists, analysts, writers, consultants and product developers by subject, rate, country and availability.',
  },
  {
    path: '/find-an-expert/subject/data-analysis',
    title: `Data analysis experts — ${SITE}`,
    description: 'Statisticians, data scientists and bioinformaticians who turn raw data into decisions.',
  },
  {
    path: '/find-an-expert/subject/product-development',
    title: `Product development experts — ${SITE}`,
    description: 'Food scientists, formulators and engineers who take products from concept to launch.',
  },
  {
    path: '/faq',
    title: `Frequently Asked Questions — ${SITE}`,
    description:
      'Answers about hiring experts, paying by milestone in escrow and joining the Sciwise network.',
  },
];

/** Linked public pages that other features build (projects): in the sitemap, not prerendered here. */
const elsewhere: PageMeta[] = [
  {
    path: '/projects',
    title: `Projects — ${SITE}`,
    description: 'Research projects looking for experts.',
    prerender: false,
  },
  {
    path: '/create-project',
    title: `Post a project — ${SITE}`,
    description: 'Post a project in under 5 minutes.',
    prerender: false,
  },
  {
    path: '/request-service',
    title: `Request a service — ${SITE}`,
    description: 'Request a service from our expert network.',
    prerender: false,
  },
];
const dedicatedPaths = new Set(dedicated.map((page) => page.path));

/** Every public marketing page: prerendered, listed in the sitemap, titled on navigation. */
export const publicPages: PageMeta[] = [
  ...dedicated,
  ...elsewhere,
  ...Object.entries(infoPages)
    .filter(([path]) => !dedicatedPaths.has(path))
    .map(([path, page]) => ({ path, title: `${page.title} — ${SITE}`, description: page.intro })),
  ...Object.entries(legalDocuments).map(([path, document]) => ({
    path,
    title: `${document.title} — ${SITE}`,
    description: `The ${SITE} ${document.title}: ${document.sections.map((section) => section.heading.toLowerCase()).join(', ')}.`,
  })),
];

/** The title of a prerendered marketing page, or null for every other path. */
export function marketingTitle(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const page = publicPages.find((entry) => entry.path === path && entry.prerender !== false);
  return page?.title ?? null;
}
