import type { InfiniteData } from '@tanstack/react-query';

/**
 * The rows of every loaded page, each once. Keyset pages never repeat a row, but a live update
 * can put one on top while an older page that still holds it is loading: the first copy (the
 * newer one) wins.
 */
export function pageItems<Page, Item extends { id: string }>(
  data: InfiniteData<Page, unknown> | undefined,
  pick: (page: Page) => Item[],
): Item[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const page of data.pages)
    for (const item of pick(page)) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
}

/** The cursor request of a list page: the contract's limit, and the cursor after the first page. */
export function pageSearch(cursor: string | null, limit?: number): string {
  const search = new URLSearchParams();
  if (limit) search.set('limit', String(limit));
  if (cursor) search.set('cursor', cursor);
  const text = search.toString();
  return text ? `?${text}` : '';
}
