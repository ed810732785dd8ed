import { Suspense, type ReactNode } from 'react';
import { taskQueue } from '../../lib/task-queue.ts';

/*
 * A separately hydrated part of a prerendered page, so that hydrating the page is several short
 * tasks rather than one long one (Total Blocking Time). React hydrates every Suspense boundary on
 * its own; Preact, which renders the production build (decision 072), hydrates a tree in one go.
 * So during the document's first hydration an island suspends, which keeps its server HTML, and
 * resumes in a task of its own.
 *
 * Islands resume in the order they first rendered, which is the document's, and right away, not
 * when the reader scrolls to them:
 * - Preact's useId counts in render order, so ids inside an island come out as the server's did
 *   only in that order;
 * - hydration keeps the server's attributes, so an island must hydrate before anything it shows
 *   changes. Data an island shows is fetched by hooks inside it, which render pending at first.
 *
 * An island mounted by a later render (another page, a search) has no server HTML to keep, so it
 * renders at once.
 */

interface Wait {
  ready: boolean;
  promise: Promise<void>;
}

/** The first hydration's islands, by name; undefined until the first island asks. */
let serverIslands: Map<string, Element> | undefined;
const waits = new Map<string, Wait>();

function hasServerHtml(name: string): boolean {
  if (typeof document === 'undefined') return false;
  if (!serverIslands) {
    serverIslands = new Map();
    if (document.getElementById('root')?.dataset.prerendered) {
      for (const element of document.querySelectorAll('[data-island]')) {
        serverIslands.set(element.getAttribute('data-island')!, element);
      }
    }
  }
  return serverIslands.get(name)?.isConnected ?? false;
}

/** Called as the first navigation starts: from then on no island has server HTML waiting for it. */
export function forgetPrerenderedIslands() {
  serverIslands = new Map();
}

/** One island per task, in the order they asked. */
const inATaskOfItsOwn = taskQueue();

/**
 * Runs `run` once every island queued so far has hydrated: the islands of the first hydration
 * queue their turns as they render, so a caller from an effect comes after all of them.
 */
export function afterQueuedIslands(run: () => void) {
  inATaskOfItsOwn(run);
}

function InItsTurn({ name, children }: { name: string; children: ReactNode }) {
  let wait = waits.get(name);
  if (!wait) {
    if (!hasServerHtml(name)) return children;
    const entry: Wait = { ready: false, promise: Promise.resolve() };
    entry.promise = new Promise<void>((resolve) => inATaskOfItsOwn(resolve)).then(() => {
      entry.ready = true;
      serverIslands?.delete(name);
    });
    waits.set(name, entry);
    wait = entry;
  }
  if (!wait.ready) throw wait.promise;
  // Settled within a few tasks of the first render, so an island that unmounted meanwhile (a quick
  // navigation) leaves an entry that the next island of its name takes and clears.
  waits.delete(name);
  return children;
}

/**
 * `name` finds the island's server HTML, so it must be unique on its page. (useId cannot: Preact
 * counts ids in render order, and a waiting island renders nothing the first time.)
 */
export function HydrationIsland({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      <Suspense fallback={null}>
        <InItsTurn name={name}>
          {/* One element: Preact keeps only the first server node of a subtree that suspends while
              it hydrates, and drops the rest. */}
          <div className="contents">{children}</div>
        </InItsTurn>
      </Suspense>
    </div>
  );
}
