import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import { pureReactRouter } from './build-plugins/pure-react-router.ts';
// By path: the config is bundled on its own, before the workspace's TypeScript exports resolve.
import { DEFAULT_PORT } from '../../packages/contracts/src/constants.ts';

// The dev server passes API and socket traffic to the Sciwise server on its PORT.
const serverPort = process.env.PORT ?? DEFAULT_PORT;

// React Router's package exports point at its development build in every mode; that build keeps
// its development warnings (remix-run/react-router#12532). A production build takes the
// production files the package ships beside them (docs/decisions/059-public-chunk-groups.md).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

// A production build renders with Preact's React compatibility layer (preact/compat): React DOM was
// two thirds of every page's first script. The dev server and the unit tests keep React.
// react-dom/client is Preact's with React's timing for effects (src/lib/preact-client.ts), and
// react is preact/compat with a useId that never repeats a mounted component's (src/lib/preact-react.js).
const preactAliases = [
  { find: /^react$/, replacement: path.join(import.meta.dirname, 'src/lib/preact-react.js') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: path.join(import.meta.dirname, 'src/lib/preact-client.ts') },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), pureReactRouter()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
            ...(process.env.WEB_REACT === '1' ? [] : preactAliases),
          ]
        : [],
  },
  // The prerender's bundle (scripts/prerender.ts) takes in the libraries that import React, so they
  // render with the same Preact as the pages instead of loading React from node_modules.
  ssr: {
    noExternal:
      command === 'build' ? ['@tanstack/react-query', 'react-hook-form', '@hookform/resolvers'] : [],
  },
  server: {
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/socket.io': { target: `ws://localhost:${serverPort}`, ws: true },
    },
  },
  // WEB_DIST_DIR builds elsewhere (the server reads the same variable), e.g. for a second e2e run.
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    // Every browser we support preloads modules natively; the polyfill would cost every first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onwarn(warning, warn) {
        // React Router calls React's useOptimistic only where React has it; preact/compat has none.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every public page fetches with: left to automatic splitting it became eight
              // files of a few hundred bytes each, and each compresses worse alone
              // (docs/decisions/059-public-chunk-groups.md).
              name: 'public-core',
              test: /src[\\/](lib[\\/](api-client|api-error|subjects-api|digits)|features[\\/]site[\\/]use-public-data|components[\\/]star-rating)\.tsx?$|contracts[\\/]src[\\/]constants\.ts$/,
            },
            {
              // The small pieces of every form and list screen, with the money and date formats they
              // show, and the expert directory's own pieces (its filters, formats and badges), which
              // every screen showing experts uses with them.
              name: 'directory-ui',
              includeDependenciesRecursively: false,
              test: /src[\\/](components[\\/](ui[\\/](field|alert|retry-alert|empty-state)|page-hero)\.tsx|lib[\\/]format\.ts|features[\\/]experts[\\/](format|country-options|category-options|subject-listbox|verified-orcid-badge)\.tsx?)$/,
            },
          ],
        },
      },
    },
  },
}));
