import { Suspense, type ReactNode } from 'react';

/*
 * A part of a prerendered page that stays the server's HTML until the reader nears it or reaches
 * into it, then hydrates on its own. Its links work before that (they are plain links), and a
 * section the reader never scrolls to costs the phone nothing. Both React and Preact keep a
 * subtree's server DOM while it suspends during hydration, and hydrate it when it resumes.
 *
 * Only the islands of the document's first hydration wait: an island mounted by a later render
 * (another page, a search) has no server HTML to keep, so it renders at once.
 */

/** How far outside the viewport an island starts hydrating: half a screen, so scrolling meets it ready. */
const NEAR_VIEWPORT = '50% 0px';
/** Reaching into an island by pointer or keyboard hydrates it before the click or key lands. */
const REACHING_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

interface Wait {
  ready: boolean;
  promise: Promise<void>;
}

/** The first hydration's islands, by name; undefined until the first island asks. */
let serverIslands: Map<string, Element> | undefined;
const waits = new Map<string, Wait>();

function prerenderedIsland(name: string): Element | undefined {
  if (typeof document === 'undefined') return undefined;
  if (!serverIslands) {
    serverIslands = new Map();
    if (document.getElementById('root')?.dataset.prerendered) {
      for (const element of document.querySelectorAll('[data-island]')) {
        serverIslands.set(element.getAttribute('data-island')!, element);
      }
    }
  }
  const element = serverIslands.get(name);
  return element?.isConnected ? element : undefined;
}

/** Called as the first navigation starts: from then on no island has server HTML waiting for it. */
export function forgetPrerenderedIslands() {
  serverIslands = new Map();
}

/*
 * Islands that come into view together hydrate one per task, so that a page's first screen is
 * several short tasks rather than one long one (Total Blocking Time). A message channel rather than
 * a timer: the browser tests pause timers.
 */
const turns: (() => void)[] = [];
// Made on first use: an idle port with a listener would keep the prerender's Node process alive.
let channel: MessageChannel | undefined;
function inATaskOfItsOwn(run: () => void) {
  if (!channel) {
    const ports = (channel = new MessageChannel());
    ports.port1.onmessage = () => {
      turns.shift()?.();
      if (turns.length) ports.port2.postMessage(null);
    };
  }
  if (turns.push(run) === 1) channel.port2.postMessage(null);
}

function whenWanted(island: Element): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const wanted = (now: boolean) => {
      if (done) return;
      done = true;
      observer.disconnect();
      for (const type of REACHING_EVENTS) document.removeEventListener(type, reached, true);
      // Reaching in cannot wait its turn: the click or key that follows must meet a live island.
      if (now) resolve();
      else inATaskOfItsOwn(resolve);
    };
    const reached = (event: Event) => {
      if (event.target instanceof Node && island.contains(event.target)) wanted(true);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wanted(false);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    // The island's wrappers have no box of their own (display: contents), what they hold does.
    for (const child of island.firstElementChild?.children ?? []) observer.observe(child);
    // On the document, capturing: React stops a discrete event aimed at a part it has not
    // hydrated before it reaches that part's elements.
    for (const type of REACHING_EVENTS)
      document.addEventListener(type, reached, { capture: true, passive: true });
  });
}

function WhenWanted({ name, children }: { name: string; children: ReactNode }) {
  let wait = waits.get(name);
  if (!wait) {
    const island = prerenderedIsland(name);
    if (!island) return children;
    const entry: Wait = { ready: false, promise: Promise.resolve() };
    entry.promise = whenWanted(island).then(() => {
      entry.ready = true;
      serverIslands?.delete(name);
    });
    waits.set(name, entry);
    wait = entry;
  }
  if (!wait.ready) throw wait.promise;
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
        <WhenWanted name={name}>
          {/* One element: Preact keeps only the first server node of a subtree that suspends while
              it hydrates, and drops the rest. */}
          <div className="contents">{children}</div>
        </WhenWanted>
      </Suspense>
    </div>
  );
}
