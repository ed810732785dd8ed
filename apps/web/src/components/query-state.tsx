import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { PageSpinner } from './ui/spinner.tsx';

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
