import type { ContractListItem } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { BriefcaseIcon } from '../../components/ui/app-icons.tsx';
import { cn } from '../../lib/cn.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ContractStatusBadge } from './contract-status-badge.tsx';
import { price } from './format.ts';
import { contractsQuery } from './queries.ts';

function ContractRow({ contract }: { contract: ContractListItem }) {
  const next = contract.nextStep;
  return (
    <li className="relative flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-4 shadow-card focus-within:ring-2 focus-within:ring-brand-600 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <Link
            to={`/profile/workspace/${contract.id}`}
            className="after:absolute after:inset-0 after:rounded-card focus:outline-none"
          >
            {contract.title}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {contract.role === 'client' ? `With ${contract.expert.name}` : `For ${contract.client.name}`} ·{' '}
          {contract.milestoneCount} milestone{contract.milestoneCount === 1 ? '' : 's'}
        </p>
        {next && (
          <p className={cn('mt-1 text-sm', next.yours ? 'font-semibold text-brand-800' : 'text-slate-700')}>
            {next.yours ? 'Your next step: ' : 'Next: '}
            {next.text}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <ContractStatusBadge status={contract.status} />
        <p className="font-semibold text-slate-900">{price(contract.price)}</p>
      </div>
    </li>
  );
}

/** `/profile/workspace`: every contract, as client or expert, with its next step. */
export function WorkspacePage() {
  const contracts = useQuery(contractsQuery);
  return (
    <>
      <PageHeading title="Workspace">
        Your contracts, as client or expert: their milestones, money and messages.
      </PageHeading>
      <QueryState query={contracts} label="Loading your contracts...">
        {() => {
          const all = contracts.data?.contracts ?? [];
          if (all.length === 0)
            return (
              <EmptyState
                icon={<BriefcaseIcon />}
                title="No contracts yet"
                actions={
                  <>
                    <ButtonLink to="/create-project">Post a project</ButtonLink>
                    <ButtonLink to="/profile/browse" variant="secondary">
                      Browse projects
                    </ButtonLink>
                  </>
                }
              >
                A workspace opens when a client accepts a quote: post a project to hire, or quote on one to
                work.
              </EmptyState>
            );
          const running = all.filter((contract) => contract.status === 'active');
          const closed = all.filter((contract) => contract.status !== 'active');
          return (
            <div className="space-y-8">
              {[
                { title: 'Running', list: running, empty: 'No running contracts.' },
                { title: 'Closed', list: closed, empty: null },
              ].map(
                (group) =>
                  (group.list.length > 0 || group.empty) && (
                    <section key={group.title} aria-labelledby={`contracts-${group.title}`}>
                      <h2
                        id={`contracts-${group.title}`}
                        className="mb-3 text-lg font-semibold text-slate-900"
                      >
                        {group.title} ({group.list.length})
                      </h2>
                      {group.list.length === 0 ? (
                        <p className="text-sm text-slate-600">{group.empty}</p>
                      ) : (
                        <ul className="space-y-3">
                          {group.list.map((contract) => (
                            <ContractRow key={contract.id} contract={contract} />
                          ))}
                        </ul>
                      )}
                    </section>
                  ),
              )}
            </div>
          );
        }}
      </QueryState>
    </>
  );
}
