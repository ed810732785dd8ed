import { Suspense, type ReactNode } from 'react';

/**
 * A separately hydrated part of a prerendered page. React hydrates every Suspense boundary on its
 * own, so the page's hydration is several short tasks instead of one long one (Total Blocking
 * Time). Nothing inside suspends in the browser, so the fallback never shows.
 */
export function HydrationIsland({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
