import { callViews, type CallView } from '@sciwise/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { CalendarIcon } from '../../components/ui/app-icons.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ShowMore } from '../../components/ui/show-more.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { awaitsAnswer, CallCard } from './call-card.tsx';
import { browserTimeZone } from './format.ts';
import { callsQuery } from './queries.ts';

const viewLabels: Record<CallView, string> = { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' };
const tabs = callViews.map((view) => ({ value: view, label: viewLabels[view] }));

/** The tab in the address (?view=); anything else is Upcoming. */
const viewOf = (value: string | null): CallView => callViews.find((view) => view === value) ?? 'upcoming';

const empty: Record<CallView, { title: string; text: string }> = {
  upcoming: {
    title: 'No calls coming up',
    text: 'Propose a call from a conversation in Messages or from a contract’s workspace: offer two or three times and the other side picks the one that suits them. Calls proposed to you wait here for your answer.',
  },
  past: {
    title: 'No past calls yet',
    text: 'Calls that have taken place stay here with the notes you shared. To talk to someone, propose a call from a conversation in Messages or from a contract’s workspace.',
  },
  cancelled: {
    title: 'No cancelled calls',
    text: 'Calls that were declined or called off are listed here with the reason given. To propose a new one, start from a conversation in Messages or from a contract’s workspace.',
  },
};

const listLabels: Record<CallView, string> = {
  upcoming: 'Upcoming calls, the soonest first',
  past: 'Past calls, the latest first',
  cancelled: 'Cancelled calls, the latest first',
};

function WhereToPropose() {
  return (
    <>
      <ButtonLink to="/chat">Open Messages</ButtonLink>
      <ButtonLink to="/profile/workspace" variant="secondary">
        Go to Workspace
      </ButtonLink>
    </>
  );
}

function CallList({
  view,
  viewerZone,
  onFocusLost,
}: {
  view: CallView;
  viewerZone: string;
  onFocusLost: () => void;
}) {
  const list = useInfiniteQuery(callsQuery(view));
  return (
    <QueryState query={list} label="Loading your calls...">
      {() => {
        const calls = list.data?.pages.flatMap((page) => page.calls) ?? [];
        if (calls.length === 0)
          return (
            <EmptyState icon={<CalendarIcon />} title={empty[view].title} actions={<WhereToPropose />}>
              {empty[view].text}
            </EmptyState>
          );
        const awaiting = calls.filter(awaitsAnswer).length;
        return (
          <>
            {awaiting > 0 && (
              <Alert tone="info" className="mb-4">
                {awaiting === 1
                  ? 'One call is awaiting your answer: pick one of the times offered, or offer others.'
                  : `${awaiting} calls are awaiting your answer: pick one of the times offered, or offer others.`}
              </Alert>
            )}
            <ul className="space-y-4" aria-label={listLabels[view]}>
              {calls.map((call) => (
                <li key={call.id}>
                  <CallCard call={call} viewerZone={viewerZone} onFocusLost={onFocusLost} />
                </li>
              ))}
            </ul>
            <ShowMore list={list} label="Show more calls" className="mt-6" />
          </>
        );
      }}
    </QueryState>
  );
}

/**
 * `/profile/calls`: the person's calls by view (the tab in the address, ?view=), each in their own
 * time zone; calls waiting for their answer stand out. Calls are proposed where people work
 * together (a conversation, a contract's workspace), so the empty states point there.
 */
export function ScheduledCallsPage() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const [viewerZone] = useState(browserTimeZone);
  const tabsRef = useRef<HTMLDivElement>(null);
  const focusTab = () =>
    tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  return (
    <>
      <PageHeading title="Scheduled Calls">
        Calls with experts and clients, each time shown in your time zone ({viewerZone}).
      </PageHeading>
      <div ref={tabsRef}>
        <Tabs
          label="Calls by state"
          items={tabs}
          value={view}
          onChange={(next) => setParams(next === 'upcoming' ? {} : { view: next }, { replace: true })}
          listClassName="sm:max-w-md"
        >
          <CallList key={view} view={view} viewerZone={viewerZone} onFocusLost={focusTab} />
        </Tabs>
      </div>
    </>
  );
}
