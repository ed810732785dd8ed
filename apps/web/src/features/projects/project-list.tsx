import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { CompassIcon } from '../../components/ui/app-icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { allSubjectsQuery } from '../experts/queries.ts';
import { ProjectListCard } from './project-list-item.tsx';
import type { ListFilters, publicProjectsQuery } from './queries.ts';
import { CategoryOptions } from '../experts/category-options.tsx';

type ListQuery = ReturnType<typeof publicProjectsQuery>;

/** Search box and filters kept in the URL, so a filtered list can be shared and survives a reload. */
export function useListFilters(): [ListFilters, (next: ListFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = {
    q: params.get('q') ?? undefined,
    category: params.get('category') ?? undefined,
    subject: params.get('subject') ?? undefined,
    budgetType: params.get('budgetType') ?? undefined,
  };
  const set = (next: ListFilters) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) search.set(key, value);
    setParams(search, { replace: true });
  };
  return [filters, set];
}

function Filters({ filters, onChange }: { filters: ListFilters; onChange: (next: ListFilters) => void }) {
  const [q, setQ] = useState(filters.q ?? '');
  const catalogue = useQuery(allSubjectsQuery());
  // Within a category, only its subjects; a chosen subject stays listed even if the catalogue
  // files it elsewhere, so the select never shows a value it has no option for.
  const subjects = (catalogue.data?.subjects ?? []).filter(
    (subject) =>
      !filters.category || subject.category === filters.category || subject.slug === filters.subject,
  );
  const change = (next: Partial<ListFilters>) => onChange({ ...filters, q: q.trim() || undefined, ...next });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };
  const chooseCategory = (category: string | undefined) => {
    const chosen = catalogue.data?.subjects.find((subject) => subject.slug === filters.subject);
    // A subject of another category would leave the list empty for a reason nobody sees.
    const keepsSubject = !category || !chosen || chosen.category === category;
    change({ category, subject: keepsSubject ? filters.subject : undefined });
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="grid gap-3 sm:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_auto] xl:items-end"
    >
      <InputField
        label="Search projects"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="e.g. statistics, grant"
      />
      <SelectField
        label="Category"
        value={filters.category ?? ''}
        onChange={(e) => chooseCategory(e.target.value || undefined)}
      >
        <CategoryOptions emptyLabel="All categories" />
      </SelectField>
      <SelectField
        label="Subject"
        value={filters.subject ?? ''}
        disabled={catalogue.isPending}
        hint={catalogue.isError ? 'Subjects could not be loaded; the other filters still work.' : undefined}
        onChange={(e) => change({ subject: e.target.value || undefined })}
      >
        <option value="">{catalogue.isPending ? 'Loading subjects…' : 'All subjects'}</option>
        {subjects.map((subject) => (
          <option key={subject.slug} value={subject.slug}>
            {subject.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Budget"
        value={filters.budgetType ?? ''}
        onChange={(e) => change({ budgetType: e.target.value || undefined })}
      >
        <option value="">Fixed or hourly</option>
        <option value="fixed">Fixed price</option>
        <option value="hourly">Hourly</option>
      </SelectField>
      <Button type="submit" className="sm:col-span-2 xl:col-span-1">
        Search
      </Button>
    </form>
  );
}

/** A filterable, paged list of open projects (the public list and the experts' browse). */
export function ProjectList({
  query,
  filters,
  onFilters,
  label,
  empty,
}: {
  query: ListQuery;
  filters: ListFilters;
  onFilters: (next: ListFilters) => void;
  label: string;
  empty: ReactNode;
}) {
  const list = useInfiniteQuery(query);
  const projects = list.data?.pages.flatMap((page) => page.projects) ?? [];
  return (
    <div className="space-y-6">
      <Filters filters={filters} onChange={onFilters} />
      {list.isPending ? (
        <PageSpinner label="Loading projects..." />
      ) : list.isError ? (
        <RetryAlert onRetry={list.refetch}>{errorMessage(list.error)}</RetryAlert>
      ) : projects.length === 0 ? (
        <EmptyState icon={<CompassIcon />} title="No open projects found">
          {empty}
        </EmptyState>
      ) : (
        <section aria-label={label} className="space-y-4">
          <ul className="grid gap-4 md:grid-cols-2">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectListCard project={project} />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="text-center">
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Show more projects
              </Button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
