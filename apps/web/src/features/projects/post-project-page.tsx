import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/queries.ts';
import { expertProfileQuery } from '../experts/queries.ts';
import { PageHero } from '../../components/page-hero.tsx';
import { MatchesPanel } from './matches-panel.tsx';
import { ProjectEditor } from './project-editor.tsx';
import {
  applyPreset,
  clearLocalDraft,
  emptyValues,
  hasContent,
  hasPostIntent,
  loadLocalDraft,
  servicePresets,
  toDraft,
  valuesFromProject,
  type ProjectFormValues,
} from './project-form-values.ts';
import { createProject, projectKeys, projectViewQuery, publishProject, useInvite } from './queries.ts';

/** Came from an expert's profile ("Invite to a project"): that expert is one click away. */
function InviteChosenExpert({ projectId, slug }: { projectId: string; slug: string }) {
  const profile = useQuery(expertProfileQuery(slug));
  const invite = useInvite(projectId);
  if (!profile.data) return null;
  const name = profile.data.name;
  return (
    <Alert tone="info" title={`You came here to hire ${name}`}>
      {invite.isSuccess ? (
        <p>{name} is invited and has been notified.</p>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button size="sm" loading={invite.isPending} onClick={() => invite.mutate({ expertSlug: slug })}>
            Invite {name} to quote
          </Button>
          {invite.isError && <span className="text-sm text-danger-700">{errorMessage(invite.error)}</span>}
        </div>
      )}
    </Alert>
  );
}

/** Names the expert this new project is for, so the person knows why they are here. */
function ProjectForExpert({ slug }: { slug: string }) {
  const profile = useQuery(expertProfileQuery(slug));
  if (!profile.data) return null;
  return (
    <p className="mt-3 font-semibold text-white">
      A new project for {profile.data.name}: once it is posted, inviting them takes one click.
    </p>
  );
}

function Published({ projectId, expertSlug }: { projectId: string; expertSlug: string | null }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <Alert tone="success" title="Your project is live">
        Experts who fit are listed below: invite the ones you like, they are notified at once. Quotes arrive
        on your{' '}
        <Link to="/profile/proposals" className="font-semibold underline">
          Proposals
        </Link>{' '}
        page.
      </Alert>
      {expertSlug && <InviteChosenExpert projectId={projectId} slug={expertSlug} />}
      <div className="flex flex-wrap gap-3">
        <ButtonLink to={`/projects/${projectId}`}>View your project</ButtonLink>
        <ButtonLink to="/profile/my-projects" variant="secondary">
          My projects
        </ButtonLink>
      </div>
      <MatchesPanel projectId={projectId} canInvite offeredSlug={expertSlug} />
    </div>
  );
}

/** A project saved on the server, opened again: a draft to finish, or a live one to edit. */
function ServerDraft({ id, onPublished }: { id: string; onPublished: (id: string) => void }) {
  const view = useQuery(projectViewQuery(id));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Pages already seen show the old text until told otherwise.
  const showSaved = () =>
    void queryClient.invalidateQueries({ queryKey: projectKeys.all }).then(() => navigate(`/projects/${id}`));
  if (view.isPending) return <PageSpinner label="Opening your draft..." />;
  const details = view.data?.details;
  if (view.isError || !details) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert>
          {view.isError && !(isApiError(view.error) && view.error.status === 404)
            ? errorMessage(view.error)
            : 'We could not find that draft.'}
        </Alert>
        <ButtonLink to="/create-project" className="mt-4">
          Start a new project
        </ButtonLink>
      </div>
    );
  }
  if (details.status !== 'draft' && details.status !== 'open') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert tone="info" title="This project can no longer be edited">
          An expert has been hired or the project was closed.
        </Alert>
        <ButtonLink to={`/projects/${id}`} className="mt-4">
          Open the project
        </ButtonLink>
      </div>
    );
  }
  return (
    <ProjectEditor
      initial={valuesFromProject(details)}
      signedIn
      projectId={id}
      attachments={details.attachments}
      onPublished={details.status === 'open' ? showSaved : onPublished}
      live={details.status === 'open'}
    />
  );
}

/**
 * A visitor's words typed while signed out move to their new account: created as a server
 * draft, then posted at once when they signed up by pressing "post".
 */
function MoveLocalDraft({
  values,
  publish,
  onDone,
}: {
  values: ProjectFormValues;
  publish: boolean;
  onDone: (id: string, published: boolean, problem?: string) => void;
}) {
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const created = await createProject(toDraft(values));
        clearLocalDraft();
        if (publish) {
          try {
            await publishProject(created.id);
            onDone(created.id, true);
            return;
          } catch (failure) {
            // Saved but not posted (for example, the new account's address is not confirmed yet):
            // the draft opens with the reason above it.
            onDone(
              created.id,
              false,
              errorMessage(failure, 'Your project was saved as a draft but could not be posted yet.'),
            );
            return;
          }
        }
        onDone(created.id, false);
      } catch (failure) {
        setError(
          errorMessage(failure, 'We could not save your project. Your text is still in this browser.'),
        );
      }
    })();
  }, [values, publish, onDone]);
  if (error)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <Alert>{error}</Alert>
      </div>
    );
  return <PageSpinner label="Saving your project to your account..." />;
}

export function PostProjectPage() {
  const { status } = useAuth();
  const [params, setParams] = useSearchParams();
  const service = params.get('service');
  const published = params.get('published');
  // From an expert's profile: kept through drafts and sign-up, offered once the project is live.
  const expertSlug = params.get('expert');
  const keep = useCallback(
    (next: Record<string, string>) => (expertSlug ? { ...next, expert: expertSlug } : next),
    [expertSlug],
  );
  const [bootDraft] = useState(() => params.get('draft'));
  const [localDraft] = useState(() => loadLocalDraft());
  const [moved, setMoved] = useState<string | null>(null);
  const [moveProblem, setMoveProblem] = useState<string | null>(null);
  const preset = service ? servicePresets[service] : undefined;

  const onPublished = useCallback(
    (id: string) => setParams(keep({ published: id }), { replace: true }),
    [setParams, keep],
  );
  const onMoved = useCallback(
    (id: string, wasPublished: boolean, problem?: string) => {
      setMoved(id);
      setMoveProblem(problem ?? null);
      setParams(keep(wasPublished ? { published: id } : { draft: id }), { replace: true });
    },
    [setParams, keep],
  );

  // Read at this moment, not at mount: the visitor may have typed a lot since.
  const pendingLocal = status === 'signed-in' && !moved && !bootDraft && !published ? loadLocalDraft() : null;

  let body;
  if (published) body = <Published projectId={published} expertSlug={expertSlug} />;
  else if (status === 'loading') body = <PageSpinner />;
  else if (status === 'signed-out')
    body = (
      <ProjectEditor
        initial={applyPreset(localDraft ?? emptyValues, service)}
        signedIn={false}
        projectId={null}
        attachments={[]}
        onPublished={onPublished}
      />
    );
  else if (moved || bootDraft)
    body = (
      <>
        {moveProblem && (
          <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
            <Alert>{moveProblem}</Alert>
          </div>
        )}
        <ServerDraft id={(moved ?? bootDraft)!} onPublished={onPublished} />
      </>
    );
  else if (pendingLocal && hasContent(pendingLocal))
    body = (
      <MoveLocalDraft
        values={pendingLocal}
        publish={params.get('publish') === '1' || hasPostIntent()}
        onDone={onMoved}
      />
    );
  else
    body = (
      <ProjectEditor
        initial={applyPreset(emptyValues, service)}
        signedIn
        projectId={null}
        attachments={[]}
        onPublished={onPublished}
      />
    );

  return (
    <>
      <PageHero
        eyebrow={preset ? `Request a service · ${preset.label}` : 'Post a project'}
        title="Post a project in under 5 minutes"
      >
        <p>
          Describe the work, choose the expertise and a budget. Matching experts are listed the moment you
          post, and you pay only for milestones you approve.
        </p>
        {expertSlug && !published && <ProjectForExpert slug={expertSlug} />}
      </PageHero>
      {body}
    </>
  );
}
