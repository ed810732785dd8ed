import type { ProjectDetails, ProjectSummary } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { FlagIcon } from '../../components/ui/app-icons.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useAuthModal } from '../auth/auth-modal-context.tsx';
import { useAuth } from '../auth/queries.ts';
import { ReportDialog } from '../moderation/report-dialog.tsx';
import { PageHero } from '../../components/page-hero.tsx';
import { ConfidentialNote, LockedBrief, QUOTE_AFTER_ACCEPTING, SubjectTags } from './confidential-brief.tsx';
import { WhoReadTheBrief } from './confidentiality-log.tsx';
import { budgetLabel, categoryLabel, formatDate, postedAgo } from './format.ts';
import { MatchesPanel } from './matches-panel.tsx';
import { projectViewQuery, useCancelProject, useRespondToInvitation } from './queries.ts';
import { MyQuote } from './my-quote.tsx';
import { ProjectAttachments, SpentLinkNotice } from './project-attachments.tsx';
import { QuoteForm } from './quote-form.tsx';
import { chatLink, StatusBadge } from './shared.tsx';

function Facts({ summary, details }: { summary: ProjectSummary; details: ProjectDetails | null }) {
  const facts: [string, string][] = [
    ['Category', categoryLabel(summary.category)],
    ['Budget', budgetLabel(summary.budget)],
    ['Posted', summary.publishedAt ? formatDate(summary.publishedAt) : 'Not posted yet'],
  ];
  if (details) {
    facts.push(['Deadline', details.deadline ? formatDate(details.deadline) : 'No fixed deadline']);
    facts.push(['Client', details.owner.name]);
    facts.push(['Quotes so far', String(details.quoteCount)]);
  }
  return (
    <dl className="grid gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-card sm:grid-cols-3">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1 text-sm font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SignInPrompt() {
  const { openAuthModal } = useAuthModal();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Alert tone="info" title="Sign in to see the full brief">
      <p>Project details, attachments and quoting are open to signed-in members only.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button size="sm" onClick={() => openAuthModal('login', here)}>
          Sign in
        </Button>
        <Button size="sm" variant="secondary" onClick={() => openAuthModal('signup', here)}>
          Create an account
        </Button>
      </div>
    </Alert>
  );
}

function OwnerPanel({ project }: { project: ProjectDetails }) {
  const cancel = useCancelProject();
  const [confirming, setConfirming] = useState(false);
  const actions = project.viewer.actions;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-3">
        {project.status === 'draft' && (
          <ButtonLink to={`/create-project?draft=${project.id}`}>Continue editing and post</ButtonLink>
        )}
        {project.status === 'open' && actions.includes('edit') && (
          <ButtonLink to={`/create-project?draft=${project.id}`} variant="secondary">
            Edit project
          </ButtonLink>
        )}
        {project.status === 'open' && (
          <ButtonLink to="/profile/proposals">
            {project.quoteCount > 0
              ? `Compare ${project.quoteCount} quote${project.quoteCount === 1 ? '' : 's'}`
              : 'Quotes'}
          </ButtonLink>
        )}
        {project.viewer.contractId && (
          <ButtonLink to={`/profile/workspace/${project.viewer.contractId}`}>Open the workspace</ButtonLink>
        )}
        {actions.includes('cancel') &&
          (confirming ? (
            <span className="flex flex-wrap items-center gap-2 text-sm">
              Cancel this project? Waiting quotes are closed.
              <Button
                variant="danger"
                size="sm"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(project.id)}
              >
                Yes, cancel it
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </span>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel project
            </Button>
          ))}
      </div>
      {cancel.isError && <Alert>{errorMessage(cancel.error)}</Alert>}
      {(project.status === 'open' || project.status === 'draft') && (
        <MatchesPanel projectId={project.id} canInvite={actions.includes('invite')} />
      )}
    </div>
  );
}

function ExpertPanel({ project }: { project: ProjectDetails }) {
  const respond = useRespondToInvitation();
  const [quoting, setQuoting] = useState(false);
  const { invitation, actions, myQuoteId } = project.viewer;
  const locked = actions.includes('accept_nda');
  return (
    <div className="space-y-4">
      {invitation?.status === 'pending' && (
        <Alert tone="info" title={`${project.owner.name} invited you to quote`}>
          <div className="mt-2 flex flex-wrap gap-3">
            <Button
              size="sm"
              loading={respond.isPending}
              onClick={() => {
                respond.mutate({ id: invitation.id, answer: 'accept' });
                setQuoting(true);
              }}
            >
              Accept and quote
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => respond.mutate({ id: invitation.id, answer: 'decline' })}
            >
              Decline
            </Button>
          </div>
        </Alert>
      )}
      {respond.isError && <Alert>{errorMessage(respond.error)}</Alert>}
      {myQuoteId && (
        <Alert tone="success" title="You have quoted on this project">
          Follow it, edit it or withdraw it on your{' '}
          <Link to="/profile/proposals" className="font-semibold underline">
            Proposals
          </Link>{' '}
          page.
        </Alert>
      )}
      {myQuoteId && <MyQuote quoteId={myQuoteId} />}
      {actions.includes('quote') &&
        (quoting ? (
          <section
            aria-labelledby="quote-heading"
            className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
          >
            <h2 id="quote-heading" className="mb-4 text-lg font-semibold text-slate-900">
              Your quote
            </h2>
            <QuoteForm
              projectId={project.id}
              currency={project.budget.currency}
              onDone={() => setQuoting(false)}
            />
          </section>
        ) : (
          <Button size="lg" onClick={() => setQuoting(true)}>
            Send a quote
          </Button>
        ))}
      {locked && !myQuoteId && project.status === 'open' && (
        <p className="text-sm text-slate-600">{QUOTE_AFTER_ACCEPTING}</p>
      )}
      {!locked && !actions.includes('quote') && !myQuoteId && project.status === 'open' && (
        <p className="text-sm text-slate-600">
          Only vetted experts can quote.{' '}
          <Link to="/join-expert" className="font-semibold text-brand-700 underline">
            Join as an expert
          </Link>{' '}
          to apply.
        </p>
      )}
      {(invitation || myQuoteId) && (
        <ButtonLink to={chatLink(project.owner.id)} variant="secondary">
          Message {project.owner.name}
        </ButtonLink>
      )}
    </div>
  );
}

/**
 * A project moderators removed: its owner reads when and why; an administrator or the hired
 * expert, who still see it, read that nobody else does.
 */
function RemovalNotice({
  project,
  removal,
}: {
  project: ProjectDetails;
  removal: NonNullable<ProjectDetails['removal']>;
}) {
  const { user } = useAuth();
  const when = `Sciwise moderators removed this project on ${formatDate(removal.at)}.`;
  if (project.viewer.isOwner)
    return (
      <Alert tone="warning" title="This project was removed">
        <p>
          {when} The reason: {removal.reason}
        </p>
        <p className="mt-2">
          It no longer appears on Sciwise: only you, administrators and an expert you hired can still see it.
          If you think this is a mistake, reply to the e-mail we sent you about it.
        </p>
      </Alert>
    );
  if (user?.role === 'admin')
    return (
      <Alert tone="warning" title="This project was removed">
        <p>
          {when} The reason: {removal.reason}
        </p>
        <p className="mt-2">Only its owner, administrators and an expert hired on it can still see it.</p>
      </Alert>
    );
  return (
    <Alert tone="warning" title="This project was removed">
      {when} Only you, its owner and administrators can still see it.
    </Alert>
  );
}

/** A quiet way to tell the moderators about a project, beneath the brief. */
function ReportProject({ projectId }: { projectId: string }) {
  const [reporting, setReporting] = useState(false);
  return (
    <div className="flex justify-end">
      <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
        <FlagIcon className="size-4" />
        Report this project
      </Button>
      {reporting && (
        <ReportDialog target={{ subject: 'project', id: projectId }} onClosed={() => setReporting(false)} />
      )}
    </div>
  );
}

/**
 * The full brief: the description, subjects and files. Focused when it has just been unlocked, so
 * a screen reader goes on from the agreement to what it opened.
 */
function Brief({ project, focusHeading }: { project: ProjectDetails; focusHeading: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <section
      aria-labelledby="brief-heading"
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <h2
        id="brief-heading"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        The brief
      </h2>
      <ConfidentialNote project={project} />
      <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{project.description}</p>
      <SubjectTags subjects={project.subjects} />
      <ProjectAttachments project={project} />
    </section>
  );
}

export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const view = useQuery(projectViewQuery(id));
  const { user } = useAuth();
  // Set when this viewer accepts the agreement here: the brief that opens takes the focus.
  const [justUnlocked, setJustUnlocked] = useState(false);
  if (view.isPending) return <PageSpinner label="Loading the project..." />;
  if (view.isError) {
    const missing = isApiError(view.error) && (view.error.status === 404 || view.error.status === 400);
    return (
      <>
        <PageHero title={missing ? 'Project not found' : 'Something went wrong'} />
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <Alert>
            {missing
              ? 'This project does not exist, or it is not shared with you.'
              : errorMessage(view.error)}
          </Alert>
          <ButtonLink to="/projects" className="mt-4">
            See open projects
          </ButtonLink>
        </div>
      </>
    );
  }
  const { summary, details } = view.data;
  return (
    <>
      <PageHero
        eyebrow={postedAgo(summary.publishedAt) || 'Project'}
        title={summary.title || 'Untitled project'}
      >
        {details && <StatusBadge status={details.status} kind="project" />}
      </PageHero>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
        <SpentLinkNotice />
        {details?.removal && <RemovalNotice project={details} removal={details.removal} />}
        <Facts summary={summary} details={details} />
        {!details ? (
          <SignInPrompt />
        ) : (
          <>
            {details.confidentiality && !details.confidentiality.unlocked ? (
              <LockedBrief project={details} onUnlocked={() => setJustUnlocked(true)} />
            ) : (
              <Brief project={details} focusHeading={justUnlocked} />
            )}
            {details.confidentiality && (details.viewer.isOwner || user?.role === 'admin') && (
              <WhoReadTheBrief projectId={details.id} isOwner={details.viewer.isOwner} />
            )}
            {details.viewer.actions.includes('report') && <ReportProject projectId={details.id} />}
            {details.viewer.isOwner ? <OwnerPanel project={details} /> : <ExpertPanel project={details} />}
          </>
        )}
      </div>
    </>
  );
}
