import type { ConfidentialityLog } from '@sciwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { confidentialityLogQuery } from './confidentiality-queries.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

// A record someone may rely on: in the reader's own locale and time zone, to the minute.
const localTime = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
export const formatLocalTime = (value: string) => localTime().format(new Date(value));

type Part = 'acceptances' | 'downloads';

/**
 * For the owner and administrators of a confidential project: who accepted the agreement (the
 * name they typed, when, from which address, and whether it is the agreement in force) and who
 * opened which file.
 */
export function WhoReadTheBrief({ projectId, isOwner }: { projectId: string; isOwner: boolean }) {
  const log = useQuery(confidentialityLogQuery(projectId));
  const [part, setPart] = useState<Part>('acceptances');
  return (
    <section
      aria-labelledby="who-read-heading"
      className="rounded-card border border-slate-200 bg-white p-5 shadow-card sm:p-6"
    >
      <h2 id="who-read-heading" className="text-lg font-semibold text-slate-900">
        Who read the brief
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {isOwner ? 'Everyone who accepted your agreement' : 'Everyone who accepted the agreement'}, and every
        opening of a file, as Sciwise recorded them.
      </p>
      <div className="mt-4">
        {log.isPending ? (
          <Spinner label="Loading the record..." />
        ) : log.isError ? (
          <RetryAlert onRetry={log.refetch}>{errorMessage(log.error)}</RetryAlert>
        ) : (
          <Tabs
            label="Who read the brief"
            items={[
              { value: 'acceptances', label: `Acceptances (${log.data.acceptances.length})` },
              { value: 'downloads', label: `Downloads (${log.data.downloads.length})` },
            ]}
            value={part}
            onChange={setPart}
          >
            {part === 'acceptances' ? (
              <Acceptances entries={log.data.acceptances} />
            ) : (
              <Downloads entries={log.data.downloads} />
            )}
          </Tabs>
        )}
      </div>
    </section>
  );
}

const rowList = 'divide-y divide-slate-200 rounded-control border border-slate-200';

function Acceptances({ entries }: { entries: ConfidentialityLog['acceptances'] }) {
  if (entries.length === 0)
    return <p className="text-sm text-slate-600">No expert has accepted the agreement yet.</p>;
  return (
    <ul className={rowList}>
      {entries.map((entry) => (
        <li key={`${entry.user.id}-${entry.sha256}`} className="space-y-1 px-4 py-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <p className="min-w-0 break-words text-slate-900">
              <span className="font-semibold">{entry.user.name}</span> signed as “{entry.signedName}”
            </p>
            <span
              className={cn(
                'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
                entry.current ? 'bg-success-50 text-success-800' : 'bg-slate-100 text-slate-700',
              )}
            >
              {entry.current ? 'Agreement in force' : 'An earlier version'}
            </span>
          </div>
          <p className="text-slate-600">
            Accepted <time dateTime={entry.acceptedAt}>{formatLocalTime(entry.acceptedAt)}</time> from network
            address <span className="font-mono text-xs break-all text-slate-700">{entry.ip}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

function Downloads({ entries }: { entries: ConfidentialityLog['downloads'] }) {
  if (entries.length === 0)
    return <p className="text-sm text-slate-600">No one has downloaded a file yet.</p>;
  return (
    <ul className={rowList}>
      {entries.map((entry, index) => (
        <li
          key={`${entry.user.id}-${entry.openedAt}-${index}`}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
        >
          <p className="min-w-0 break-words text-slate-900">
            <span className="font-semibold">{entry.user.name}</span> downloaded{' '}
            <span className="font-medium">{entry.fileName}</span>
          </p>
          <time dateTime={entry.openedAt} className="whitespace-nowrap text-slate-600">
            {formatLocalTime(entry.openedAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}
