import type { Contract } from '@sciwise/contracts';
import { cn } from '../../lib/cn.ts';
import { contractStatusLabels, contractStatusTone } from './format.ts';

/** A contract's state as a coloured pill: Active, Completed or Cancelled. */
export function ContractStatusBadge({
  status,
  className,
}: {
  status: Contract['status'];
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        contractStatusTone[status],
        className,
      )}
    >
      {contractStatusLabels[status]}
    </span>
  );
}
