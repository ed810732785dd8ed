import { defineConfig } from 'vitest/config';

/**
 * API suites run on a fresh in-memory PGlite per file; when TEST_DATABASE_URL is set the same
 * suites run a second time against PostgreSQL (a fresh database per file), with Redis behind
 * the rate limits and real-time fan-out when REDIS_URL is set too.
 */
const serverSuite = {
  include: ['apps/server/test/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['apps/server/test/support/template-database.ts'],
};

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'] } },
      { test: { name: 'server-pglite', ...serverSuite, env: { TEST_DB_DRIVER: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-postgres', ...serverSuite, env: { TEST_DB_DRIVER: 'postgres' } } }]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      { test: { name: 'web-build', include: ['apps/web/build-plugins/**/*.test.ts'] } },
    ],
  },
});
