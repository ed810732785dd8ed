import type { MyProject, ProjectStatus } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FolderIcon } from '../../components/ui/app-icons.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { pageItems } from '../../lib/pages.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { budgetLabel, categoryLabel, formatDate } from './format.ts';
import { ProjectList, useListFilters } from './project-list.tsx';
import { browseProjectsQuery, myProjectsQuery } from './queries.ts';
import { QueryState, StatusBadge } from './shared.tsx';

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
  const projects = useInfiniteQuery(myProjectsQuery);
  const [chosen, setTab] = useState<ProjectTab | null>(null);
  // While older pages remain, a tab's count is of the projects shown so far: "20+".
  const more = projects.hasNextPage ? '+' : '';
  return (
    <>
      <PageHeading title="My Projects" actions={<ButtonLink to="/create-project">Post a project</ButtonLink>}>
        Drafts, open projects and work in progress, with their quotes.
      </PageHeading>
      <QueryState query={projects} label="Loading your projects...">
        {() => {
          const all = pageItems(projects.data, (page) => page.projects);
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
              items={tabs.map((t) => {
                const count = all.filter((p) => inTab(p.status, t.value)).length;
                // "Open (0+)" would say nothing: such a tab goes without a count until the end.
                return { ...t, label: more && count === 0 ? t.label : `${t.label} (${count}${more})` };
              })}
              value={tab}
              onChange={setTab}
            >
              {shown.length === 0 ? (
                <p className="py-8 text-center text-sm text-slate-600">
                  {projects.hasNextPage ? 'None among your most recent projects.' : 'Nothing here.'}
                </p>
              ) : (
                <ul className="mt-4 space-y-3">
                  {shown.map((project) => (
                    <MyProjectRow key={project.id} project={project} />
                  ))}
                </ul>
              )}
              <ShowMore list={projects} label="Show older projects" className="mt-4" />
            </Tabs>
          );
        }}
      </QueryState>
    </>
  );
}
