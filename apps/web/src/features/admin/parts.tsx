import type { AuditEntry } from '@sciwise/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ShieldIcon } from '../../components/ui/icons.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSignedInUser } from '../auth/queries.ts';
import { actionWords } from './words.ts';

// The pieces the admin console's pages share.

// The shared pill, where the console's pages have always imported it from.
export { Badge };

/** The page's content for administrators; anyone else is told the page is not for them. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  if (user.role === 'admin') return <>{children}</>;
  return (
    <EmptyState icon={<ShieldIcon className="size-6" />} title="Admins only">
      This page is for the Sciwise team.
    </EmptyState>
  );
}

export const personPath = (id: string) => `/profile/admin/people/${encodeURIComponent(id)}`;

/** One line of the audit log: who did what to whom (or to which contract), when, and the reason they gave. */
export function AuditEntryItem({ entry, linkSubject = true }: { entry: AuditEntry; linkSubject?: boolean }) {
  const words = actionWords[entry.action];
  const { subject, contract } = entry;
  return (
    <li className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 break-words text-slate-900">
          <span className="font-semibold">{entry.actor.name}</span> {words.verb}{' '}
          {subject && linkSubject && (
            <Link
              to={personPath(subject.id)}
              className="font-semibold text-brand-800 underline-offset-2 hover:underline"
            >
              {subject.name}
            </Link>
          )}
          {subject && !linkSubject && <span className="font-semibold">{subject.name}</span>}
          {!subject && contract && <span className="font-semibold">{contract.title}</span>}
        </p>
        <p className="flex items-center gap-2 text-sm whitespace-nowrap text-slate-600">
          <Badge tone={words.tone}>{words.badge}</Badge>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </p>
      </div>
      {entry.reason && (
        <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 text-sm whitespace-pre-line break-words text-slate-700">
          {entry.reason}
        </blockquote>
      )}
    </li>
  );
}
