import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
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
