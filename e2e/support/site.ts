import type { Page } from '@playwright/test';

/** Public pages arrive prerendered; their buttons work once React has hydrated them. */
export async function waitForInteractive(page: Page): Promise<void> {
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

export async function gotoInteractive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForInteractive(page);
}

/** Records every Element.scrollBy call, so a test can check the step a slider button asked for. */
export async function recordScrollBy(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: { left: number; behavior: string }[] = [];
    (window as unknown as { __scrollCalls: typeof calls }).__scrollCalls = calls;
    const original = Element.prototype.scrollBy;
    Element.prototype.scrollBy = function (this: Element, ...args: unknown[]) {
      const [first] = args;
      if (typeof first === 'object' && first !== null) {
        const options = first as ScrollToOptions;
        calls.push({ left: options.left ?? 0, behavior: options.behavior ?? 'auto' });
      }
      return (original as (...rest: unknown[]) => void).apply(this, args);
    } as typeof Element.prototype.scrollBy;
  });
}

export async function scrollCalls(page: Page): Promise<{ left: number; behavior: string }[]> {
  return page.evaluate(
    () => (window as unknown as { __scrollCalls: { left: number; behavior: string }[] }).__scrollCalls,
  );
}

/** Fake timers that stand still until the test moves them (page.clock.runFor). */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-03-02T09:00:01Z'));
}
