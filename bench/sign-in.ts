// npm run bench:sign-in: how long a returning person waits from clicking "Continue with Sciwise
// Dev ID" to their signed-in dashboard, through the development provider's real redirect,
// consent page and callback, in Debian's Chromium against the app as `npm start` serves it.
//   The person (Ada, of the provider's demo people) signs up once first, unmeasured. Then
//   BENCH_SIGN_IN_RUNS sign-ins (default 10), each with the cookies cleared. Last line: one JSON
//   object with the median, min and max in milliseconds.
import { chromium, type Page } from '@playwright/test';
import { chromiumPath, playwrightChromiumArgs } from '../scripts/chromium.js';
import { startServedApp } from './served-app.ts';

const RUNS = Number(process.env.BENCH_SIGN_IN_RUNS ?? 10);
const { origin, stop } = await startServedApp('sign-in');
const browser = await chromium.launch({ executablePath: chromiumPath, args: playwrightChromiumArgs });

/** From the home page's Login dialog to the provider's consent page, choosing Ada and allowing. */
async function signInWithDevId(page: Page, onClick: () => void) {
  await page.goto(origin);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const button = page.getByRole('dialog').getByRole('link', { name: 'Continue with Sciwise Dev ID' });
  await button.waitFor();
  onClick();
  await button.click();
  await page.getByRole('radio', { name: /Ada Lovelace/ }).check();
  await page.getByRole('button', { name: 'Allow and continue' }).click();
}

// Checked on every animation frame: a locator's wait polls at growing intervals (up to 500 ms
// apart), which would add its own delay to the figure.
const dashboard = (page: Page) =>
  page.waitForFunction(`document.body.innerText.includes("You're managing projects as an owner")`, null, {
    polling: 'raf',
    timeout: 60_000,
  });

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // The first sign-in creates the account: the provider gave no phone number, so the app asks.
  await signInWithDevId(page, () => {});
  await page.getByRole('textbox', { name: 'Phone number' }).fill('201 555 0199');
  await page.getByLabel('Yes, I understand and agree to the Privacy Policy').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await dashboard(page);

  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await context.clearCookies();
    let started = 0;
    await signInWithDevId(page, () => (started = performance.now()));
    await dashboard(page);
    times.push(performance.now() - started);
    console.error(`${run + 1} / ${RUNS}: ${times.at(-1)!.toFixed(0)} ms`);
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  const median = times.length % 2 === 1 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
  console.log(
    JSON.stringify({
      bench: 'sign-in',
      what: 'click "Continue with Sciwise Dev ID" to the signed-in dashboard',
      runs: RUNS,
      medianMs: Math.round(median),
      minMs: Math.round(times[0]!),
      maxMs: Math.round(times.at(-1)!),
    }),
  );
} finally {
  await browser.close();
  stop();
}
