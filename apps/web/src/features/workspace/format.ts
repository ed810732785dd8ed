import { formatFeeRate, type Contract, type Milestone, type MilestoneStatus } from '@sciwise/contracts';

export { formatDate, formatDateTime, money, price } from '../../lib/format.ts';

/** Basis points as people read them: 500 -> "5%", 250 -> "2.5%" (the contracts' one rule). */
export const percent = formatFeeRate;

export const milestoneStatusLabels: Record<MilestoneStatus, string> = {
  proposed: 'Proposed',
  pending: 'Not funded yet',
  funded: 'Funded',
  submitted: 'Waiting for review',
  revision_requested: 'Changes requested',
  disputed: 'In dispute',
  released: 'Released',
  refunded: 'Refunded',
  split: 'Settled by a mediator',
  cancelled: 'Cancelled',
};

export const milestoneStatusTone: Record<MilestoneStatus, string> = {
  proposed: 'bg-slate-100 text-slate-700',
  pending: 'bg-slate-100 text-slate-700',
  funded: 'bg-brand-50 text-brand-800',
  submitted: 'bg-warning-50 text-warning-800',
  revision_requested: 'bg-warning-50 text-warning-800',
  disputed: 'bg-danger-50 text-danger-800',
  released: 'bg-success-50 text-success-800',
  refunded: 'bg-slate-100 text-slate-700',
  split: 'bg-slate-100 text-slate-700',
  cancelled: 'bg-slate-100 text-slate-600',
};

export const contractStatusLabels: Record<Contract['status'], string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
export const contractStatusTone: Record<Contract['status'], string> = {
  active: 'bg-brand-50 text-brand-800',
  completed: 'bg-success-50 text-success-800',
  cancelled: 'bg-slate-100 text-slate-600',
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long until `at`, in words: "13 days", "5 hours", "less than an hour"; null once it is past. */
export function timeLeft(at: string, now: number): string | null {
  const ms = new Date(at).getTime() - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  // Whole days once more than a day and a half is left; a fresh 14-day window reads "14 days".
  if (ms > 1.5 * DAY) return `${Math.round(ms / DAY)} days`;
  const hours = Math.ceil(ms / HOUR);
  if (hours > 1) return `${hours} hours`;
  return 'less than an hour';
}

/** The auto-release countdown as the viewer reads it. */
export function autoReleaseWords(
  milestone: Pick<Milestone, 'autoReleaseAt'>,
  viewer: Contract['role'],
  expertName: string,
  now: number,
): string | null {
  if (!milestone.autoReleaseAt) return null;
  const left = timeLeft(milestone.autoReleaseAt, now);
  if (left === null) return `Due for automatic release to ${viewer === 'expert' ? 'you' : expertName} now.`;
  const when = `in ${left}`;
  if (viewer === 'client') return `Released automatically ${when} unless you approve or ask for changes.`;
  if (viewer === 'expert') return `Released to you automatically ${when} unless the client asks for changes.`;
  return `Released to ${expertName} automatically ${when} unless the client acts.`;
}

/** The other person in the contract, from the viewer's side (an admin sees the expert). */
export function counterpart(contract: Pick<Contract, 'role' | 'client' | 'expert'>) {
  return contract.role === 'expert' ? contract.client : contract.expert;
}

export const firstName = (name: string) => name.split(' ')[0] || name;

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The first 12 hex digits: enough to compare by eye, the full hash is one click away. */
export const shortHash = (sha256: string) => sha256.slice(0, 12);
