// The configuration of every bench that runs the app in its own process.
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';

/**
 * The app as `npm start` configures it (NODE_ENV=development), quiet, with no web build and its
 * data in `dataDir`; `settings` adds the bench's own. Never NODE_ENV=test: the test suites' apps
 * also encode every answer with zod and compare it with the compiled one
 * (src/http/response-serializer.ts), work a running server does not do, and the more of it the
 * larger the answer, so a search of 20 cards paid more for it than the profile lookup it is
 * measured against.
 */
export function benchConfig(dataDir: string, settings: Record<string, string> = {}) {
  return loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...settings,
  });
}
