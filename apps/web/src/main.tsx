import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import './styles.css';

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/** Resolves once the router has loaded the lazy route modules of the current address. */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// Public pages arrive prerendered (scripts/prerender.ts) for this exact path without a query
// string; anything else (a search, a signed-in page) starts from the empty shell.
const prerendered = root.dataset.prerendered;
if (prerendered && prerendered === window.location.pathname && !window.location.search) {
  // Hydrating before the page's module is there would render the fallback over the markup.
  void routerReady().then(() => hydrateRoot(root, app));
} else {
  root.textContent = '';
  createRoot(root).render(app);
}
