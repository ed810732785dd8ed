import type { ExpertSearchResponse } from '@sciwise/contracts/public';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExpertSearch, type SearchParamsRecord } from './search-api.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pageOf = (name: string, nextCursor: string | null = null): ExpertSearchResponse => ({
  experts: [
    {
      slug: name.toLowerCase(),
      name,
      avatarUrl: `/api/experts/${name.toLowerCase()}/avatar.svg`,
      headline: 'Protein chemist',
      category: 'researchers',
      subjects: ['Proteomics'],
      rate: { amountMinor: 9_000, currency: 'USD' },
      rateUsdMinor: 9_000,
      country: 'US',
      availability: 'available',
      rating: 5,
      ratingAverage: 4.8,
      reviewCount: 3,
      verifiedOrcid: null,
    },
  ],
  nextCursor,
  matchedSubjects: [],
  total: null,
});

/** Answers each GET /api/experts by its `q` (and cursor) when the test says so. */
function serveSearches() {
  const waiting = new Map<string, (response: Response) => void>();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${url.searchParams.get('q') ?? ''}${url.searchParams.has('cursor') ? '+next' : ''}`;
    return new Promise((resolve) => waiting.set(key, resolve));
  });
  return {
    answer: async (key: string, status: number, body: unknown) => {
      await waitFor(() => expect(waiting.has(key)).toBe(true));
      const respond = waiting.get(key)!;
      waiting.delete(key);
      await act(async () => respond(new Response(JSON.stringify(body), { status })));
    },
  };
}

describe('useExpertSearch', () => {
  it('keeps the last results on screen, marked as fetching, until the new search answers', async () => {
    const server = serveSearches();
    const hook = renderHook(({ params }: { params: SearchParamsRecord }) => useExpertSearch(params), {
      initialProps: { params: { q: 'proteomics-keep' } },
    });
    expect(hook.result.current).toMatchObject({ status: 'pending', fetching: true });
    await server.answer('proteomics-keep', 200, pageOf('Rosalind'));
    expect(hook.result.current).toMatchObject({ status: 'success', fetching: false });

    hook.rerender({ params: { q: 'crystallography-keep' } });
    expect(hook.result.current.fetching).toBe(true);
    expect(hook.result.current.pages[0]!.experts[0]!.name).toBe('Rosalind');

    await server.answer('crystallography-keep', 200, pageOf('Dorothy'));
    expect(hook.result.current.fetching).toBe(false);
    expect(hook.result.current.pages.map((page) => page.experts[0]!.name)).toEqual(['Dorothy']);
  });

  it("a next page's failure is shown until another search starts", async () => {
    const server = serveSearches();
    const hook = renderHook(({ params }: { params: SearchParamsRecord }) => useExpertSearch(params), {
      initialProps: { params: { q: 'genomics-next' } },
    });
    await server.answer('genomics-next', 200, pageOf('Barbara', 'cursor-1'));
    expect(hook.result.current.hasNextPage).toBe(true);

    act(() => hook.result.current.fetchNextPage());
    expect(hook.result.current.fetchingNextPage).toBe(true);
    await server.answer('genomics-next+next', 400, {
      message: 'That cursor is not valid.',
      code: 'validation_error',
    });
    expect(hook.result.current).toMatchObject({ fetchingNextPage: false, fetching: false });
    expect(hook.result.current.nextPageError).toBeInstanceOf(Error);

    hook.rerender({ params: { q: 'virology-next' } });
    expect(hook.result.current).toMatchObject({ fetching: true, nextPageError: null });
  });

  it('after a refused search, trying again asks the server again', async () => {
    const server = serveSearches();
    const hook = renderHook(() => useExpertSearch({ q: 'refused-once' }));
    await server.answer('refused-once', 400, {
      message: 'The search is not valid.',
      code: 'validation_error',
    });
    expect(hook.result.current).toMatchObject({ status: 'error', fetching: false });

    act(() => hook.result.current.refetch());
    expect(hook.result.current.fetching).toBe(true);
    await server.answer('refused-once', 200, pageOf('Lise'));
    expect(hook.result.current).toMatchObject({ status: 'success', fetching: false });
  });
});
