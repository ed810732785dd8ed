import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AppRoutes,
  PreloadingBrowserRouter,
  preloadRoutes,
  toElementRoutes,
  useRouteErrorValue,
} from './route-elements.tsx';

function Broken(): never {
  throw new Error('The chart data was malformed.');
}

function Fallback() {
  const error = useRouteErrorValue();
  return <p>Failed: {error instanceof Error ? error.message : 'unknown'}</p>;
}

function Layout() {
  return (
    <>
      <Link to="/ok">Go on</Link>
      <Outlet />
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route table in declarative mode', () => {
  it('renders a lazy route once its module is in, and renders it at once after preloading', async () => {
    const load = vi.fn(async () => ({ Component: () => <h1>Lazy page</h1> }));
    const table: RouteObject[] = [{ path: '/lazy', lazy: load, handle: { withoutQuery: true } }];
    render(
      <MemoryRouter initialEntries={['/lazy']}>
        <AppRoutes routes={toElementRoutes(table)} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Lazy page' })).toBeTruthy();

    const preloaded = vi.fn(async () => ({ Component: () => <h1>Preloaded page</h1> }));
    const second: RouteObject[] = [{ path: '/next', lazy: preloaded, handle: { withoutQuery: true } }];
    await preloadRoutes(second, '/next');
    render(
      <MemoryRouter initialEntries={['/next']}>
        <AppRoutes routes={toElementRoutes(second)} />
      </MemoryRouter>,
    );
    // No Suspense fallback in between: hydration of a prerendered page depends on this.
    expect(screen.getByRole('heading', { name: 'Preloaded page' })).toBeTruthy();
    expect(preloaded).toHaveBeenCalledTimes(1);
  });

  it('shows the route error element with the error, and leaves it behind on navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const table = toElementRoutes([
      {
        element: <Layout />,
        errorElement: <Fallback />,
        children: [
          { path: '/broken', element: <Broken /> },
          { path: '/ok', element: <h1>Fine</h1> },
        ],
      },
    ]);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <AppRoutes routes={table} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Failed: The chart data was malformed.')).toBeTruthy();
  });

  it('recovers when the visitor navigates away from a failed page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const table = toElementRoutes([
      {
        element: <Layout />,
        children: [
          { path: '/broken', element: <Broken />, errorElement: <Fallback /> },
          { path: '/ok', element: <h1>Fine</h1> },
        ],
      },
    ]);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <AppRoutes routes={table} />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/Failed:/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go on' }));
    expect(await screen.findByRole('heading', { name: 'Fine' })).toBeTruthy();
  });
});

/** Renders the table at / under PreloadingBrowserRouter and clicks the layout's link to /ok. */
function clickGoOnFromHome(table: RouteObject[]) {
  window.history.replaceState(null, '', '/');
  render(
    <PreloadingBrowserRouter routes={table}>
      <AppRoutes routes={toElementRoutes(table)} />
    </PreloadingBrowserRouter>,
  );
  fireEvent.click(screen.getByRole('link', { name: 'Go on' }));
}

describe('PreloadingBrowserRouter', () => {
  it("keeps the current page, without a spinner, until the next page's module is in", async () => {
    let finish = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const table: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Current page</h1> },
          {
            path: '/ok',
            handle: { withoutQuery: true },
            lazy: async () => {
              await gate;
              return { Component: () => <h1>Next page</h1> };
            },
          },
        ],
      },
    ];
    clickGoOnFromHome(table);
    await act(async () => {});
    expect(window.location.pathname).toBe('/ok');
    expect(screen.getByRole('heading', { name: 'Current page' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    finish();
    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeTruthy();
  });

  it('shows a page whose module is already in with the navigation itself', async () => {
    // One module for two paths, as the directory's subject pages share the directory's.
    const load = async () => ({ Component: () => <h1>Directory</h1> });
    const table: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <h1>Current page</h1> },
          { path: '/ok', handle: { withoutQuery: true }, lazy: load },
          { path: '/ok/again', handle: { withoutQuery: true }, lazy: load },
        ],
      },
    ];
    await preloadRoutes(table, '/ok/again');
    clickGoOnFromHome(table);
    // No await: the new page is there as the click's event ends.
    expect(window.location.pathname).toBe('/ok');
    expect(screen.getByRole('heading', { name: 'Directory' })).toBeTruthy();
  });
});
