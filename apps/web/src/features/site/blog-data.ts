/** Blog posts (spec §3 blog post: title, date, excerpt, image, link); their text is in blog-text.ts. */
export interface BlogPost {
  slug: 'choose-consultant' | 'trends-freelance-science' | 'institutions-on-demand';
  title: string;
  /** ISO date, shown as "12 January 2026". */
  date: string;
  excerpt: string;
  link: string;
}

export const blogPosts: BlogPost[] = [
  {
    slug: 'choose-consultant',
    title: 'How to choose a scientific consultant',
    date: '2026-01-12',
    excerpt:
      'Look past the CV: the right consultant understands your question, your constraints and your deadline.',
    link: '/blog/choose-consultant',
  },
  {
    slug: 'trends-freelance-science',
    title: 'Trends in freelance science',
    date: '2026-02-09',
    excerpt:
      'More researchers work independently than ever, and more companies hire them project by project.',
    link: '/blog/trends-freelance-science',
  },
  {
    slug: 'institutions-on-demand',
    title: 'Why institutions hire experts on demand',
    date: '2026-03-16',
    excerpt:
      'Universities and hospitals bring in outside specialists to fill skill gaps without permanent hires.',
    link: '/blog/institutions-on-demand',
  },
];

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "16 March 2026", written without Intl, whose first use would block the page loading (lib/format.ts). */
export function formatPostDate(post: BlogPost): string {
  const [year, month, day] = post.date.split('-').map(Number);
  return `${day} ${months[month! - 1]} ${year}`;
}
