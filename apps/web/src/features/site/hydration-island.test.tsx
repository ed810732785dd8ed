import { act, cleanup } from '@testing-library/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** An island's content that shows whether it is live: its button counts clicks once hydrated. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}

type Island = ComponentType<{ name: string; children: ReactNode }>;

function Page({ Island }: { Island: Island }) {
  return (
    <main>
      <h1>Above the fold</h1>
      <Island name="below-the-fold">
        <Counter />
      </Island>
    </main>
  );
}

/** The island module as a new page load finds it: it reads the document's islands once. */
async function freshIsland(): Promise<Island> {
  vi.resetModules();
  return (await import('./hydration-island.tsx')).HydrationIsland;
}

/** The browser's IntersectionObserver, played by the test: `nearViewport` scrolls the reader near. */
const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
function nearViewport() {
  for (const observer of observers) {
    const entries = observer.targets.map((target) => ({ target, isIntersecting: true }));
    observer.callback(entries as unknown as IntersectionObserverEntry[], {} as IntersectionObserver);
  }
}

let root: Root | undefined;
beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  cleanup();
  vi.unstubAllGlobals();
});

/** The page as the prerender writes it (in Node, without a document), hydrated as main.tsx does. */
async function loadPrerenderedPage() {
  const Island = await freshIsland();
  const browserDocument = document;
  vi.stubGlobal('document', undefined);
  const html = renderToString(<Page Island={Island} />);
  vi.stubGlobal('document', browserDocument);
  const container = document.createElement('div');
  container.id = 'root';
  container.dataset.prerendered = '/';
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, <Page Island={Island} />);
  });
  return container.querySelector('button')!;
}

/** Lets the island's own task (a message channel) and the render it starts run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('HydrationIsland on a prerendered page', () => {
  it('keeps the server HTML, not live, until the reader nears it, then hydrates it', async () => {
    const button = await loadPrerenderedPage();
    expect(button.textContent).toBe('Clicked 0 times');
    expect(observers.flatMap((observer) => observer.targets)).toContain(button);

    button.click();
    await settle();
    expect(button.textContent).toBe('Clicked 0 times');

    await act(async () => nearViewport());
    await settle();
    button.click();
    await settle();
    expect(document.querySelector('button')?.textContent).toBe('Clicked 1 times');
  });

  it('hydrates at once when the reader reaches into it, so the click that follows lands', async () => {
    const button = await loadPrerenderedPage();
    await act(async () => {
      button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await settle();
    button.click();
    await settle();
    expect(document.querySelector('button')?.textContent).toBe('Clicked 1 times');
  });

  it('renders at once where the page was not prerendered', async () => {
    const container = document.createElement('div');
    container.id = 'root';
    document.body.append(container);
    const Island = await freshIsland();
    await act(async () => {
      root = createRoot(container);
      root.render(<Page Island={Island} />);
    });
    container.querySelector('button')!.click();
    await settle();
    expect(container.querySelector('button')?.textContent).toBe('Clicked 1 times');
    expect(observers).toHaveLength(0);
  });
});
