import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Keeps the tab title in step with client-side navigation between the marketing pages. The first
 * page's title came with its HTML; the page table loads only once someone moves on.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let current = true;
    void import('./seo.ts').then(({ marketingTitle }) => {
      const title = marketingTitle(pathname);
      // Pages outside the marketing table (the directory, profiles) set their own titles.
      if (current && title) document.title = title;
    });
    return () => {
      current = false;
    };
  }, [pathname]);
  return null;
}
