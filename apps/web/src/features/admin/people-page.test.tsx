import type { AdminPerson } from '@sciwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../test/fixtures.ts';
import { Address, PAGE_TEST } from '../../test/support.tsx';
import { meQueryKey } from '../auth/session.ts';
import { AdminPeoplePage } from './people-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (id: string, overrides: Partial<AdminPerson> = {}): AdminPerson => ({
  id,
  firstName: 'Rosalind',
  lastName: `Tester ${id}`,
  email: `${id}@example.test`,
  role: 'member',
  expertStatus: null,
  joinedAt: '2026-10-02T09:00:00.000Z',
  suspension: null,
  deleted: false,
  ...overrides,
});

/** Answers GET /api/admin/people from its query, recording each query asked. */
function fakePeople(
  answer: (params: URLSearchParams) => { people: AdminPerson[]; nextCursor: string | null },
) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      expect(url.pathname).toBe('/api/admin/people');
      asked.push(url.searchParams);
      return Response.json(answer(url.searchParams));
    }),
  );
  return asked;
}

function renderPeople(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, aUser({ role: 'admin' }));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/profile/admin/people"
            element={
              <>
                <AdminPeoplePage />
                <Address />
              </>
            }
          />
          <Route path="*" element={<Address />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the People page', PAGE_TEST, () => {
  it('searches with the words in the address, and pages on with the cursor', async () => {
    const asked = fakePeople((params) =>
      params.get('cursor')
        ? { people: [person('p-3')], nextCursor: null }
        : {
            people: [
              person('p-1', { suspension: { at: '2026-11-01T00:00:00Z', reason: 'Spam links.' } }),
              person('p-2'),
            ],
            nextCursor: 'next-page',
          },
    );
    renderPeople('/profile/admin/people?q=Tester');
    const list = await screen.findByRole('list', { name: 'Members' });
    expect(asked[0]!.get('q')).toBe('Tester');
    expect((screen.getByRole('searchbox', { name: 'Name or e-mail' }) as HTMLInputElement).value).toBe(
      'Tester',
    );
    const [first] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('Suspended');
    expect(first!.textContent).toContain('p-1@example.test');
    expect(first!.textContent).toContain('No expert application · Joined 2 Oct 2026');
    expect(within(first!).getByRole('link', { name: 'Rosalind Tester p-1' }).getAttribute('href')).toBe(
      '/profile/admin/people/p-1',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(await screen.findByRole('link', { name: 'Rosalind Tester p-3' })).toBeTruthy();
    expect(asked[1]!.get('cursor')).toBe('next-page');
    expect(asked[1]!.get('q')).toBe('Tester');
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
  });

  it('keeps a new search in the address, and says plainly when nobody matches', async () => {
    fakePeople((params) => ({ people: params.get('q') ? [] : [person('p-1')], nextCursor: null }));
    renderPeople('/profile/admin/people');
    await screen.findByRole('list', { name: 'Members' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Name or e-mail' }), {
      target: { value: '  Quokka  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'No member matches “Quokka”' })).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/profile/admin/people?q=Quokka');

    fireEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(await screen.findByRole('list', { name: 'Members' })).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/profile/admin/people');
    expect((screen.getByRole('searchbox', { name: 'Name or e-mail' }) as HTMLInputElement).value).toBe('');
  });
});
