import { startTransition, useEffect, useEffectEvent, useState } from 'react';

/*
 * A small cache for the marketing pages' three public reads (featured experts, counts, subject
 * names). The rest of the app uses TanStack Query; these pages do without it to stay within the
 * first-load budget (docs/decisions/053-tanstack-query-per-route.md). Answers live for the page's lifetime;
 * a failed read is tried again on the next mount.
 */

export type PublicData<T> =
  | { status: 'pending'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

interface Entry {
  state: PublicData<unknown>;
  promise?: Promise<void>;
  listeners: Set<() => void>;
}

const pending: PublicData<never> = { status: 'pending', data: undefined, error: undefined };
const entries = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { state: pending, listeners: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

function load(key: string, fetcher: () => Promise<unknown>): void {
  const entry = entryFor(key);
  if (entry.promise || entry.state.status === 'success') return;
  const settle = (state: PublicData<unknown>) => {
    entry.state = state;
    entry.promise = undefined;
    entry.listeners.forEach((listener) => listener());
  };
  entry.promise = fetcher().then(
    (data) => settle({ status: 'success', data, error: undefined }),
    (error: unknown) => settle({ status: 'error', data: undefined, error }),
  );
}

/**
 * Reads `key` with `fetcher` once per page lifetime; pending while prerendering and hydrating.
 * The answer is applied as a transition, not a synchronous store update: it may arrive while
 * parts of a prerendered page are still hydrating, and must not force them to finish at once.
 */
export function usePublicData<T>(key: string | null, fetcher: () => Promise<T>): PublicData<T> {
  // Always pending on the first render, even when the answer is cached: a prerendered island
  // that hydrates after another island fetched the same key must match its server HTML (which
  // had no data), or React reports a hydration mismatch. The effect applies the cache at once.
  const [shown, setShown] = useState<{ key: string; state: PublicData<unknown> } | null>(null);
  // The fetcher belongs to the key: a new function for the same key is the same read.
  const fetchLatest = useEffectEvent(() => fetcher());
  useEffect(() => {
    if (key === null) return;
    const entry = entryFor(key);
    const update = () => startTransition(() => setShown({ key, state: entry.state }));
    entry.listeners.add(update);
    if (entry.state.status === 'error') entry.state = pending;
    update();
    load(key, fetchLatest);
    return () => {
      entry.listeners.delete(update);
    };
  }, [key]);
  // What is shown belongs to one key: another key (or none) is pending until its own answer.
  return (shown !== null && shown.key === key ? shown.state : pending) as PublicData<T>;
}
