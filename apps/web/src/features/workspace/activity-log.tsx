import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from './format.ts';
import { activityQuery } from './queries.ts';

/** Who did what and when, newest first, as the server recorded it; older entries on demand. */
export function ActivityLog({ contractId }: { contractId: string }) {
  const activity = useInfiniteQuery(activityQuery(contractId));
  const entries = activity.data?.pages.flatMap((page) => page.activity) ?? [];
  return (
    <section
      aria-labelledby="activity-heading"
      className="rounded-card border border-slate-200 bg-white p-4 shadow-card sm:p-5"
    >
      <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
        Activity
      </h2>
      <p className="text-xs text-slate-600">
        Every step on this contract, as recorded. Entries are never edited.
      </p>
      <div className="mt-4">
        {activity.isPending ? (
          <Spinner label="Loading the activity..." />
        ) : !activity.data ? (
          <Alert
            action={
              <Button size="sm" variant="secondary" onClick={() => void activity.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(activity.error)}
          </Alert>
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has happened on this contract yet.</p>
        ) : (
          <>
            <ol className="relative space-y-4 border-l border-slate-200 pl-4" aria-label="Contract activity">
              {entries.map((entry) => (
                <li key={entry.id} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-white bg-brand-600"
                  />
                  <p className="text-sm text-slate-800">{entry.text}</p>
                  <p className="text-xs text-slate-600">
                    {entry.actor ? `${entry.actor.name} · ` : 'Sciwise · '}
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ol>
            {/* A failed page keeps what was loaded: the error shows under it, with a retry. */}
            {activity.isFetchNextPageError && <Alert className="mt-3">{errorMessage(activity.error)}</Alert>}
            {activity.hasNextPage && (
              <Button
                className="mt-4"
                size="sm"
                variant="secondary"
                loading={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                Show more
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
