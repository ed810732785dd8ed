import type { Invitation, PaymentTerms, Quote } from '@sciwise/contracts';
import { REASON_MAX } from '@sciwise/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InputField } from '../../components/ui/field.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { DocumentIcon } from '../../components/ui/app-icons.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { pageItems } from '../../lib/pages.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { StarRating } from '../../components/star-rating.tsx';
import { formatDate, formatMoney } from './format.ts';
import { HireDialog } from './hire-dialog.tsx';
import {
  myInvitationsQuery,
  myQuotesQuery,
  receivedQuotesQuery,
  useAcceptQuote,
  useDeclineQuote,
  useRespondToInvitation,
  useWithdrawQuote,
} from './queries.ts';
import { QuoteForm } from './quote-form.tsx';
import { QuoteMilestones } from './quote-milestones.tsx';
import { chatLink, QueryState, StatusBadge } from './shared.tsx';

function DeclineForm({ quote, onClose }: { quote: Quote; onClose: () => void }) {
  const decline = useDeclineQuote();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    decline.mutate({ id: quote.id, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <form onSubmit={submit} className="space-y-2" aria-label={`Decline ${quote.expert.name}'s quote`}>
      <InputField
        label="Reason for the expert"
        value={reason}
        maxLength={REASON_MAX}
        onChange={(e) => setReason(e.target.value)}
        placeholder="e.g. Over our budget"
      />
      {decline.isError && <p className="text-sm text-danger-700">{errorMessage(decline.error)}</p>}
      <div className="flex gap-2">
        <Button
          type="submit"
          size="sm"
          variant="danger"
          loading={decline.isPending}
          disabled={reason.trim().length < 3}
        >
          Decline quote
        </Button>
        <Button size="sm" variant="secondary" onClick={onClose}>
          Back
        </Button>
      </div>
    </form>
  );
}

/** One quote as a column of the side-by-side comparison. */
function CompareCard({ quote }: { quote: Quote }) {
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const [declining, setDeclining] = useState(false);
  const [hiring, setHiring] = useState(false);
  const hire = (terms: PaymentTerms) =>
    accept.mutate(
      {
        id: quote.id,
        seenUpdatedAt: quote.updatedAt,
        seenTerms: {
          clientFeeBps: terms.clientFeeBps,
          expertFeeBps: terms.expertFeeBps,
          autoReleaseDays: terms.autoReleaseDays,
        },
      },
      { onSuccess: (result) => void navigate(`/profile/workspace/${result.contractId}`) },
    );
  return (
    <article
      className="flex w-72 shrink-0 flex-col gap-3 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:w-80"
      aria-label={`Quote from ${quote.expert.name}`}
    >
      <div className="flex items-center gap-3">
        {quote.expert.avatarUrl && (
          <img
            src={quote.expert.avatarUrl}
            alt=""
            className="size-10 rounded-full bg-slate-100 object-cover"
          />
        )}
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {quote.expert.slug ? (
              <Link to={`/experts/${quote.expert.slug}`} className="hover:underline">
                {quote.expert.name}
              </Link>
            ) : (
              quote.expert.name
            )}
          </p>
          <p className="flex items-center gap-1 text-xs text-slate-600">
            <StarRating rating={quote.expert.rating} /> ({quote.expert.reviewCount})
          </p>
        </div>
      </div>
      <StatusBadge
        status={quote.status}
        kind="quote"
        {...(quote.status === 'submitted' ? { label: 'Waiting for your decision' } : {})}
      />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Price</dt>
          <dd className="text-lg font-bold text-slate-900">
            {formatMoney(quote.price.amountMinor, quote.price.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Duration</dt>
          <dd className="text-lg font-bold text-slate-900">{quote.durationDays} days</dd>
        </div>
      </dl>
      <QuoteMilestones quote={quote} />
      <p className="line-clamp-6 text-sm whitespace-pre-line text-slate-700">{quote.coverLetter}</p>
      {quote.declineReason && <p className="text-sm text-slate-600">Reason: {quote.declineReason}</p>}
      <div className="mt-auto space-y-2">
        {quote.actions.includes('accept') && !declining && (
          <Button
            className="w-full"
            onClick={() => {
              accept.reset();
              setHiring(true);
            }}
          >
            Accept and hire
          </Button>
        )}
        <HireDialog
          quote={quote}
          open={hiring}
          onClose={() => setHiring(false)}
          onConfirm={hire}
          pending={accept.isPending}
          error={accept.error}
        />
        {quote.actions.includes('decline') &&
          (declining ? (
            <DeclineForm quote={quote} onClose={() => setDeclining(false)} />
          ) : (
            <Button variant="secondary" className="w-full" onClick={() => setDeclining(true)}>
              Decline
            </Button>
          ))}
        <ButtonLink to={chatLink(quote.expert.id)} variant="ghost" className="w-full">
          Message {quote.expert.name.split(' ')[0]}
        </ButtonLink>
        {quote.contractId && (
          <ButtonLink to={`/profile/workspace/${quote.contractId}`} className="w-full">
            Open the workspace
          </ButtonLink>
        )}
      </div>
    </article>
  );
}

function Received() {
  const quotes = useQuery(receivedQuotesQuery);
  return (
    <QueryState query={quotes} label="Loading quotes...">
      {() => {
        const all = quotes.data?.quotes ?? [];
        if (all.length === 0)
          return (
            <EmptyState
              icon={<DocumentIcon />}
              title="No quotes received yet"
              actions={<ButtonLink to="/profile/my-projects">My projects</ButtonLink>}
            >
              Invite matching experts from your project's page; their quotes appear here, side by side.
            </EmptyState>
          );
        const byProject = new Map<string, Quote[]>();
        for (const quote of all)
          byProject.set(quote.project.id, [...(byProject.get(quote.project.id) ?? []), quote]);
        return (
          <div className="space-y-8">
            {[...byProject.values()].map((group) => {
              const project = group[0]!.project;
              return (
                <section key={project.id} aria-labelledby={`compare-${project.id}`}>
                  <div className="flex flex-wrap items-center gap-3">
                    <h2 id={`compare-${project.id}`} className="text-lg font-semibold text-slate-900">
                      <Link to={`/projects/${project.id}`} className="hover:underline">
                        {project.title}
                      </Link>
                    </h2>
                    <StatusBadge status={project.status} kind="project" />
                    <span className="text-sm text-slate-600">
                      {group.length} quote{group.length === 1 ? '' : 's'}
                    </span>
                  </div>
                  <div
                    role="region"
                    className="mt-3 flex gap-4 overflow-x-auto pb-2"
                    tabIndex={0}
                    aria-label={`Quotes for ${project.title}, side by side`}
                  >
                    {group.map((quote) => (
                      <CompareCard key={quote.id} quote={quote} />
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
        );
      }}
    </QueryState>
  );
}

function SentQuote({ quote }: { quote: Quote }) {
  const withdraw = useWithdrawQuote();
  const [editing, setEditing] = useState(false);
  return (
    <li className="rounded-card border border-slate-200 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={`/projects/${quote.project.id}`}
          className="min-w-0 flex-1 font-semibold text-slate-900 hover:underline"
        >
          {quote.project.title}
        </Link>
        <span className="font-semibold text-slate-900">
          {formatMoney(quote.price.amountMinor, quote.price.currency)}
        </span>
        <StatusBadge status={quote.status} kind="quote" />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Sent {formatDate(quote.createdAt)} · {quote.durationDays} days · {quote.milestones.length} milestone
        {quote.milestones.length === 1 ? '' : 's'}
        {quote.declineReason ? ` · ${quote.declineReason}` : ''}
      </p>
      {!editing && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700">
            Milestones and acceptance criteria
          </summary>
          <div className="mt-2">
            <QuoteMilestones quote={quote} />
          </div>
        </details>
      )}
      {editing ? (
        <div className="mt-4">
          <QuoteForm
            projectId={quote.project.id}
            currency={quote.price.currency}
            existing={quote}
            onDone={() => setEditing(false)}
          />
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {quote.actions.includes('edit') && (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {quote.actions.includes('withdraw') && (
            <Button
              size="sm"
              variant="secondary"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(quote.id)}
            >
              Withdraw
            </Button>
          )}
          {quote.contractId && (
            <ButtonLink size="sm" to={`/profile/workspace/${quote.contractId}`}>
              Open the workspace
            </ButtonLink>
          )}
        </div>
      )}
      {withdraw.isError && <p className="mt-2 text-sm text-danger-700">{errorMessage(withdraw.error)}</p>}
    </li>
  );
}

function Sent() {
  const quotes = useQuery(myQuotesQuery);
  return (
    <QueryState query={quotes} label="Loading your quotes...">
      {() =>
        (quotes.data?.quotes.length ?? 0) === 0 ? (
          <EmptyState
            icon={<DocumentIcon />}
            title="You have not sent any quotes"
            actions={<ButtonLink to="/profile/browse">Browse projects</ButtonLink>}
          >
            Find an open project in your subjects and send a quote with milestones.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {quotes.data!.quotes.map((quote) => (
              <SentQuote key={quote.id} quote={quote} />
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const respond = useRespondToInvitation();
  return (
    <li className="flex flex-col gap-2 rounded-card border border-slate-200 bg-white p-4 shadow-card sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link
          to={`/projects/${invitation.project.id}`}
          className="font-semibold text-slate-900 hover:underline"
        >
          {invitation.project.title}
        </Link>
        <p className="text-sm text-slate-600">
          From {invitation.client.name} · {formatDate(invitation.createdAt)} ·{' '}
          {invitation.status === 'pending' ? 'Waiting for your answer' : `You ${invitation.status}`}
        </p>
        {respond.isError && <p className="text-sm text-danger-700">{errorMessage(respond.error)}</p>}
      </div>
      {invitation.status === 'pending' && invitation.project.status === 'open' && (
        <div className="flex gap-2">
          <ButtonLink size="sm" to={`/projects/${invitation.project.id}`}>
            View and quote
          </ButtonLink>
          <Button
            size="sm"
            variant="secondary"
            loading={respond.isPending}
            onClick={() => respond.mutate({ id: invitation.id, answer: 'decline' })}
          >
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}

function Invitations() {
  const invitations = useInfiniteQuery(myInvitationsQuery);
  const loaded = pageItems(invitations.data, (page) => page.invitations);
  return (
    <QueryState query={invitations} label="Loading invitations...">
      {() =>
        loaded.length === 0 ? (
          <Alert tone="info">
            No invitations yet. Clients invite experts whose subjects fit their project.
          </Alert>
        ) : (
          <>
            <ul className="space-y-3">
              {loaded.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
            <ShowMore list={invitations} label="Show older invitations" className="mt-4" />
          </>
        )
      }
    </QueryState>
  );
}

type ProposalTab = 'received' | 'sent' | 'invitations';

export function ProposalsPage() {
  const [tab, setTab] = useState<ProposalTab>('received');
  return (
    <>
      <PageHeading title="Proposals">
        Quotes on your projects, compared side by side, and the quotes you sent as an expert.
      </PageHeading>
      <Tabs
        label="Proposals"
        items={[
          { value: 'received', label: 'Received' },
          { value: 'sent', label: 'Sent' },
          { value: 'invitations', label: 'Invitations' },
        ]}
        value={tab}
        onChange={setTab}
      >
        <div className="mt-4">
          {tab === 'received' && <Received />}
          {tab === 'sent' && <Sent />}
          {tab === 'invitations' && <Invitations />}
        </div>
      </Tabs>
    </>
  );
}
