import type { PlatformFigures as Figures } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state.tsx';
import { figuresQuery } from './queries.ts';
import { figureGroups, monthName, moneyFigures, type FigureGroup } from './words.ts';

function GroupCard({ group }: { group: FigureGroup }) {
  return (
    <li className="rounded-card border border-slate-200 bg-white p-5 shadow-card">
      <h3 className="font-semibold text-slate-900">{group.title}</h3>
      <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{group.total}</p>
      <p className="text-sm text-slate-600">{group.caption}</p>
      <dl className="mt-3 space-y-1 text-sm">
        {group.rows.map((row) => (
          <div key={row.key} className="flex justify-between gap-3">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{row.count}</dd>
          </div>
        ))}
      </dl>
      {group.note && <p className="mt-3 text-xs text-slate-500">{group.note}</p>}
    </li>
  );
}

function MoneyFigures({ figures }: { figures: Figures }) {
  if (figures.money.length === 0)
    return (
      <p className="rounded-card border border-dashed border-slate-300 bg-white px-5 py-4 text-sm text-slate-600">
        No money has moved on the platform yet: nothing has been funded, released or refunded.
      </p>
    );
  return (
    <ul className="grid gap-4 lg:grid-cols-2" aria-label="Money by currency">
      {figures.money.map((row) => (
        <li key={row.currency} className="rounded-card border border-slate-200 bg-white p-5 shadow-card">
          <h4 className="font-semibold text-slate-900">{row.currency}</h4>
          <dl className="mt-3 divide-y divide-slate-100 text-sm">
            {moneyFigures(row, figures.monthStart).map((figure) => (
              <div key={figure.label} className="flex items-baseline justify-between gap-4 py-2">
                <dt className="min-w-0">
                  <span className="font-medium text-slate-900">{figure.label}</span>
                  <span className="block text-xs text-slate-600">{figure.note}</span>
                </dt>
                <dd className="shrink-0 text-base font-semibold text-slate-900 tabular-nums">
                  {figure.value}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The platform in numbers, counted now: people, work by state, and the money in and out of escrow. */
export function PlatformFigures() {
  const figures = useQuery(figuresQuery);
  return (
    <section aria-labelledby="platform-figures" className="mt-10">
      <h2 id="platform-figures" className="text-lg font-semibold text-slate-900">
        Platform figures
      </h2>
      <QueryState query={figures} label="Counting the platform...">
        {() => {
          const data = figures.data!;
          return (
            <>
              <p className="mt-1 text-sm text-slate-600">
                Counted now from the live data; money from the ledger. “This month” is{' '}
                {monthName(data.monthStart)}, in UTC.
              </p>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Counts by state">
                {figureGroups(data).map((group) => (
                  <GroupCard key={group.title} group={group} />
                ))}
              </ul>
              <h3 className="mt-8 mb-3 font-semibold text-slate-900">Money</h3>
              <MoneyFigures figures={data} />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
