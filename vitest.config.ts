import { defineConfig } from 'vitest/config';

/**
 * API suites run on a fresh in-memory PGlite per file; when TEST_DATABASE_URL is set the same
 * suites run a second time against PostgreSQL (a fresh database per file), with Redis behind
 * the rate limits and real-time fan-out when REDIS_URL is set too.
 */
const serverSuite = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['apps/server/test/support/template-database.ts'],
};

// Files that replace a server module with a mock need a module registry of their own.
const mockingFiles = [
  'apps/server/test/accounts/sign-up.test.ts',
  'apps/server/test/accounts/reset-before-hash.test.ts',
  'apps/server/test/accounts/hash-slots.test.ts',
];

/**
 * The server suites share each worker's module registry: importing the server once per worker
 * instead of once per file halves their time. Every file builds its own app and database, so no
 * state crosses files; those that mock a module run isolated (docs/decisions/061-shared-test-modules.md).
 */
const serverProjects = (name: string, driver: 'pglite' | 'postgres') => [
  {
    test: {
      name,
      ...serverSuite,
      include: ['apps/server/test/**/*.test.ts'],
      exclude: mockingFiles,
      isolate: false,
      env: { TEST_DB_DRIVER: driver },
    },
  },
  {
    test: {
      name: `${name}-isolated`,
      ...serverSuite,
      include: mockingFiles,
      env: { TEST_DB_DRIVER: driver },
    },
  },
];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'] } },
      ...serverProjects('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? serverProjects('server-postgres', 'postgres') : []),
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      { test: { name: 'web-build', include: ['apps/web/build-plugins/**/*.test.ts'] } },
    ],
  },
});
