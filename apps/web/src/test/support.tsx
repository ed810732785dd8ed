import type { CurrentUser } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { meQueryKey } from '../features/auth/session.ts';

/**
 * jsdom has no modal dialogs: showModal and close set `open` and fire "close" as a browser does,
 * which is all the Modal component relies on.
 */
export function stubDialogs() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fake API on `fetch`: each route answers JSON from `routes` ("METHOD /path" -> body or a
 * function of the request body and the whole address, query included); every call is recorded so
 * a test can say what was sent. A function may answer with a Response of its own, for a status
 * other than 200 (a refusal).
 */
export function fakeApi(routes: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = input.split('?')[0]!;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const key = `${method} ${path}`;
      if (!(key in routes))
        return Response.json({ message: `No fake for ${key}`, code: 'not_found' }, { status: 404 });
      const answer = routes[key];
      // A function may answer later (a promise), as a slow server would.
      const result: unknown = await (typeof answer === 'function'
        ? (answer as (b: unknown, url: string) => unknown)(body, input)
        : answer);
      return result instanceof Response ? result : Response.json(result);
    }),
  );
  return calls;
}

/** Where the router is: path and query, for a test to follow the address a page keeps. */
export function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

function Landed() {
  return <p>Landed on {useLocation().pathname}</p>;
}

/**
 * Renders a page with a fresh query cache at `path`, signed in as `user` when given; any other
 * path says where the app went.
 */
export function renderPage(element: ReactNode, path = '/', user?: CurrentUser) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (user) client.setQueryData(meQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={new URL(path, 'http://localhost').pathname} element={element} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Whole pages in jsdom take seconds on a busy shared machine (the first render loads every
 * module); this is room for that, not a measure of speed: the find* queries wait up to 10 s
 * for what they look for, a test up to 20 s.
 */
export const PAGE_TEST = { timeout: 20_000 };
configure({ asyncUtilTimeout: 10_000 });
