import {
  expertCategoryLabels,
  type ExpertCategory,
  type ProjectBudget,
  type ProjectStatus,
  type QuoteStatus,
} from '@sciwise/contracts';
import { formatDate, formatMoney } from '../../lib/format.ts';

export { formatDate, formatMoney, fromMinor, toMinor } from '../../lib/format.ts';

export function budgetLabel(budget: ProjectBudget): string {
  const { minMinor, maxMinor, currency, type } = budget;
  if (minMinor === null || maxMinor === null) return 'Budget to be agreed';
  const range =
    minMinor === maxMinor
      ? formatMoney(minMinor, currency)
      : `${formatMoney(minMinor, currency)}–${formatMoney(maxMinor, currency)}`;
  return type === 'hourly' ? `${range} per hour` : `${range} fixed price`;
}

export const categoryLabel = (category: string | null) =>
  category ? (expertCategoryLabels[category as ExpertCategory] ?? category) : 'Uncategorised';

export const projectStatusLabels: Record<ProjectStatus, string> = {
  draft: 'Draft',
  open: 'Open for quotes',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  submitted: 'Waiting for the client',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export function postedAgo(value: string | null, now = Date.now()): string {
  if (!value) return '';
  const days = Math.floor((now - new Date(value).getTime()) / 86_400_000);
  if (days <= 0) return 'Posted today';
  if (days === 1) return 'Posted yesterday';
  if (days < 30) return `Posted ${days} days ago`;
  return `Posted ${formatDate(value)}`;
}

/** How long ago something happened, in the largest whole unit: "3 hours ago", "2 days ago". */
export function timeAgo(value: string, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(value).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  const [count, unit] =
    minutes < 60
      ? [minutes, 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

export const statusTone: Record<ProjectStatus | QuoteStatus, string> = {
  draft: 'bg-slate-100 text-slate-700',
  open: 'bg-brand-50 text-brand-800',
  in_progress: 'bg-warning-50 text-warning-800',
  completed: 'bg-success-50 text-success-800',
  cancelled: 'bg-slate-100 text-slate-600',
  submitted: 'bg-brand-50 text-brand-800',
  accepted: 'bg-success-50 text-success-800',
  declined: 'bg-danger-50 text-danger-800',
  withdrawn: 'bg-slate-100 text-slate-600',
};
