import type { ProjectStatus, QuoteStatus } from '@sciwise/contracts';
import { cn } from '../../lib/cn.ts';
import { projectStatusLabels, quoteStatusLabels, statusTone } from './format.ts';

export { QueryState } from '../../components/query-state.tsx';

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

export const chatLink = (userId: string) => `/chat?with=${encodeURIComponent(userId)}`;
