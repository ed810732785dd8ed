import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRoutes, PreloadingBrowserRouter, preloadRoutes } from './app/route-elements.tsx';
import { appRoutes, routes } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppProviders>
      <PreloadingBrowserRouter routes={routes}>
        <AppRoutes routes={appRoutes} />
      </PreloadingBrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Public pages arrive prerendered (scripts/prerender.ts) for this exact path without a query
// string: their route modules load first, so hydration meets the markup instead of a fallback.
// Anything else (a search, a signed-in page) starts from the empty shell with the page spinner.
const prerendered = root.dataset.prerendered;
if (prerendered === window.location.pathname && !window.location.search) {
  void preloadRoutes(routes, window.location.pathname).then(() => hydrateRoot(root, app));
} else {
  root.textContent = '';
  createRoot(root).render(app);
}
