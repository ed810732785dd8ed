import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/app-icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { pageItems } from '../../lib/pages.ts';
import { contractsQuery, myInvitationsQuery, myProjectsQuery, myQuotesQuery } from './queries.ts';
import { runningContracts } from './running-contracts.ts';

interface Item {
  key: string;
  text: string;
  /** A second line, e.g. the contract and the other person. */
  detail?: string;
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
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card"
    >
      <h2 id={headingId} className="font-semibold text-slate-900">
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
        <ul className="mt-3 space-y-3">
          {items.map((item) => (
            <li key={item.key}>
              <Link to={item.to} className="group inline-flex items-start gap-1 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-brand-700 group-hover:underline">{item.text}</span>
                  {item.detail && <span className="block text-xs text-slate-600">{item.detail}</span>}
                </span>
                <ArrowRightIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function useOwnerFigures() {
  // The pages loaded so far (on a dashboard, the first: the owner's most recently active projects).
  const projects = useInfiniteQuery(myProjectsQuery);
  const contracts = useQuery(contractsQuery);
  const list = pageItems(projects.data, (page) => page.projects);
  const running = runningContracts(contracts.data?.contracts ?? [], 'client');
  return {
    query: projects,
    projects: list,
    loading: projects.isPending || contracts.isPending,
    failed: projects.isError || contracts.isError,
    open: list.filter((p) => p.status === 'open').length,
    toReview: list.reduce((sum, p) => sum + p.pendingQuoteCount, 0),
    runningContracts: running.count,
    waiting: running.waiting,
    items: [
      ...running.yours,
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

/** Running contracts where the other side has the next move, with what they are to do. */
function WaitingOnOthers({ items }: { items: Item[] }) {
  if (items.length === 0) return null;
  return <ItemList title="Waiting on the other side" items={items} loading={false} failed={false} empty="" />;
}

/**
 * What needs the owner's or the expert's action, then what waits on the other side. `empty` says
 * what is true when nothing waits (see dashboard-cards.ts).
 */
function ActionItems({
  figures,
  empty,
}: {
  figures: { items: Item[]; waiting: Item[]; loading: boolean; failed: boolean };
  empty: string;
}) {
  return (
    <div className="space-y-4">
      <ItemList
        title="Needs your action"
        items={figures.items}
        loading={figures.loading}
        failed={figures.failed}
        empty={empty}
      />
      <WaitingOnOthers items={figures.waiting} />
    </div>
  );
}

export function OwnerActionItems({ empty }: { empty: string }) {
  const figures = useOwnerFigures();
  return <ActionItems figures={figures} empty={empty} />;
}

export function useExpertFigures() {
  const invitations = useInfiniteQuery(myInvitationsQuery);
  const quotes = useQuery(myQuotesQuery);
  const contracts = useQuery(contractsQuery);
  const pending = pageItems(invitations.data, (page) => page.invitations).filter(
    (i) => i.status === 'pending' && i.project.status === 'open',
  );
  const running = runningContracts(contracts.data?.contracts ?? [], 'expert');
  return {
    loading: invitations.isPending || quotes.isPending || contracts.isPending,
    failed: invitations.isError || quotes.isError || contracts.isError,
    openQuotes: (quotes.data?.quotes ?? []).filter((q) => q.status === 'submitted').length,
    invitations: pending.length,
    activeContracts: running.count,
    /** Ever quoted or hired: "find your first project" would be untrue. */
    hasWork:
      (quotes.data?.quotes ?? []).length > 0 ||
      (contracts.data?.contracts ?? []).some((contract) => contract.role === 'expert'),
    waiting: running.waiting,
    // A contract is work to do only when the server says the move is the expert's (e.g. a funded
    // milestone to deliver), never merely because a quote was accepted.
    items: [
      ...running.yours,
      ...pending.map((i) => ({
        key: i.id,
        text: `${i.client.name} invited you to quote on “${i.project.title}”`,
        to: `/projects/${i.project.id}`,
      })),
    ],
  };
}

export function ExpertActionItems({ empty }: { empty: string }) {
  const figures = useExpertFigures();
  return <ActionItems figures={figures} empty={empty} />;
}
