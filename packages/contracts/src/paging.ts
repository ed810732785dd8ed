import { z } from 'zod';
import { pageCursorSchema } from './text.ts';

/**
 * Page sizes of the keyset-paged member lists (conversations, My Projects, invitations): the
 * server validates `limit` against them and the web asks for DEFAULT pages with them, so both
 * sides read one number. Every such list answers `{ <items>, nextCursor }`; nextCursor is null
 * on the last page, and a cursor the server did not make is a 400.
 */
export const LIST_PAGE_DEFAULT = 20;
export const LIST_PAGE_MAX = 50;

export const LIST_PAGE_BAD_CURSOR = 'That page link is not valid; start again from the first page.';

/** `cursor` (opaque, from the previous page's nextCursor) and `limit` (1 to LIST_PAGE_MAX). */
export const listPageShape = {
  cursor: pageCursorSchema(200, LIST_PAGE_BAD_CURSOR).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(LIST_PAGE_MAX, `limit must be at most ${LIST_PAGE_MAX}.`)
    .default(LIST_PAGE_DEFAULT),
};
export const listPageQuerySchema = z.strictObject(listPageShape);
export type ListPageQuery = z.input<typeof listPageQuerySchema>;

/** Where the next page starts; null when this page is the last. */
export const nextCursorSchema = z.string().nullable();
