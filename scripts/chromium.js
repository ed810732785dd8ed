// The Chromium the browser tests drive (playwright.config.ts reads it from here), and
// `node scripts/chromium.js`, the first step of `npm test`: makes sure it is there. As root with
// apt (a fresh Debian machine, CI) it installs Debian's chromium package, as .ci/run does;
// otherwise it stops the test run in its first second with one line saying what to install.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How the tests and benches start it: headless, offline, nothing of its own in the background. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * In Chromium 156 every new browser context opens a window whose two omnibox popups are web pages
 * of their own (chrome://omnibox-popup.top-chrome/), built at once even though nothing shows them:
 * nearly half of the CPU time a context costs (measured: 8.0 against 4.4 CPU-seconds for five
 * contexts), and the browser tests open hundreds.
 */
export const omniboxPopupFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Chromium reads only the last --disable-features it is given, so ours repeats the features
 * Playwright 1.65 disables by default on Linux (its chromiumSwitches). package.json pins
 * Playwright's version so that this list cannot change under it.
 */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** What Playwright's launches use: chromiumArgs, with the omnibox popups off. */
export const playwrightChromiumArgs = [
  ...chromiumArgs,
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopupFeatures].join(',')}`,
];

function runnable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasApt() {
  return spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

function ensureChromium() {
  if (runnable(chromiumPath)) return 0;
  if (!process.env.CHROMIUM_PATH && process.getuid?.() === 0 && hasApt()) {
    console.error(
      `Chromium is not at ${chromiumPath}: installing Debian's chromium package for the browser tests`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'],
    ]) {
      if (spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status !== 0) break;
    }
    if (runnable(chromiumPath)) return 0;
  }
  console.error(
    `The browser tests need Chromium at ${chromiumPath}: install Debian's package (sudo apt-get install -y chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary`,
  );
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(ensureChromium());
