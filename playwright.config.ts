import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumPath, playwrightChromiumArgs } from './scripts/chromium.js';

// E2E_PORT and WEB_DIST_DIR let two runs share a machine without sharing a server or a build.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://localhost:${PORT}`;

// A fresh embedded database per run. Workers load this file again: they reuse the parent's directory.
const dataDir = process.env.SCIWISE_E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sciwise-e2e-'));
process.env.SCIWISE_E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  // Per port, so runs side by side do not wipe each other's traces (a run empties its outputDir).
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // Two retries. CI runs have failed one or two of the 134 browser tests that passed alone, in
  // repeat and under load here. Two were real faults found later: a chat message sent while its
  // history loaded, and an id Preact repeated, which left the review answer form's textbox without
  // a name (src/lib/preact-use-id.ts). A subject page's heading that never came stays unexplained;
  // one slow CI run (every test 2-3x its usual time) failed it on its retry too. A test that fails
  // three times still fails the run; one that passes on a retry is listed as "flaky" at the end of
  // the output, to be chased down, not ignored.
  retries: 2,
  // Generous for two browsers, two servers' worth of work and the build on two shared cores: a
  // screen that never comes still fails, one that comes late under load does not. On this kind of
  // machine each step of a journey takes one to two seconds, so a sign-in and a handful of screens
  // came within seconds of 60 s in full runs. Long journeys set their own, longer limit. Speed is
  // measured by bench/, never here.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // No trace by default: recording one costs about two fifths of each test's time in Chromium 156
    // (measured: 4.2 s against 7.0 s for one sign-in test), and two workers share two cores.
    // To keep one for a failure, run with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: playwrightChromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The real server, from source so a spec never meets a stale server build (npm run test:start
    // checks the compiled one), on the built web app (npm run test:e2e builds it first).
    command: 'node --import tsx apps/server/src/main.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: dataDir,
      PORT: String(PORT),
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
