import type { Review } from '@sciwise/contracts';
import { getTableColumns } from 'drizzle-orm';
import { reviewReplies, reviews, users } from '../../db/schema/index.ts';

/** What a review query selects: the row, its author's name, and the expert's answer. */
export const reviewColumns = {
  review: getTableColumns(reviews),
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  replyBody: reviewReplies.body,
  replyCreatedAt: reviewReplies.createdAt,
};

export interface ReviewSelection {
  review: typeof reviews.$inferSelect;
  authorFirstName: string | null;
  authorLastName: string | null;
  replyBody: string | null;
  replyCreatedAt: Date | null;
}

/** "Carla M.": enough to trust a review, not enough to find the person. */
function publicName(first: string | null, last: string | null): string {
  if (!first) return 'A former client';
  const initial = last?.trim().charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** A review as anyone allowed to see it sees it; never call it on a hidden review of someone else. */
export function presentReview(row: ReviewSelection): Review {
  const r = row.review;
  return {
    id: r.id,
    authorSide: r.authorSide,
    authorName: r.seeded ? 'Demo client' : publicName(row.authorFirstName, row.authorLastName),
    rating: r.rating,
    categories:
      r.quality !== null && r.communication !== null && r.timeliness !== null
        ? { quality: r.quality, communication: r.communication, timeliness: r.timeliness }
        : null,
    text: r.body,
    createdAt: r.createdAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    seeded: r.seeded,
    reply:
      row.replyBody !== null && row.replyCreatedAt !== null
        ? { text: row.replyBody, createdAt: row.replyCreatedAt.toISOString() }
        : null,
  };
}
