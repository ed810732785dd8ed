import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { PageSpinner } from './ui/spinner.tsx';
import { RetryAlert } from './ui/retry-alert.tsx';

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
    return <RetryAlert onRetry={query.refetch}>{errorMessage(query.error)}</RetryAlert>;
  return <>{children()}</>;
}
