import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { AppRoutes, preloadRoutes } from '../app/route-elements.tsx';
import { appRoutes, routes } from '../app/router.tsx';

import { routePatterns } from '../app/route-patterns.ts';

export { publicPages } from '../features/site/seo.ts';

/** The paths the app has a page for; the server answers 404 for any other (site.json). */
export const knownRoutes = routePatterns(routes);

/**
 * The build-time render of one public page (scripts/prerender.ts): the same route table and
 * providers as the browser, as a visitor who is not signed in sees it before any API answer.
 * main.tsx hydrates this markup, so the two must render the same tree.
 */
export async function renderPage(path: string): Promise<string> {
  await preloadRoutes(routes, path);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes routes={appRoutes} />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
}
