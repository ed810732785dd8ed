import { availabilities, SEARCH_RATE_MAX, type ExpertSort } from '@sciwise/contracts/constants';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InputField, SelectField } from '../../components/ui/field.tsx';
import { SearchIcon } from '../../components/ui/icons.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { HydrationIsland } from '../site/hydration-island.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { ExpertCard } from './expert-card.tsx';
import { availabilityLabels, resultCountText, subjectNameFromSlug } from './format.ts';
import { usePublicData } from '../site/use-public-data.ts';
import { fetchAllSubjects } from '../../lib/subjects-api.ts';
import { searchKeys, useExpertSearch, useResultCount, type SearchParamsRecord } from './search-api.ts';
import { SubjectSearchBox } from './subject-search-box.tsx';
import { CategoryOptions } from './category-options.tsx';
import { CountryOptions } from './country-options.tsx';

const sortLabels: Record<ExpertSort, string> = {
  relevance: 'Best match',
  rating: 'Highest rated',
  rate_asc: 'Rate: low to high',
  rate_desc: 'Rate: high to low',
};
const filterKeys = ['category', 'country', 'minRate', 'maxRate', 'minRating', 'availability'] as const;

/** /find-an-expert, /find-expert and /find-an-expert/subject/:subject: the URL holds the whole query. */
export function FindExpertPage() {
  const { subject: subjectParam } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const params = useMemo(() => {
    const record: SearchParamsRecord = {};
    for (const key of searchKeys) {
      const value = searchParams.get(key);
      if (value) record[key] = value;
    }
    if (subjectParam) record.subject = subjectParam;
    return record;
  }, [searchParams, subjectParam]);

  const subjectName = subjectParam ? subjectNameFromSlug(subjectParam) : null;
  useEffect(() => {
    document.title = subjectName ? `${subjectName} experts — Sciwise` : 'Find an Expert — Sciwise';
  }, [subjectName]);

  const activeFilters = filterKeys.filter((key) => params[key]).length + (subjectParam ? 1 : 0);

  // A subject is a page of its own (/find-an-expert/subject/:subject); `subject` picks the path.
  const update = (changes: SearchParamsRecord, subject: string | null = subjectParam ?? null) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('cursor');
    const query = next.toString();
    const path = subject
      ? `/find-an-expert/subject/${encodeURIComponent(subject)}`
      : pathname.startsWith('/find-an-expert/subject/')
        ? '/find-an-expert'
        : pathname;
    void navigate(query ? `${path}?${query}` : path);
  };

  const onFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const changes: SearchParamsRecord = {};
    for (const key of filterKeys) changes[key] = String(data.get(key) ?? '').trim();
    update(changes, String(data.get('subject') ?? '') || null);
  };

  const clearFilters = () => {
    const changes: SearchParamsRecord = {};
    for (const key of filterKeys) changes[key] = '';
    update(changes, null);
  };

  // Hero, filters and results hydrate as islands: three short tasks instead of one long one.
  return (
    <>
      <HydrationIsland name="directory-hero">
        <PageHero eyebrow="Find an expert" title={subjectName ? `${subjectName} experts` : 'Find an Expert'}>
          <p>
            {subjectName
              ? `Vetted specialists in ${subjectName.toLowerCase()}, ready for your project.`
              : 'Search thousands of vetted scientists and industry experts by subject area.'}
          </p>
          <div className="mt-6">
            <SubjectSearchBox defaultValue={params.q ?? ''} onSearch={(q) => update({ q })} />
          </div>
        </PageHero>
      </HydrationIsland>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[15rem_minmax(0,1fr)]">
        <HydrationIsland name="directory-filters">
          <aside aria-label="Filters">
            <Button
              variant="secondary"
              className="w-full md:hidden"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filtersOpen ? 'Hide filters' : `Show filters${activeFilters ? ` (${activeFilters})` : ''}`}
            </Button>
            <form
              id={filtersId}
              key={`${subjectParam ?? ''}?${searchParams.toString()}`}
              onSubmit={onFilters}
              onChange={(event) => {
                if (event.target instanceof HTMLSelectElement) event.currentTarget.requestSubmit();
              }}
              className={`${filtersOpen ? 'mt-4 block' : 'hidden'} space-y-4 md:mt-0 md:block`}
            >
              <h2 className="hidden text-sm font-semibold tracking-wide text-slate-600 uppercase md:block">
                Filters
              </h2>
              <SelectField label="Category" name="category" defaultValue={params.category ?? ''}>
                <CategoryOptions emptyLabel="All categories" />
              </SelectField>
              <SubjectFilter category={params.category} selected={subjectParam} />
              <SelectField label="Country" name="country" defaultValue={params.country ?? ''}>
                <CountryOptions emptyLabel="Any country" />
              </SelectField>
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Hourly rate (USD)</legend>
                <div className="mt-1.5 grid grid-cols-2 gap-2">
                  <InputField
                    label={<span className="text-xs text-slate-600">Minimum</span>}
                    name="minRate"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={SEARCH_RATE_MAX}
                    defaultValue={params.minRate ?? ''}
                  />
                  <InputField
                    label={<span className="text-xs text-slate-600">Maximum</span>}
                    name="maxRate"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={SEARCH_RATE_MAX}
                    defaultValue={params.maxRate ?? ''}
                  />
                </div>
              </fieldset>
              <SelectField label="Minimum rating" name="minRating" defaultValue={params.minRating ?? ''}>
                <option value="">Any rating</option>
                {[4, 3, 2, 1].map((stars) => (
                  <option key={stars} value={String(stars)}>
                    {stars} stars and up
                  </option>
                ))}
              </SelectField>
              <SelectField label="Availability" name="availability" defaultValue={params.availability ?? ''}>
                <option value="">Any availability</option>
                {availabilities.map((availability) => (
                  <option key={availability} value={availability}>
                    {availabilityLabels[availability]}
                  </option>
                ))}
              </SelectField>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm">
                  Apply filters
                </Button>
                {activeFilters > 0 && (
                  <Button variant="ghost" size="sm" onClick={clearFilters}>
                    Clear filters
                  </Button>
                )}
              </div>
            </form>
          </aside>
        </HydrationIsland>

        <HydrationIsland name="directory-results">
          <DirectoryResults
            params={params}
            subjectParam={subjectParam}
            subjectName={subjectName}
            activeFilters={activeFilters}
            update={update}
            clearFilters={clearFilters}
          />
        </HydrationIsland>
      </div>
    </>
  );
}

/**
 * The results, as an island that runs the search itself: it hydrates with the pending answer its
 * server HTML shows, and every answer after that is an ordinary render.
 */
function DirectoryResults({
  params,
  subjectParam,
  subjectName,
  activeFilters,
  update,
  clearFilters,
}: {
  params: SearchParamsRecord;
  subjectParam: string | undefined;
  subjectName: string | null;
  activeFilters: number;
  update: (changes: SearchParamsRecord) => void;
  clearFilters: () => void;
}) {
  const search = useExpertSearch(params);
  const experts = search.pages.flatMap((page) => page.experts);
  const matched = search.pages[0]?.matchedSubjects ?? [];
  const total = useResultCount(params, search);
  const nextPageError = search.nextPageError;
  return (
    <section aria-labelledby="results-heading" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="results-heading" className="text-lg font-semibold text-slate-900">
            {params.q ? `Experts for “${params.q}”` : 'Experts'}
          </h2>
          {/* Its line is held while the count arrives, so the results never shift. */}
          <p className="min-h-5 text-sm font-medium text-slate-700" data-testid="result-count">
            {total ? resultCountText(total) : ''}
          </p>
          {matched.length > 0 && (
            <p className="text-sm text-slate-600">Showing results for: {matched.join(', ')}</p>
          )}
          {subjectParam && (
            <p className="text-sm text-slate-600">
              Subject: {subjectName} ·{' '}
              <Link to="/find-an-expert" className="font-medium text-brand-700 underline">
                all subjects
              </Link>
            </p>
          )}
        </div>
        <SelectField
          label="Sort by"
          wrapperClassName="w-48"
          value={params.sort ?? 'relevance'}
          onChange={(event) => update({ sort: event.target.value === 'relevance' ? '' : event.target.value })}
        >
          {Object.entries(sortLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>

      <div
        id="results"
        // The first answer arrives after the prerendered page: its place is held so nothing shifts.
        className={`mt-6 ${search.status === 'pending' ? 'min-h-svh' : ''}`}
        aria-live="polite"
        aria-busy={search.fetching}
      >
        {search.status === 'pending' ? (
          <PageSpinner label="Finding experts..." />
        ) : search.status === 'error' ? (
          <RetryAlert onRetry={search.refetch} title="We couldn't load experts">
            {errorMessage(search.error)}
          </RetryAlert>
        ) : experts.length === 0 ? (
          <EmptyState
            icon={<SearchIcon className="size-6" />}
            title="No experts match your search"
            actions={
              <>
                {activeFilters > 0 && (
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear filters
                  </Button>
                )}
                <ButtonLink to="/find-an-expert">Browse all experts</ButtonLink>
              </>
            }
          >
            Try a broader subject, check the spelling, or widen the filters (rate range, rating, country). You
            can also{' '}
            <Link to="/concierge" className="font-medium text-brand-700 underline">
              ask our concierge
            </Link>{' '}
            to find someone for you.
          </EmptyState>
        ) : (
          <>
            <p className="sr-only">{experts.length} experts shown</p>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {experts.map((expert) => (
                <li key={expert.slug}>
                  <ExpertCard expert={expert} />
                </li>
              ))}
            </ul>
            <div className="mt-8 flex justify-center">
              {search.hasNextPage ? (
                <Button
                  variant="secondary"
                  loading={search.fetchingNextPage}
                  disabled={search.fetchingNextPage}
                  onClick={search.fetchNextPage}
                >
                  Load more experts
                </Button>
              ) : (
                <p className="text-sm text-slate-600">That's everyone who matches.</p>
              )}
            </div>
            {nextPageError && <Alert className="mt-4">{errorMessage(nextPageError)}</Alert>}
          </>
        )}
        {search.fetching && search.status !== 'pending' && (
          <Spinner size="sm" label="Updating results..." className="mt-4 text-sm" />
        )}
      </div>
    </section>
  );
}

/**
 * Alphabetical, ignoring case. Not localeCompare: a page's first collation wakes the browser's
 * locale data, 30–60 ms on the main thread as the list arrives (decision 068), and the
 * catalogue's names are plain English.
 */
const byName = (a: { name: string }, b: { name: string }) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The subjects that have experts, within the chosen category when there is one. */
function SubjectFilter({
  category,
  selected,
}: {
  category: string | undefined;
  selected: string | undefined;
}) {
  const list = usePublicData('subjects:all', fetchAllSubjects);
  const loading = list.status === 'pending';
  const options = (list.data?.subjects ?? [])
    .filter(
      (subject) =>
        subject.expertCount > 0 && (!category || subject.category === category || subject.slug === selected),
    )
    .sort(byName);
  const known = options.some((subject) => subject.slug === selected);
  return (
    <SelectField
      // Remount once the list arrives: a select applies defaultValue only to the options it mounts with.
      key={loading ? 'loading' : 'ready'}
      label="Subject"
      name="subject"
      defaultValue={selected ?? ''}
      disabled={loading}
      hint={
        list.status === 'error'
          ? 'The subject list could not be loaded; search by subject above instead.'
          : undefined
      }
    >
      <option value="">{loading ? 'Loading subjects…' : 'All subjects'}</option>
      {selected && !known && <option value={selected}>{subjectNameFromSlug(selected)}</option>}
      {options.map((subject) => (
        <option key={subject.slug} value={subject.slug}>
          {subject.name}
        </option>
      ))}
    </SelectField>
  );
}
