import { ADMIN_PEOPLE_QUERY_MAX, type AdminPerson } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { UsersIcon } from '../../components/ui/app-icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { formatDate } from '../../lib/format.ts';
import { AdminOnly, Badge, personPath } from './parts.tsx';
import { peopleQuery } from './queries.ts';
import { expertStatusText, fullName, roleLabels } from './words.ts';

/** What the person page's "Back to People" returns to: this list, with its search. */
export interface PeopleListState {
  peopleSearch: string;
}

function PersonRow({ person }: { person: AdminPerson }) {
  const { search } = useLocation();
  const state: PeopleListState = { peopleSearch: search };
  return (
    <li className="relative px-4 py-3 focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-inset hover:bg-slate-50 sm:px-5 md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,5fr)_minmax(0,4fr)] md:items-center md:gap-4">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <h2 className="min-w-0 font-semibold break-words text-slate-900">
          <Link
            to={personPath(person.id)}
            state={state}
            className="after:absolute after:inset-0 hover:underline focus:outline-none"
          >
            {fullName(person)}
          </Link>
        </h2>
        {person.suspension && <Badge tone="danger">Suspended</Badge>}
        {person.deleted && <Badge tone="neutral">Deleted</Badge>}
        {person.role === 'admin' && <Badge tone="brand">{roleLabels.admin}</Badge>}
      </div>
      <p className="mt-0.5 min-w-0 text-sm break-all text-slate-700 md:mt-0">{person.email}</p>
      <p className="mt-1 text-xs text-slate-600 md:mt-0 md:text-sm">
        {expertStatusText(person.expertStatus)} · Joined{' '}
        <time dateTime={person.joinedAt}>{formatDate(person.joinedAt)}</time>
      </p>
    </li>
  );
}

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Members" onSubmit={submit} className="mb-6">
      <div className="flex items-end gap-3">
        <InputField
          label="Name or e-mail"
          type="search"
          value={text}
          maxLength={ADMIN_PEOPLE_QUERY_MAX}
          autoComplete="off"
          placeholder="e.g. Fischer, or @example.org"
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
          wrapperClassName="min-w-0 flex-1"
        />
        <Button type="submit">Search</Button>
      </div>
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        Every word must appear in the first name, last name or e-mail address.
      </p>
    </form>
  );
}

function PeopleList({ q, onClear }: { q: string; onClear: () => void }) {
  const people = useInfiniteQuery(peopleQuery(q));
  return (
    <QueryState query={people} label="Looking up members...">
      {() => {
        const rows = people.data?.pages.flatMap((page) => page.people) ?? [];
        if (rows.length === 0)
          return q ? (
            <EmptyState
              icon={<UsersIcon className="size-6" />}
              title={`No member matches “${q}”`}
              actions={
                <Button variant="secondary" onClick={onClear}>
                  Show everyone
                </Button>
              }
            >
              Check the spelling, try fewer words, or search by a part of the e-mail address such as its
              domain.
            </EmptyState>
          ) : (
            <EmptyState icon={<UsersIcon className="size-6" />} title="No members yet">
              People who sign up are listed here, the newest first.
            </EmptyState>
          );
        return (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {q ? `Members matching “${q}”, newest first.` : 'Every member, newest first.'}
            </p>
            <ul
              className="divide-y divide-slate-100 overflow-hidden rounded-card border border-slate-200 bg-white shadow-card"
              aria-label="Members"
            >
              {rows.map((person) => (
                <PersonRow key={person.id} person={person} />
              ))}
            </ul>
            <ShowMore list={people} label="Show more members" className="mt-6" />
          </>
        );
      }}
    </QueryState>
  );
}

/** `/profile/admin/people`: find a member by name or e-mail, the search kept in the address (?q=). */
export function AdminPeoplePage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const search = (next: string) => setParams(next ? { q: next } : {}, { replace: true });
  return (
    <>
      <PageHeading title="People">
        Every account on Sciwise, newest first. Open one to see their work and money, or to suspend or restore
        it.
      </PageHeading>
      <AdminOnly>
        {/* A new address (a cleared search, Back) starts the box again from it. */}
        <SearchForm key={q} q={q} onSearch={search} />
        <PeopleList q={q} onClear={() => search('')} />
      </AdminOnly>
    </>
  );
}
