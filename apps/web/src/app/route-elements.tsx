import {
  Component,
  createContext,
  startTransition,
  Suspense,
  useContext,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  Outlet,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { forgetPrerenderedIslands } from '../features/site/hydration-island.tsx';

/*
 * The route table (router.tsx) keeps React Router's route objects with `lazy`, `errorElement` and
 * `handle`, but the app renders them in React Router's declarative mode: the data router adds
 * ~17 KB gzipped to every page's first load, more than the public pages' budget allows
 * (docs/decisions/052-declarative-react-router.md). This file supplies what the data router did for us: lazy
 * route modules behind Suspense, error boundaries per route, a pending flag for the progress bar,
 * and preloading of the current address's modules before hydration.
 */

interface LazyModule {
  Component?: ComponentType | null;
  element?: ReactNode;
}
type Loader = () => Promise<LazyModule>;

/** Marks a route whose page does not use TanStack Query (the public marketing pages). */
export const withoutQuery = { withoutQuery: true } as const;
const needsQuery = (handle: unknown) =>
  !(typeof handle === 'object' && handle !== null && 'withoutQuery' in handle);

type QueryProviderType = ComponentType<{ children: ReactNode }>;
let QueryProvider: QueryProviderType | null = null;
const loadQueryProvider = () =>
  import('../lib/query-provider.tsx').then((module) => {
    QueryProvider = module.QueryProvider;
  });

interface Entry {
  promise: Promise<void>;
  module?: LazyModule;
  error?: unknown;
}
const entries = new Map<Loader, Entry>();

let pending = 0;
const listeners = new Set<() => void>();
function changePending(delta: number) {
  pending += delta;
  // Never notify during a render: loads start while React renders the route that needs them.
  queueMicrotask(() => listeners.forEach((listener) => listener()));
}

/** True while a route module is downloading (the top progress bar). */
export function useRouteModulesLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    () => false,
  );
}

function entryFor(load: Loader, withQuery: boolean): Entry {
  const known = entries.get(load);
  if (known) return known;
  changePending(1);
  const entry: Entry = {
    promise: Promise.all([load(), withQuery ? loadQueryProvider() : undefined])
      .then(([module]) => {
        entry.module = module;
      })
      .catch((error: unknown) => {
        entry.error = error;
      })
      .finally(() => changePending(-1)),
  };
  entries.set(load, entry);
  return entry;
}

/** A route's page once its module is here; until then it suspends (Suspense shows the old page). */
function LazyRoute({ load, withQuery }: { load: Loader; withQuery: boolean }) {
  const entry = entryFor(load, withQuery);
  if (entry.error) throw entry.error;
  if (!entry.module) throw entry.promise;
  const { Component: Page, element } = entry.module;
  const content = Page ? <Page /> : (element ?? <Outlet />);
  return withQuery && QueryProvider ? <QueryProvider>{content}</QueryProvider> : content;
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error that the nearest route error boundary caught (the error page shows it). */
export function useRouteErrorValue(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
  pathname: string;
}

class RouteErrorBoundaryInner extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    // Navigating elsewhere leaves the error behind, as the data router's error elements did.
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      this.setState({ error: undefined, failed: false });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
    );
  }
}

export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundaryInner fallback={fallback} pathname={pathname}>
      {children}
    </RouteErrorBoundaryInner>
  );
}

/** The route table with `lazy` and `errorElement` turned into elements declarative mode renders. */
export function toElementRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, errorElement, handle, children, Component: Page, element: given, ...rest } = route;
    let element: ReactNode = given ?? (Page ? <Page /> : undefined);
    if (typeof lazy === 'function')
      element = <LazyRoute load={lazy as Loader} withQuery={needsQuery(handle)} />;
    if (errorElement)
      element = <RouteErrorBoundary fallback={errorElement}>{element ?? <Outlet />}</RouteErrorBoundary>;
    const converted = { ...rest, element, handle } as RouteObject;
    if (children) converted.children = toElementRoutes(children);
    return converted;
  });
}

/** The entries of the route modules an address needs, their downloads started. */
function entriesFor(routes: RouteObject[], pathname: string): Entry[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    typeof route.lazy === 'function' ? [entryFor(route.lazy as Loader, needsQuery(route.handle))] : [],
  );
}

/** Downloads the route modules the address needs, so the first render (or hydration) does not suspend. */
export async function preloadRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(entriesFor(routes, pathname).map((entry) => entry.promise));
}

/** Renders the converted route table; the fallback only shows before the very first page is in. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const element = useRoutes(routes);
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}

/**
 * BrowserRouter, except that a navigation shows its page once the page's route modules are in:
 * until then the current page stays, under the progress bar, and keeps the focus. React's
 * BrowserRouter gets this from startTransition; Preact, which renders the production build, has no
 * transitions, and there the Suspense in AppRoutes would put its spinner in place of the whole
 * screen while the next page downloads.
 */
export function PreloadingBrowserRouter({
  routes,
  children,
}: {
  routes: RouteObject[];
  children: ReactNode;
}) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      forgetPrerenderedIslands();
      const navigation = (latest += 1);
      const entries = entriesFor(routes, location.pathname);
      // Modules already in (a filter that changes the path, say): shown in this same turn.
      if (entries.every((entry) => entry.module || entry.error)) return setShown({ action, location });
      void Promise.all(entries.map((entry) => entry.promise)).then(() => {
        // A later navigation that is in first wins; this one is already out of date.
        if (navigation === latest) startTransition(() => setShown({ action, location }));
      });
    });
  }, [history, routes]);
  return (
    <Router location={shown.location} navigationType={shown.action} navigator={history}>
      {children}
    </Router>
  );
}
