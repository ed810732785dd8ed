import {
  contractStatuses,
  projectStatuses,
  vettingStatuses,
  type AdminAction,
  type AdminPerson,
  type PlatformFigures,
  type ReportStatus,
  type ReportSubject,
  type UserRole,
  type VettingStatus,
} from '@sciwise/contracts';
import { formatMoney } from '../../lib/format.ts';
import { projectStatusLabels } from '../projects/format.ts';
import { contractStatusLabels } from '../workspace/format.ts';
import { onFirstUse } from '../../lib/on-first-use.ts';

/* The admin console's words: people, their states, the platform's figures and the audit log's actions. */

export const roleLabels: Record<UserRole, string> = { member: 'Member', admin: 'Administrator' };

/** An expert application's state as an administrator reads it beside a name. */
export const expertStatusLabels: Record<VettingStatus, string> = {
  draft: 'Application in draft',
  submitted: 'Waiting for vetting',
  approved: 'Approved expert',
  rejected: 'Application rejected',
};

export const expertStatusText = (status: AdminPerson['expertStatus']) =>
  status === null ? 'No expert application' : expertStatusLabels[status];

export const fullName = (person: Pick<AdminPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * The audit log's words for each action: the verb ("Ada Fischer suspended Rosalind Tester", "…
 * decided the dispute on <contract>"), and the badge beside it with its tone.
 */
export const actionWords: Record<
  AdminAction,
  { verb: string; badge: string; tone: 'danger' | 'brand' | 'neutral' }
> = {
  member_suspended: { verb: 'suspended', badge: 'Suspension', tone: 'danger' },
  member_restored: { verb: 'restored', badge: 'Restoration', tone: 'brand' },
  application_approved: { verb: 'approved the expert application of', badge: 'Vetting', tone: 'brand' },
  application_rejected: { verb: 'turned down the expert application of', badge: 'Vetting', tone: 'neutral' },
  profile_change_approved: { verb: 'approved a profile change of', badge: 'Profile change', tone: 'brand' },
  profile_change_declined: { verb: 'declined a profile change of', badge: 'Profile change', tone: 'neutral' },
  dispute_resolved: { verb: 'decided the dispute on', badge: 'Dispute', tone: 'neutral' },
  content_removed: { verb: 'removed reported content by', badge: 'Moderation', tone: 'danger' },
  report_dismissed: { verb: 'dismissed a report about content by', badge: 'Moderation', tone: 'neutral' },
};

/** The moderation queue's tabs. */
export const reportStatusLabels: Record<ReportStatus, string> = {
  open: 'Open',
  removed: 'Removed',
  dismissed: 'Dismissed',
};

export const reportSubjectLabels: Record<ReportSubject, string> = { project: 'Project', message: 'Message' };

const noun = (count: number, one: string, many: string) => (count === 1 ? one : many);

const monthFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }));

/** The calendar month "this month" counts, by name: "2026-11-01T00:00:00Z" -> "November". */
export function monthName(monthStart: string): string {
  const date = new Date(monthStart);
  return Number.isNaN(date.getTime()) ? 'this month' : monthFormat().format(date);
}

export interface StateCount {
  key: string;
  label: string;
  count: number;
}

/** Counts by state, in the contract's order of the states, with a total. */
function byState<K extends string>(
  order: readonly K[],
  labels: Record<K, string>,
  counts: Partial<Record<K, number>>,
): { total: number; rows: StateCount[] } {
  const rows = order.map((key) => ({ key, label: labels[key], count: counts[key] ?? 0 }));
  return { total: rows.reduce((sum, row) => sum + row.count, 0), rows };
}

const expertStateLabels: Record<VettingStatus, string> = {
  draft: 'Drafts',
  submitted: 'Waiting for vetting',
  approved: 'Approved',
  rejected: 'Rejected',
};

export interface FigureGroup {
  title: string;
  total: number;
  /** What the total counts, said after it ("12 member accounts"), true at zero and one. */
  caption: string;
  rows: StateCount[];
  /** What the count leaves out, when that is not plain. */
  note?: string;
}

/** The four counted groups of the figures: members, expert profiles, projects and contracts. */
export function figureGroups(figures: PlatformFigures): FigureGroup[] {
  const experts = byState(vettingStatuses, expertStateLabels, figures.expertsByState);
  const projects = byState(projectStatuses, projectStatusLabels, figures.projectsByState);
  const contracts = byState(contractStatuses, contractStatusLabels, figures.contractsByState);
  return [
    {
      title: 'Members',
      total: figures.members,
      caption: noun(figures.members, 'member account', 'member accounts'),
      rows: [{ key: 'suspended', label: 'Suspended now', count: figures.suspendedMembers }],
      note: 'Administrators and deleted accounts are not counted.',
    },
    {
      title: 'Expert profiles',
      total: experts.total,
      caption: noun(experts.total, 'expert profile', 'expert profiles'),
      rows: experts.rows,
    },
    {
      title: 'Projects',
      total: projects.total,
      caption: noun(projects.total, 'project', 'projects'),
      rows: projects.rows,
    },
    {
      title: 'Contracts',
      total: contracts.total,
      caption: noun(contracts.total, 'contract', 'contracts'),
      rows: contracts.rows,
    },
  ];
}

export interface MoneyFigure {
  label: string;
  /** What the amount is made of. */
  note: string;
  value: string;
}

/** One currency's money: in escrow now, and what left escrow in the month, with its cents. */
export function moneyFigures(row: PlatformFigures['money'][number], monthStart: string): MoneyFigure[] {
  const month = `in ${monthName(monthStart)} (UTC)`;
  const amount = (minor: number) => formatMoney(minor, row.currency, { cents: true });
  return [
    {
      label: 'In escrow now',
      note: 'Funded milestones not yet released or refunded',
      value: amount(row.inEscrowMinor),
    },
    {
      label: `Released ${month}`,
      note: 'To experts, the platform’s fees included',
      value: amount(row.releasedThisMonthMinor),
    },
    {
      label: `Refunded ${month}`,
      note: 'Back to clients',
      value: amount(row.refundedThisMonthMinor),
    },
  ];
}
