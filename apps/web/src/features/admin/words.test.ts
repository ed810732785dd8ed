import type { PlatformFigures } from '@sciwise/contracts';
import { describe, expect, it } from 'vitest';
import { figureGroups, monthName, moneyFigures } from './words.ts';

const figures: PlatformFigures = {
  monthStart: '2026-11-01T00:00:00.000Z',
  members: 1,
  suspendedMembers: 0,
  expertsByState: { draft: 2, submitted: 1, approved: 5, rejected: 0 },
  projectsByState: { draft: 1, open: 3, in_progress: 2, completed: 1, cancelled: 0 },
  contractsByState: { active: 2, completed: 1, cancelled: 0 },
  money: [
    {
      currency: 'USD',
      inEscrowMinor: 125_000,
      releasedThisMonthMinor: 98_050,
      refundedThisMonthMinor: 0,
    },
  ],
};

describe('the platform figures in words', () => {
  it('names the month "this month" counts in UTC, whatever the browser’s zone', () => {
    expect(monthName('2026-11-01T00:00:00.000Z')).toBe('November');
    // Read in UTC: west of Greenwich this instant is still 30 November, and the month is December.
    expect(monthName('2026-12-01T00:00:00Z')).toBe('December');
    expect(monthName('not a date')).toBe('this month');
  });

  it('counts each group in the contract’s order of states, totalled, with a caption true at one', () => {
    const [members, experts, projects, contracts] = figureGroups(figures);
    expect(members).toMatchObject({ title: 'Members', total: 1 });
    expect(members!.caption).toBe('member account');
    expect(members!.note).toBe('Administrators and deleted accounts are not counted.');
    expect(members!.rows).toEqual([{ key: 'suspended', label: 'Suspended now', count: 0 }]);
    expect(experts!.total).toBe(8);
    expect(experts!.rows.map((row) => [row.label, row.count])).toEqual([
      ['Drafts', 2],
      ['Waiting for vetting', 1],
      ['Approved', 5],
      ['Rejected', 0],
    ]);
    expect(projects!.caption).toBe('projects');
    expect(projects!.rows.map((row) => row.label)).toEqual([
      'Draft',
      'Open for quotes',
      'In progress',
      'Completed',
      'Cancelled',
    ]);
    expect(contracts).toMatchObject({ total: 3, caption: 'contracts' });
  });

  it('counts a state the answer leaves out as zero', () => {
    const [, experts] = figureGroups({ ...figures, expertsByState: { approved: 1 } as never });
    expect(experts!.total).toBe(1);
    expect(experts!.rows.find((row) => row.key === 'draft')?.count).toBe(0);
  });

  it('states each currency’s money with its cents, the month named in the labels', () => {
    expect(moneyFigures(figures.money[0]!, figures.monthStart)).toEqual([
      expect.objectContaining({ label: 'In escrow now', value: '$1,250.00' }),
      expect.objectContaining({ label: 'Released in November (UTC)', value: '$980.50' }),
      expect.objectContaining({ label: 'Refunded in November (UTC)', value: '$0.00' }),
    ]);
    const [escrow] = moneyFigures({ ...figures.money[0]!, currency: 'EUR' }, figures.monthStart);
    expect(escrow!.value).toBe('€1,250.00');
  });
});
