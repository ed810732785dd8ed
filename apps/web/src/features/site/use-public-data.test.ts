import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePublicData } from './use-public-data.ts';

afterEach(cleanup);

describe('usePublicData', () => {
  it('starts pending even when cached, so a hydrating island matches its prerendered markup', async () => {
    const fetcher = vi.fn().mockResolvedValue(['Bioinformatics']);
    const first = renderHook(() => usePublicData('subjects-a', fetcher));
    await waitFor(() => expect(first.result.current.status).toBe('success'));

    const renders: string[] = [];
    const second = renderHook(() => {
      const data = usePublicData('subjects-a', fetcher);
      renders.push(data.status);
      return data;
    });
    expect(renders[0]).toBe('pending');
    await waitFor(() => expect(second.result.current.data).toEqual(['Bioinformatics']));
    // One read per page lifetime: the second island used the first one's answer.
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('shows only the answer of the key asked for: none is pending, and a new key waits for its own', async () => {
    let resolveB: (value: string[]) => void = () => undefined;
    const fetchers: Record<string, () => Promise<string[]>> = {
      'counts-a': () => Promise.resolve(['from a']),
      'counts-b': () => new Promise((resolve) => (resolveB = resolve)),
    };
    const hook = renderHook(
      ({ key }: { key: string | null }) => usePublicData(key, fetchers[key ?? 'counts-a']!),
      {
        initialProps: { key: 'counts-a' as string | null },
      },
    );
    await waitFor(() => expect(hook.result.current.data).toEqual(['from a']));

    hook.rerender({ key: null });
    expect(hook.result.current.status).toBe('pending');

    hook.rerender({ key: 'counts-b' });
    expect(hook.result.current).toMatchObject({ status: 'pending', data: undefined });
    await act(async () => resolveB(['from b']));
    await waitFor(() => expect(hook.result.current.data).toEqual(['from b']));
  });

  it('asks again on the next mount after a failure', async () => {
    const fetcher = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(42);
    const first = renderHook(() => usePublicData('stats-retry', fetcher));
    await waitFor(() => expect(first.result.current.status).toBe('error'));
    first.unmount();

    const second = renderHook(() => usePublicData('stats-retry', fetcher));
    await waitFor(() => expect(second.result.current.data).toBe(42));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
