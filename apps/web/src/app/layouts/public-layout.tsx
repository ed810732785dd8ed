import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { DocumentTitle } from '../../features/site/document-title.tsx';
import { CategoryStrip, SiteFooter } from '../../features/site/site-footer.tsx';
import { SiteHeader } from '../../features/site/site-header.tsx';
import { SkipLink } from './skip-link.tsx';

/** Every page outside /profile: top header, navigation header, mobile drawer, category strip, footer. */
export function PublicLayout() {
  return (
    <PublicLayoutFrame>
      <Outlet />
    </PublicLayoutFrame>
  );
}

export function PublicLayoutFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <DocumentTitle />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <CategoryStrip />
      <SiteFooter />
    </div>
  );
}
