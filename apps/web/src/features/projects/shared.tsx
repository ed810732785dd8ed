import type { ProjectStatus, QuoteStatus } from '@sciwise/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { projectStatusLabels, quoteStatusLabels, statusTone } from './format.ts';

export function StatusBadge({
  status,
  kind,
  label,
}: {
  status: ProjectStatus | QuoteStatus;
  kind: 'project' | 'quote';
  /** Overrides the label, e.g. the owner's "Waiting for your decision". */
  label?: string;
}) {
  const text =
    label ??
    (kind === 'project'
      ? projectStatusLabels[status as ProjectStatus]
      : quoteStatusLabels[status as QuoteStatus]);
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTone[status],
      )}
    >
      {text}
    </span>
  );
}

/** Loading and error states of a query, in one place; children render only with data. */
export function QueryState({
  query,
  label,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: unknown };
  label: string;
  children: () => ReactNode;
}) {
  if (query.isPending) return <PageSpinner label={label} />;
  // A paged list whose next page failed keeps what it has; its ShowMore reports the failure.
  if (query.isError && query.data === undefined)
    return (
      <Alert
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(query.error)}
      </Alert>
    );
  return <>{children()}</>;
}

export const chatLink = (userId: string) => `/chat?with=${encodeURIComponent(userId)}`;
