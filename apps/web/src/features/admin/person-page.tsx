import type { AdminPerson, AdminPersonDetail } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { BlockedIcon, UsersIcon } from '../../components/ui/app-icons.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ChevronLeftIcon } from '../../components/ui/icons.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { MovementsList } from '../billing/movements-list.tsx';
import { StatusBadge } from '../projects/shared.tsx';
import { ContractStatusBadge } from '../workspace/contract-status-badge.tsx';
import { AdminOnly, AuditEntryItem, Badge } from './parts.tsx';
import type { PeopleListState } from './people-page.tsx';
import { personQuery, type SuspensionChange } from './queries.ts';
import { SuspensionDialog } from './suspension-dialog.tsx';
import { expertStatusText, fullName, roleLabels } from './words.ts';

/**
 * What an administrator may do to this account, or why nothing: the server's rules (one's own
 * account, an administrator's, a deleted one), said before anyone presses a button the server
 * would refuse.
 */
export function suspensionAction(
  person: AdminPerson,
  viewerId: string,
): { change: SuspensionChange } | { reason: string } {
  if (person.id === viewerId)
    return { reason: 'This is your own account: another administrator would have to suspend or restore it.' };
  if (person.role === 'admin')
    return {
      reason: 'Administrators’ accounts cannot be suspended here; settle it with the team directly.',
    };
  if (person.deleted)
    return { reason: 'This account was deleted, so there is nothing to suspend or restore.' };
  return { change: person.suspension ? 'restore' : 'suspend' };
}

function Facts({ person }: { person: AdminPerson }) {
  const facts: [string, ReactNode][] = [
    ['E-mail', <span className="break-all">{person.email}</span>],
    ['Joined', <time dateTime={person.joinedAt}>{formatDate(person.joinedAt)}</time>],
    ['Role', roleLabels[person.role]],
    ['Expert application', expertStatusText(person.expertStatus)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-card border border-slate-200 bg-white p-5 text-sm shadow-card sm:grid-cols-2 lg:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-slate-500">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function SuspensionBanner({ suspension }: { suspension: NonNullable<AdminPerson['suspension']> }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-card border border-danger-600/40 bg-danger-50 px-4 py-4 text-sm text-danger-800 sm:px-5"
    >
      <BlockedIcon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">
          Suspended since <time dateTime={suspension.at}>{formatDateTime(suspension.at)}</time>
        </p>
        <p className="mt-1">
          They were signed out everywhere and cannot sign in. The reason they were given:
        </p>
        <blockquote className="mt-2 border-l-4 border-danger-600/40 pl-3 whitespace-pre-line break-words text-slate-900">
          {suspension.reason}
        </blockquote>
      </div>
    </div>
  );
}

/** One line of a short list: a linked title, what it is, and when it started. */
function ListRow({
  to,
  title,
  children,
  at,
}: {
  to: string;
  title: string;
  children: ReactNode;
  at: string;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <Link to={to} className="min-w-0 font-medium break-words text-brand-800 hover:underline">
        {title}
      </Link>
      <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {children}
        <span>
          Created <time dateTime={at}>{formatDate(at)}</time>
        </span>
      </span>
    </li>
  );
}

const None = ({ children, boxed = false }: { children: ReactNode; boxed?: boolean }) => (
  <p
    className={cn(
      'text-sm text-slate-600',
      boxed && 'rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6',
    )}
  >
    {children}
  </p>
);

function Sections({ detail }: { detail: AdminPersonDetail }) {
  const name = detail.person.firstName;
  return (
    <div className="space-y-6">
      <Card
        id="person-projects"
        title="Projects"
        description={`Projects ${name} posted, recently changed first.`}
      >
        {detail.projects.length === 0 ? (
          <None>{name} has not posted a project.</None>
        ) : (
          <ul className="divide-y divide-slate-100">
            {detail.projects.map((project) => (
              <ListRow
                key={project.id}
                to={`/projects/${project.id}`}
                title={project.title}
                at={project.createdAt}
              >
                <StatusBadge status={project.status} kind="project" />
              </ListRow>
            ))}
          </ul>
        )}
      </Card>
      <Card
        id="person-contracts"
        title="Contracts"
        description={`Contracts ${name} is on, as the client or as the expert, newest first.`}
      >
        {detail.contracts.length === 0 ? (
          <None>{name} is on no contract.</None>
        ) : (
          <ul className="divide-y divide-slate-100">
            {detail.contracts.map((contract) => (
              <ListRow
                key={contract.id}
                to={`/profile/workspace/${contract.id}`}
                title={contract.title}
                at={contract.createdAt}
              >
                <span className="font-medium text-slate-700">
                  {contract.side === 'client' ? 'As client' : 'As expert'}
                </span>
                <ContractStatusBadge status={contract.status} />
              </ListRow>
            ))}
          </ul>
        )}
      </Card>
      <section aria-labelledby="person-money" className="space-y-3">
        <div>
          <h2 id="person-money" className="text-base font-semibold text-slate-900">
            Money
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {name}’s latest movements as their own billing page shows them, newest first: + is money to them,
            − money from them.
          </p>
        </div>
        {detail.money.length === 0 ? (
          <None boxed>{name} has not funded a milestone, been paid for one, or had anything refunded.</None>
        ) : (
          <MovementsList
            movements={detail.money}
            showBalance={detail.money.some((movement) => movement.balanceAfter !== null)}
            caption={`${fullName(detail.person)}’s movements, newest first`}
          />
        )}
      </section>
      <section aria-labelledby="person-audit" className="space-y-3">
        <div>
          <h2 id="person-audit" className="text-base font-semibold text-slate-900">
            Admin actions
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What administrators did about this account, the content they posted and their contracts’ disputes,
            newest first, from the{' '}
            <Link to="/profile/admin/audit-log" className="font-medium text-brand-700 hover:underline">
              audit log
            </Link>
            .
          </p>
        </div>
        {detail.audit.length === 0 ? (
          <None boxed>No administrator has acted on this account yet.</None>
        ) : (
          <ul className="space-y-3" aria-label={`Admin actions on ${fullName(detail.person)}`}>
            {detail.audit.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} linkSubject={false} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Person({ detail }: { detail: AdminPersonDetail }) {
  const viewer = useSignedInUser();
  const [dialog, setDialog] = useState<SuspensionChange | null>(null);
  const { person } = detail;
  const action = suspensionAction(person, viewer.id);
  return (
    <>
      <PageHeading
        title={fullName(person)}
        actions={
          // One button whose words change: focus comes back to it after the dialog, whichever it shows.
          'change' in action && (
            <Button
              variant={action.change === 'suspend' ? 'danger' : 'primary'}
              onClick={() => setDialog(action.change)}
            >
              {action.change === 'suspend' ? 'Suspend account' : 'Restore account'}
            </Button>
          )
        }
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="break-all">{person.email}</span>
          {person.suspension && <Badge tone="danger">Suspended</Badge>}
          {person.deleted && <Badge tone="neutral">Deleted</Badge>}
        </span>
      </PageHeading>
      <div className="space-y-6">
        {person.suspension && <SuspensionBanner suspension={person.suspension} />}
        {'reason' in action && <Alert tone="info">{action.reason}</Alert>}
        <Facts person={person} />
        <Sections detail={detail} />
      </div>
      {dialog && <SuspensionDialog change={dialog} person={person} onClosed={() => setDialog(null)} />}
    </>
  );
}

function PersonDetail({ id }: { id: string }) {
  const detail = useQuery(personQuery(id));
  if (isApiError(detail.error) && detail.error.status === 404 && !detail.data)
    return (
      <EmptyState
        icon={<UsersIcon className="size-6" />}
        title="No such member"
        actions={<ButtonLink to="/profile/admin/people">Search People</ButtonLink>}
      >
        {detail.error.message} The link may be mistyped; search for them by name or e-mail instead.
      </EmptyState>
    );
  return (
    <QueryState query={detail} label="Loading the member...">
      {() => <Person detail={detail.data!} />}
    </QueryState>
  );
}

/** `/profile/admin/people/:id`: one member, their work and money, and the suspension controls. */
export function AdminPersonPage() {
  const { id = '' } = useParams();
  const state = useLocation().state as Partial<PeopleListState> | null;
  const back = state?.peopleSearch?.startsWith('?') ? state.peopleSearch : '';
  return (
    <>
      <Link
        to={`/profile/admin/people${back}`}
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeftIcon className="size-4" />
        {back ? 'Back to the search' : 'People'}
      </Link>
      <AdminOnly>
        <PersonDetail id={id} />
      </AdminOnly>
    </>
  );
}
