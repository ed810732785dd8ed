import type { CurrentUser } from '@sciwise/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ArrowRightIcon } from '../../components/ui/app-icons.tsx';
import { CheckIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { applicationQuery } from '../experts/queries.ts';
import { payoutsQuery } from '../payouts/queries.ts';
import {
  ExpertActionItems,
  OwnerActionItems,
  useExpertFigures,
  useOwnerFigures,
} from '../projects/action-items.tsx';
import { escrowSummaryQuery } from '../projects/queries.ts';
import {
  amountsText,
  expertMoneyStats,
  expertNothingToDo,
  findWorkCard,
  ownerNothingToDo,
  vettingCard,
} from './dashboard-cards.ts';
import { PageHeading } from '../../components/page-heading.tsx';

interface ChecklistItem {
  label: string;
  done: boolean;
  to: string;
}

function accountChecklist(user: CurrentUser, ...next: ChecklistItem[]): ChecklistItem[] {
  return [
    { label: 'Create your account', done: true, to: '/profile' },
    { label: 'Add a phone number', done: Boolean(user.phoneNumber), to: '/profile' },
    { label: 'Upload a profile picture', done: Boolean(user.avatarUrl), to: '/profile' },
    ...next,
  ];
}

function Checklist({ items, title }: { items: ChecklistItem[]; title: string }) {
  const done = items.filter((item) => item.done).length;
  return (
    <Card title={title} description={`${done} of ${items.length} done`} id="checklist">
      <div className="mb-4 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-600"
          style={{ width: `${(done / items.length) * 100}%` }}
        />
      </div>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.label} className="flex items-center gap-3 text-sm">
            <span
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border',
                item.done ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400 text-transparent',
              )}
            >
              <CheckIcon className="size-3.5" />
            </span>
            {item.done ? (
              <span className="text-slate-600 line-through decoration-slate-400">{item.label}</span>
            ) : (
              <Link to={item.to} className="font-medium text-brand-700 hover:underline">
                {item.label}
              </Link>
            )}
            <span className="sr-only">{item.done ? '(done)' : '(to do)'}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ActionCard({
  title,
  text,
  to,
  cta,
  secondary,
}: {
  title: string;
  text: ReactNode;
  to: string;
  cta: string;
  secondary?: { to: string; cta: string } | undefined;
}) {
  const link = 'inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline';
  return (
    <div className="flex flex-col rounded-card border border-slate-200 bg-white p-5 shadow-card">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{text}</p>
      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
        <Link to={to} className={link}>
          {cta}
          <ArrowRightIcon className="size-4" />
        </Link>
        {secondary && (
          <Link to={secondary.to} className={link}>
            {secondary.cta}
            <ArrowRightIcon className="size-4" />
          </Link>
        )}
      </div>
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold break-words text-slate-900 tabular-nums sm:text-2xl">{value}</p>
      <p className="mt-1 text-xs text-slate-600">{hint}</p>
    </div>
  );
}

const LOADING = '…';
/** A money figure: "…" while loading, a plain "Not available" (never a made-up amount) on error. */
function moneyValue(query: { isPending: boolean; isError: boolean }, value: () => string): string {
  if (query.isPending) return LOADING;
  if (query.isError) return 'Not available';
  return value();
}

function useExpertMoney() {
  const escrow = useQuery(escrowSummaryQuery);
  const payouts = useInfiniteQuery(payoutsQuery);
  const balances = payouts.data?.pages[0]?.balances ?? [];
  const stats = expertMoneyStats(escrow.data?.asExpert ?? [], balances);
  return [
    { ...stats[0]!, value: moneyValue(escrow, () => stats[0]!.value) },
    { ...stats[1]!, value: moneyValue(payouts, () => stats[1]!.value) },
    { ...stats[2]!, value: moneyValue(payouts, () => stats[2]!.value) },
  ];
}

function ExpertProfileCards({ hasWork }: { hasWork: boolean }) {
  const application = useQuery(applicationQuery);
  if (application.isPending)
    return <Spinner className="sm:col-span-2" label="Loading your expert profile..." />;
  if (application.isError)
    return (
      <p className="text-sm text-danger-700 sm:col-span-2">
        We could not load your expert profile’s status. Reload to try again.
      </p>
    );
  return (
    <>
      <ActionCard {...vettingCard(application.data)} />
      <ActionCard {...findWorkCard(application.data, hasWork)} />
    </>
  );
}

function ExpertChecklist() {
  const user = useSignedInUser();
  const application = useQuery(applicationQuery);
  if (application.isPending) return <Spinner label="Loading your checklist..." />;
  const status = application.data?.status;
  return (
    <Checklist
      title="Get ready to be hired"
      items={accountChecklist(
        user,
        {
          label: 'Complete your expert profile',
          done: status === 'submitted' || status === 'approved',
          to: '/join-expert',
        },
        // The vetting team's move, not the expert's: listed so "done" means hireable.
        { label: 'Get approved by the vetting team', done: status === 'approved', to: '/join-expert' },
      )}
    />
  );
}

export function FreelancerDashboardPage() {
  const user = useSignedInUser();
  const figures = useExpertFigures();
  const application = useQuery(applicationQuery);
  const money = useExpertMoney();
  const count = (n: number) => (figures.loading ? LOADING : String(n));
  return (
    <>
      <PageHeading
        title={`Welcome, ${user.firstName}`}
        actions={<ButtonLink to="/profile/browse">Browse projects</ButtonLink>}
      >
        This is your freelance workspace
      </PageHeading>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Stat
          label="Open proposals"
          value={count(figures.openQuotes)}
          hint="Quotes you have sent and that await an answer"
        />
        <Stat label="Invitations" value={count(figures.invitations)} hint="Clients asking you to quote" />
        <Stat
          label="Active contracts"
          value={count(figures.activeContracts)}
          hint="Work in progress, paid milestone by milestone"
        />
        {money.map((stat) => (
          <Stat key={stat.label} {...stat} />
        ))}
      </div>
      <div className="mt-6">
        <ExpertActionItems
          empty={
            application.data ? expertNothingToDo(application.data) : 'Nothing needs your action right now.'
          }
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <ExpertProfileCards hasWork={figures.hasWork} />
          <ActionCard
            title="How you get paid"
            text="The client funds each milestone into escrow before you start on it; it is released to you when they approve."
            to="/profile/payment"
            cta="Payment details"
          />
          <ActionCard
            title="Keep your account safe"
            text="Review the devices signed in to your account and change your password."
            to="/profile/settings"
            cta="Account Setting"
          />
        </div>
        <ExpertChecklist />
      </div>
    </>
  );
}

export function OwnerDashboardPage() {
  const user = useSignedInUser();
  const figures = useOwnerFigures();
  const escrow = useQuery(escrowSummaryQuery);
  const count = (n: number) => (figures.loading ? LOADING : String(n));
  const projects = figures.projects;
  return (
    <>
      <PageHeading
        title={`Welcome, ${user.firstName}`}
        actions={<ButtonLink to="/create-project">Post a project</ButtonLink>}
      >
        You're managing projects as an owner
      </PageHeading>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label="Open projects" value={count(figures.open)} hint="Projects that are receiving quotes" />
        <Stat
          label="Quotes to review"
          value={count(figures.toReview)}
          hint="Proposals waiting for your decision"
        />
        <Stat
          label="Running contracts"
          value={count(figures.runningContracts)}
          hint="Each milestone funded into escrow, released when you approve"
        />
        <Stat
          label="In escrow"
          value={moneyValue(escrow, () => amountsText(escrow.data?.asClient ?? []))}
          hint="Milestones you funded and have not released yet"
        />
      </div>
      <div className="mt-6">
        <OwnerActionItems empty={ownerNothingToDo(projects, figures.runningContracts)} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <ActionCard
            title="Post a project"
            text="Describe the work and budget in under 5 minutes; matching experts are listed as soon as it is live."
            to="/create-project"
            cta="Post a project"
          />
          <ActionCard
            title="Find an expert"
            text="Browse vetted scientists and industry experts and invite them to quote."
            to="/find-an-expert"
            cta="Browse experts"
          />
          <ActionCard
            title="How paying works"
            text="Nothing is charged when you hire: you fund each milestone into escrow when work on it starts, and release it when you approve."
            to="/profile/payment"
            cta="Payment details"
          />
          <ActionCard
            title="Need help scoping?"
            text="A project manager can write the brief and shortlist experts for you."
            to="/concierge"
            cta="Concierge Services"
          />
        </div>
        <Checklist
          title="Get ready to hire"
          items={accountChecklist(user, {
            label: 'Post your first project',
            done: projects.some((p) => p.status !== 'draft'),
            to: '/create-project',
          })}
        />
      </div>
    </>
  );
}
