import type { MyProject, ProjectStatus } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { BriefcaseIcon, FolderIcon } from '../../components/ui/icons.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { PageHeading } from '../profile/page-heading.tsx';
import { budgetLabel, categoryLabel, formatDate, formatMoney } from './format.ts';
import { ProjectList, useListFilters } from './project-list.tsx';
import { browseProjectsQuery, contractQuery, contractsQuery, myProjectsQuery } from './queries.ts';
import { chatLink, QueryState, StatusBadge } from './shared.tsx';

export function BrowseProjectsPage() {
  const [filters, setFilters] = useListFilters();
  return (
    <>
      <PageHeading title="Browse Projects">
        Open projects in your subjects come first, then everything else that is open.
      </PageHeading>
      <ProjectList
        query={browseProjectsQuery(filters)}
        filters={filters}
        onFilters={setFilters}
        label="Projects to quote on"
        empty={
          <>
            Nothing matches these filters. Clear the search, or{' '}
            <Link to="/join-expert" className="font-semibold text-brand-700 underline">
              complete your expert profile
            </Link>{' '}
            so we can match projects to your subjects.
          </>
        }
      />
    </>
  );
}

type ProjectTab = 'draft' | 'open' | 'in_progress' | 'closed';
const tabs: { value: ProjectTab; label: string }[] = [
  { value: 'draft', label: 'Drafts' },
  { value: 'open', label: 'Open' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'closed', label: 'Completed' },
];
const inTab = (status: ProjectStatus, tab: ProjectTab) =>
  tab === 'closed' ? status === 'completed' || status === 'cancelled' : status === tab;

function MyProjectRow({ project }: { project: MyProject }) {
  const to =
    project.status === 'draft'
      ? `/create-project?draft=${project.id}`
      : project.contractId
        ? `/profile/workspace/${project.contractId}`
        : `/projects/${project.id}`;
  return (
    <li className="relative flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-4 shadow-card focus-within:ring-2 focus-within:ring-brand-600 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <Link to={to} className="after:absolute after:inset-0 after:rounded-card focus:outline-none">
            {project.title || 'Untitled draft'}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {categoryLabel(project.category)} · {budgetLabel(project.budget)}
          {project.deadline ? ` · due ${formatDate(project.deadline)}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {project.pendingQuoteCount > 0 && (
          <span className="rounded-full bg-accent-400/20 px-2.5 py-0.5 text-xs font-semibold text-warning-800">
            {project.pendingQuoteCount} to review
          </span>
        )}
        <span className="text-sm text-slate-700">
          {project.quoteCount} quote{project.quoteCount === 1 ? '' : 's'}
        </span>
        <StatusBadge status={project.status} kind="project" />
      </div>
    </li>
  );
}

export function MyProjectsPage() {
  const projects = useQuery(myProjectsQuery);
  const [chosen, setTab] = useState<ProjectTab | null>(null);
  return (
    <>
      <PageHeading title="My Projects" actions={<ButtonLink to="/create-project">Post a project</ButtonLink>}>
        Drafts, open projects and work in progress, with their quotes.
      </PageHeading>
      <QueryState query={projects} label="Loading your projects...">
        {() => {
          const all = projects.data?.projects ?? [];
          if (all.length === 0)
            return (
              <EmptyState
                icon={<FolderIcon />}
                title="No projects yet"
                actions={<ButtonLink to="/create-project">Post a project</ButtonLink>}
              >
                Post your first project: matching experts are listed as soon as it is live.
              </EmptyState>
            );
          // Until the person picks a tab, open the first one that has something in it.
          const preferred: ProjectTab[] = ['open', 'in_progress', 'draft', 'closed'];
          const tab = chosen ?? preferred.find((t) => all.some((p) => inTab(p.status, t))) ?? 'open';
          const shown = all.filter((p) => inTab(p.status, tab));
          return (
            <Tabs
              label="Project status"
              items={tabs.map((t) => ({
                ...t,
                label: `${t.label} (${all.filter((p) => inTab(p.status, t.value)).length})`,
              }))}
              value={tab}
              onChange={setTab}
            >
              {shown.length === 0 ? (
                <p className="py-8 text-center text-sm text-slate-600">Nothing here.</p>
              ) : (
                <ul className="mt-4 space-y-3">
                  {shown.map((project) => (
                    <MyProjectRow key={project.id} project={project} />
                  ))}
                </ul>
              )}
            </Tabs>
          );
        }}
      </QueryState>
    </>
  );
}

export function WorkspacePage() {
  const contracts = useQuery(contractsQuery);
  return (
    <>
      <PageHeading title="Workspace">Your contracts, as client or expert, with their milestones.</PageHeading>
      <QueryState query={contracts} label="Loading your contracts...">
        {() =>
          (contracts.data?.contracts.length ?? 0) === 0 ? (
            <EmptyState icon={<BriefcaseIcon />} title="No contracts yet">
              A workspace opens when a client accepts a quote.
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {contracts.data!.contracts.map((contract) => (
                <li
                  key={contract.id}
                  className="relative flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-4 shadow-card focus-within:ring-2 focus-within:ring-brand-600 sm:flex-row sm:items-center"
                >
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
                      {contract.role === 'client'
                        ? `With ${contract.expert.name}`
                        : `For ${contract.client.name}`}{' '}
                      · {contract.milestoneCount} milestone{contract.milestoneCount === 1 ? '' : 's'}
                    </p>
                  </div>
                  <p className="font-semibold text-slate-900">
                    {formatMoney(contract.price.amountMinor, contract.price.currency)}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}

const milestoneLabels: Record<string, string> = {
  pending: 'Not funded yet',
  funded: 'Funded',
  submitted: 'Submitted for review',
  revision_requested: 'Revision requested',
  released: 'Released',
  refunded: 'Refunded',
  disputed: 'In dispute',
};

export function ContractWorkspacePage() {
  const { contractId = '' } = useParams();
  const contract = useQuery(contractQuery(contractId));
  if (
    contract.isError &&
    isApiError(contract.error) &&
    (contract.error.status === 404 || contract.error.status === 400)
  )
    return (
      <>
        <PageHeading title="Contract not found" />
        <Alert>This contract does not exist, or you are not part of it.</Alert>
      </>
    );
  return (
    <QueryState query={contract} label="Loading the contract...">
      {() => {
        const c = contract.data!;
        const other = c.role === 'client' ? c.expert : c.client;
        return (
          <>
            <PageHeading
              title={c.title}
              actions={
                c.role !== 'admin' && (
                  <ButtonLink to={chatLink(other.id)} variant="secondary">
                    Message {other.name}
                  </ButtonLink>
                )
              }
            >
              {c.role === 'client' ? `Your expert: ${c.expert.name}` : `Your client: ${c.client.name}`} ·
              agreed {formatDate(c.createdAt)} · {c.durationDays} days ·{' '}
              <Link to={`/projects/${c.project.id}`} className="font-medium text-brand-700 underline">
                project brief
              </Link>
            </PageHeading>
            <section
              aria-labelledby="milestones-heading"
              className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id="milestones-heading" className="text-lg font-semibold text-slate-900">
                  Milestones
                </h2>
                <p className="font-semibold text-slate-900">
                  Total {formatMoney(c.price.amountMinor, c.price.currency)}
                </p>
              </div>
              <ol className="mt-4 divide-y divide-slate-200">
                {c.milestones.map((m) => (
                  <li key={m.id} className="flex flex-wrap items-center gap-3 py-3">
                    <span className="flex size-7 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800">
                      {m.position}
                    </span>
                    <span className="min-w-0 flex-1 text-sm font-medium text-slate-900">{m.title}</span>
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                      {milestoneLabels[m.status] ?? m.status}
                    </span>
                    <span className="w-24 text-right text-sm font-semibold text-slate-900">
                      {formatMoney(m.amount.amountMinor, m.amount.currency)}
                    </span>
                  </li>
                ))}
              </ol>
              <p className="mt-4 text-sm text-slate-600">
                {c.role === 'client'
                  ? 'Fund the first milestone into escrow to get the work started; money is released only when you approve.'
                  : 'The client funds each milestone into escrow before you start on it.'}
              </p>
            </section>
          </>
        );
      }}
    </QueryState>
  );
}
