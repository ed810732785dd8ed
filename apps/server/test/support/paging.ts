import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

interface Walked<T> {
  pages: T[][];
  items: T[];
}

/**
 * Follows a keyset-paged list from its first page to the one whose nextCursor is null, the way a
 * client's "Show more" does, checking every page but the last is full.
 */
export async function walkPages<T>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  key: string,
  limit: number,
): Promise<Walked<T>> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  const separator = url.includes('?') ? '&' : '?';
  do {
    const response: LightMyRequestResponse = await app.inject({
      method: 'GET',
      url: `${url}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body: Record<string, unknown> & { nextCursor: string | null } = response.json();
    const page = body[key] as T[];
    if (body.nextCursor !== null) expect(page).toHaveLength(limit);
    else expect(page.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = body.nextCursor;
    expect(pages.length, 'a list that never ends').toBeLessThan(100);
  } while (cursor !== null);
  return { pages, items: pages.flat() };
}

/** The 400 a cursor the server did not make (or made for another list) gets. */
export const BAD_CURSOR_MESSAGE = 'That page link is not valid; start again from the first page.';
