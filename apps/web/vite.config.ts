import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// By path: the config is bundled on its own, before the workspace's TypeScript exports resolve.
import { DEFAULT_PORT } from '../../packages/contracts/src/constants.ts';

// The dev server passes API and socket traffic to the Sciwise server on its PORT.
const serverPort = process.env.PORT ?? DEFAULT_PORT;

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});
