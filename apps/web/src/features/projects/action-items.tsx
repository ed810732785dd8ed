import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { contractsQuery, myInvitationsQuery, myProjectsQuery, myQuotesQuery } from './queries.ts';

interface Item {
  key: string;
  text: string;
  to: string;
}

function ItemList({
  title,
  items,
  loading,
  failed,
  empty,
}: {
  title: string;
  items: Item[];
  loading: boolean;
  failed: boolean;
  empty: string;
}) {
  return (
    <section
      aria-labelledby="needs-action"
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
    >
      <h2 id="needs-action" className="font-semibold text-slate-900">
        {title}
      </h2>
      {loading ? (
        <Spinner className="mt-3" />
      ) : failed ? (
        <p className="mt-2 text-sm text-danger-700">
          We could not load what needs your attention. Reload to try again.
        </p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              >
                {item.text}
                <ArrowRightIcon className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function useOwnerFigures() {
  const projects = useQuery(myProjectsQuery);
  const list = projects.data?.projects ?? [];
  return {
    query: projects,
    open: list.filter((p) => p.status === 'open').length,
    toReview: list.reduce((sum, p) => sum + p.pendingQuoteCount, 0),
    items: [
      ...list
        .filter((p) => p.pendingQuoteCount > 0)
        .map((p) => ({
          key: `q-${p.id}`,
          text: `${p.pendingQuoteCount} quote${p.pendingQuoteCount === 1 ? '' : 's'} to review on “${p.title}”`,
          to: '/profile/proposals',
        })),
      ...list
        .filter((p) => p.status === 'open' && p.quoteCount === 0)
        .map((p) => ({ key: `i-${p.id}`, text: `Invite experts to “${p.title}”`, to: `/projects/${p.id}` })),
      ...list
        .filter((p) => p.status === 'draft')
        .map((p) => ({
          key: `d-${p.id}`,
          text: `Finish and post “${p.title || 'your draft'}”`,
          to: `/create-project?draft=${p.id}`,
        })),
    ],
  };
}

export function OwnerActionItems() {
  const figures = useOwnerFigures();
  return (
    <ItemList
      title="Needs your action"
      items={figures.items}
      loading={figures.query.isPending}
      failed={figures.query.isError}
      empty="Nothing waiting for you. Post a project to start receiving quotes."
    />
  );
}

export function useExpertFigures() {
  const invitations = useQuery(myInvitationsQuery);
  const quotes = useQuery(myQuotesQuery);
  const contracts = useQuery(contractsQuery);
  const pending = (invitations.data?.invitations ?? []).filter(
    (i) => i.status === 'pending' && i.project.status === 'open',
  );
  return {
    loading: invitations.isPending || quotes.isPending || contracts.isPending,
    failed: invitations.isError || quotes.isError || contracts.isError,
    openQuotes: (quotes.data?.quotes ?? []).filter((q) => q.status === 'submitted').length,
    activeContracts: (contracts.data?.contracts ?? []).filter(
      (c) => c.role === 'expert' && c.status === 'active',
    ).length,
    items: [
      ...pending.map((i) => ({
        key: i.id,
        text: `${i.client.name} invited you to quote on “${i.project.title}”`,
        to: `/projects/${i.project.id}`,
      })),
      ...(quotes.data?.quotes ?? [])
        .filter((q) => q.status === 'accepted' && q.contractId)
        .slice(0, 3)
        .map((q) => ({
          key: q.id,
          text: `Start work on “${q.project.title}”`,
          to: `/profile/workspace/${q.contractId}`,
        })),
    ],
  };
}

export function ExpertActionItems() {
  const figures = useExpertFigures();
  return (
    <ItemList
      title="Needs your action"
      items={figures.items}
      loading={figures.loading}
      failed={figures.failed}
      empty="No invitations waiting. Browse open projects in your subjects to send a quote."
    />
  );
}
