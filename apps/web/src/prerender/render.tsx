import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/router.tsx';

export { pageMeta, publicPages } from '../features/site/seo.ts';

/**
 * The build-time render of one public page (scripts/prerender.ts): the same route table and
 * providers as the browser, as a visitor who is not signed in sees it before any API answer.
 * main.tsx hydrates this markup, so the two must render the same tree.
 */
export async function renderPage(origin: string, path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, origin)));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
