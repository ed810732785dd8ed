import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { pageItems } from '../../lib/pages.ts';
import { budgetLabel } from './format.ts';
import { myProjectsQuery, useInvite } from './queries.ts';
import type { MyProject } from '@sciwise/contracts';

interface Expert {
  slug: string;
  name: string;
}

/**
 * "Invite to a project" from an expert's profile: the client's open projects first, each one
 * click from an invitation, and only then a new project with the expert named on it.
 */
export function InviteToProjectDialog({
  expert,
  open,
  onClose,
}: {
  expert: Expert;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={`Invite ${expert.name} to a project`} showTitle>
      {open && <OpenProjects expert={expert} />}
      <div className="mt-5 border-t border-slate-200 pt-4">
        <ButtonLink to={`/create-project?expert=${encodeURIComponent(expert.slug)}`} variant="secondary">
          A new project for {expert.name}
        </ButtonLink>
      </div>
    </Modal>
  );
}

function OpenProjects({ expert }: { expert: Expert }) {
  const projects = useInfiniteQuery(myProjectsQuery);
  if (projects.isPending) return <Spinner label="Loading your open projects..." className="my-6" />;
  if (projects.isError && !projects.data)
    return <RetryAlert onRetry={projects.refetch}>{errorMessage(projects.error)}</RetryAlert>;
  const open = pageItems(projects.data, (page) => page.projects).filter(
    (project) => project.status === 'open',
  );
  if (open.length === 0 && !projects.hasNextPage)
    return (
      <p className="text-sm text-slate-700">
        You have no open projects to invite {expert.name} to. Start one for them below: once it is posted,
        inviting them takes one click.
      </p>
    );
  return (
    <>
      <p className="text-sm text-slate-700">
        {expert.name} is notified at once and can send a quote on the project you choose.
      </p>
      {open.length === 0 && (
        <p className="mt-3 text-sm text-slate-700">
          None of your most recent projects is open; older ones may be.
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-200 rounded-card border border-slate-200 empty:hidden">
        {open.map((project) => (
          <OpenProjectRow key={project.id} project={project} expert={expert} />
        ))}
      </ul>
      <ShowMore list={projects} label="Show older projects" className="mt-3" />
    </>
  );
}

function OpenProjectRow({ project, expert }: { project: MyProject; expert: Expert }) {
  const invite = useInvite(project.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{project.title}</p>
        <p className="text-xs text-slate-600">{budgetLabel(project.budget)}</p>
        {invite.isError && <p className="mt-1 text-sm text-danger-700">{errorMessage(invite.error)}</p>}
      </div>
      {invite.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-success-700">
          Invited
        </p>
      ) : (
        <Button
          size="sm"
          loading={invite.isPending}
          disabled={invite.isPending}
          aria-label={`Invite ${expert.name} to ${project.title}`}
          onClick={() => invite.mutate({ expertSlug: expert.slug })}
        >
          Invite
        </Button>
      )}
    </li>
  );
}
