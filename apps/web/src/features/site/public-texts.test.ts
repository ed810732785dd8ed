import { describe, expect, it } from 'vitest';
import { blogPosts, formatPostDate } from './blog-data.ts';
import { formatStoryCost, stories } from './stories-data.ts';

// Written without Intl (docs/decisions/068-no-intl-while-a-page-loads.md); Intl is what they must match.
describe('dates and costs on the public pages', () => {
  it('dates a blog post as British English writes it', () => {
    const british = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (const date of ['2026-01-01', '2026-03-16', '2025-12-31', ...blogPosts.map((post) => post.date)]) {
      expect(formatPostDate({ ...blogPosts[0]!, date })).toBe(british.format(new Date(`${date}T00:00:00Z`)));
    }
  });

  it('states a story’s cost with its currency code first', () => {
    for (const story of stories) {
      expect(formatStoryCost(story)).toBe(
        `USD ${new Intl.NumberFormat('en-US').format(story.costMinor / 100)}`,
      );
    }
  });
});
