import type { CallView } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CalendarIcon } from '../../components/ui/app-icons.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { CallCard } from './call-card.tsx';
import { browserTimeZone } from './format.ts';
import type { CallPartner } from './propose-call-dialog.tsx';
import { callsQuery } from './queries.ts';
import { ScheduleCallButton } from './schedule-call-button.tsx';

function useContractCallList(view: CallView, contractId: string) {
  return useInfiniteQuery(callsQuery(view, contractId));
}
type CallsResult = ReturnType<typeof useContractCallList>;

/** One list of the contract's calls: loading, failed with Try again, or the cards and Show more. */
function CallGroup({
  list,
  label,
  viewerZone,
  onFocusLost,
}: {
  list: CallsResult;
  label: string;
  viewerZone: string;
  onFocusLost: () => void;
}) {
  if (list.isPending) return <Spinner size="sm" label="Loading calls..." />;
  if (list.isError && !list.data)
    return <RetryAlert onRetry={list.refetch}>{errorMessage(list.error)}</RetryAlert>;
  const calls = list.data?.pages.flatMap((page) => page.calls) ?? [];
  return (
    <>
      <ul className="space-y-4" aria-label={label}>
        {calls.map((call) => (
          <li key={call.id}>
            <CallCard
              call={call}
              viewerZone={viewerZone}
              headingLevel="h3"
              showContract={false}
              onFocusLost={onFocusLost}
            />
          </li>
        ))}
      </ul>
      <ShowMore list={list} label="Show more calls" className="mt-4" />
    </>
  );
}

const countOf = (list: CallsResult) =>
  list.data?.pages.reduce((sum, page) => sum + page.calls.length, 0) ?? 0;

/**
 * A contract's calls in its workspace: the ones to come (with times waiting for an answer), the
 * past ones with their shared notes, and Schedule a call with the other party, the contract attached.
 */
export function ContractCalls({ contractId, withPerson }: { contractId: string; withPerson: CallPartner }) {
  const [viewerZone] = useState(browserTimeZone);
  const upcoming = useContractCallList('upcoming', contractId);
  const past = useContractCallList('past', contractId);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => heading.current?.focus();
  const nothingYet = upcoming.isSuccess && past.isSuccess && countOf(upcoming) === 0 && countOf(past) === 0;

  return (
    <section aria-labelledby="calls-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="calls-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Calls
        </h2>
        <ScheduleCallButton withPerson={withPerson} contractId={contractId} />
      </div>
      {nothingYet ? (
        <EmptyState icon={<CalendarIcon />} title="No calls yet" className="py-8">
          Talk the work through: schedule a call, offer two or three times, and {withPerson.name} picks one.
        </EmptyState>
      ) : (
        <>
          {upcoming.isSuccess && countOf(upcoming) === 0 ? (
            <p className="text-sm text-slate-600">No calls coming up.</p>
          ) : (
            <CallGroup
              list={upcoming}
              label="Upcoming calls"
              viewerZone={viewerZone}
              onFocusLost={focusHeading}
            />
          )}
          {(!past.isSuccess || countOf(past) > 0) && (
            <>
              <h3 className="pt-2 text-base font-semibold text-slate-900">Past calls</h3>
              <CallGroup list={past} label="Past calls" viewerZone={viewerZone} onFocusLost={focusHeading} />
            </>
          )}
        </>
      )}
    </section>
  );
}
