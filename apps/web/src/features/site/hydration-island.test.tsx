import { act, cleanup } from '@testing-library/react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

/** Which islands rendered in the browser, in order. */
const rendered: string[] = [];
function Probe({ label }: { label: string }) {
  // The prerender here runs without a document, as in Node.
  if (typeof document !== 'undefined' && !rendered.includes(label)) rendered.push(label);
  return <p>{label}</p>;
}

function Page({ Island }: { Island: Island }) {
  return (
    <main>
      <h1>Above the fold</h1>
      <Island name="first">
        <Counter />
        <Probe label="first" />
      </Island>
      <Island name="second">
        <Probe label="second" />
      </Island>
    </main>
  );
}

/** The island module as a new page load finds it: it reads the document's islands once. */
async function freshIsland(): Promise<Island> {
  vi.resetModules();
  return (await import('./hydration-island.tsx')).HydrationIsland;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  cleanup();
  vi.unstubAllGlobals();
  rendered.length = 0;
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
  it('keeps the server HTML, not yet live, through the first hydration, then hydrates in a task of its own', async () => {
    const button = await loadPrerenderedPage();
    expect(button.textContent).toBe('Clicked 0 times');
    button.click();
    expect(button.textContent).toBe('Clicked 0 times');

    await settle();
    button.click();
    await settle();
    expect(document.querySelector('button')?.textContent).toBe('Clicked 1 times');
    // Hydrated, not rendered afresh: the server's element is the one that counts.
    expect(document.querySelector('button')).toBe(button);
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
    expect(rendered).toEqual(['first', 'second']);
  });
});
