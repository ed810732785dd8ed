import type { ExpertSearchResponse, SearchTotal } from '@sciwise/contracts/public';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, checkedByServer, isApiError } from '../../lib/api-client.ts';

/*
 * The expert directory's reads (GET /api/experts, GET /api/experts/count), through the one client
 * as the contract's types (the server checked them), and kept without TanStack Query: the
 * directory is a prerendered public page within the first-load budget of the landing page
 * (docs/decisions/005-public-site.md). Signed-in pages keep queries.ts.
 */

/** The search parameters the page keeps in its URL, passed through to GET /api/experts. */
export const searchKeys = [
  'q',
  'category',
  'subject',
  'country',
  'minRate',
  'maxRate',
  'minRating',
  'availability',
  'sort',
] as const;
export type SearchKey = (typeof searchKeys)[number];
export type SearchParamsRecord = Partial<Record<SearchKey, string>>;

const PAGE_SIZE = 12;

function searchPath(params: SearchParamsRecord): string {
  const search = new URLSearchParams();
  for (const key of searchKeys) {
    const value = params[key];
    if (value) search.set(key, value);
  }
  search.set('limit', String(PAGE_SIZE));
  return `/api/experts?${search.toString()}`;
}

/** A refused query (400) stays refused; a network failure or a 5xx is tried twice more. */
async function fetchPage(path: string, cursor: string | null, signal: AbortSignal) {
  const url = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
  for (let attempt = 1; ; attempt++) {
    try {
      return await apiRequest(url, { schema: checkedByServer<ExpertSearchResponse>(), signal });
    } catch (error) {
      const retryable = isApiError(error) && (error.status === 0 || error.status >= 500);
      if (!retryable || attempt === 3 || signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

export interface ExpertSearch {
  /** Every page loaded so far; while a new query loads, the previous query's pages stay. */
  pages: ExpertSearchResponse[];
  status: 'pending' | 'success' | 'error';
  error: unknown;
  fetching: boolean;
  fetchingNextPage: boolean;
  nextPageError: unknown;
}

/** What the hook holds: the last answer and which request (path and attempt) it answered. */
type Answer = Omit<ExpertSearch, 'fetching'> & { request: string | null };

const initial: Answer = {
  request: null,
  pages: [],
  status: 'pending',
  error: null,
  fetchingNextPage: false,
  nextPageError: null,
};

// Results seen in this tab, so going back from a profile shows them at once.
const recent = new Map<string, { pages: ExpertSearchResponse[]; at: number }>();
const FRESH_MS = 30_000;

/**
 * The directory's search, page by page. Pending while prerendering and hydrating (the markup
 * must match); answers are applied as transitions, so under React they never force unhydrated
 * parts to finish (Preact, the production build, has no transitions: decision 072).
 */
export function useExpertSearch(params: SearchParamsRecord) {
  const path = searchPath(params);
  const [answer, setAnswer] = useState<Answer>(initial);
  const [attempt, setAttempt] = useState(0);
  const request = `${path}#${attempt}`;
  // The path on screen, for an older page's answer to know it came too late.
  const current = useRef(path);
  useEffect(() => {
    current.current = path;
  }, [path]);

  useEffect(() => {
    const cached = recent.get(path);
    if (cached && Date.now() - cached.at < FRESH_MS && attempt === 0) {
      startTransition(() => setAnswer({ ...initial, request, pages: cached.pages, status: 'success' }));
      return;
    }
    const controller = new AbortController();
    fetchPage(path, null, controller.signal).then(
      (page) => {
        recent.set(path, { pages: [page], at: Date.now() });
        startTransition(() => setAnswer({ ...initial, request, pages: [page], status: 'success' }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        startTransition(() => setAnswer({ ...initial, request, status: 'error', error }));
      },
    );
    return () => controller.abort();
  }, [path, attempt, request]);

  // Until this request is answered, the last answer stays on screen, marked as fetching.
  const fetching = answer.request !== request;
  const state: ExpertSearch = {
    pages: answer.pages,
    status: answer.status,
    error: answer.error,
    fetching,
    fetchingNextPage: answer.fetchingNextPage,
    nextPageError: fetching ? null : answer.nextPageError,
  };
  const last = state.pages.at(-1);
  const nextCursor = last?.nextCursor ?? null;

  const fetchNextPage = useCallback(() => {
    if (!nextCursor) return;
    const requested = path;
    setAnswer((previous) => ({ ...previous, fetchingNextPage: true, nextPageError: null }));
    fetchPage(path, nextCursor, new AbortController().signal).then(
      (page) => {
        if (current.current !== requested) return;
        setAnswer((previous) => {
          const pages = [...previous.pages, page];
          recent.set(requested, { pages, at: Date.now() });
          return { ...previous, pages, fetchingNextPage: false };
        });
      },
      (error: unknown) => {
        if (current.current !== requested) return;
        setAnswer((previous) => ({ ...previous, fetchingNextPage: false, nextPageError: error }));
      },
    );
  }, [path, nextCursor]);

  const refetch = useCallback(() => setAttempt((count) => count + 1), []);

  return { ...state, hasNextPage: nextCursor !== null, fetchNextPage, refetch };
}

/**
 * How many experts the search finds: the first page's own count when it is the whole result,
 * otherwise GET /api/experts/count, asked once the page is there (the list never waits on it).
 * Null while unknown; a failed count just stays unshown.
 */
export function useResultCount(params: SearchParamsRecord, search: ExpertSearch): SearchTotal | null {
  const first = search.status === 'success' ? search.pages[0] : undefined;
  const path = searchPath(params).replace('/api/experts?', '/api/experts/count?');
  const [counted, setCounted] = useState<{ path: string; total: SearchTotal } | null>(null);
  const needed = first !== undefined && first.total === null;
  useEffect(() => {
    if (!needed) return;
    const cached = counts.get(path);
    if (cached && Date.now() - cached.at < FRESH_MS) {
      startTransition(() => setCounted({ path, total: cached.total }));
      return;
    }
    const controller = new AbortController();
    apiRequest(path, { schema: checkedByServer<SearchTotal>(), signal: controller.signal }).then(
      (total) => {
        counts.set(path, { total, at: Date.now() });
        startTransition(() => setCounted({ path, total }));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [path, needed]);
  if (!first) return null;
  return first.total ?? (counted?.path === path ? counted.total : null);
}

// Counts seen in this tab, like `recent` for the pages.
const counts = new Map<string, { total: SearchTotal; at: number }>();
