import type { Contract, Milestone } from '@sciwise/contracts';
import { autoReleaseWords, firstName, formatDate, money } from './format.ts';

/**
 * Where a milestone stands, in a sentence for the person looking: what happened, and what
 * happens next. Figures come from the server (funding, release, settlement).
 */
export function milestoneSituation(milestone: Milestone, contract: Contract, now: number): string {
  const role = contract.role;
  const expert = contract.expert.name;
  const client = contract.client.name;
  const you = (side: 'client' | 'expert') => role === side;
  switch (milestone.status) {
    case 'proposed': {
      const proposer = milestone.proposedBy === 'client' ? client : expert;
      if (milestone.proposedBy === role)
        return `You proposed this milestone. Waiting for ${role === 'client' ? expert : client} to accept it.`;
      if (role === 'admin')
        return `${proposer} proposed this milestone; the other side has not answered yet.`;
      return `${proposer} proposed this milestone. Accept it to add it to the contract, or decline it.`;
    }
    case 'pending':
      if (you('client'))
        return `Fund it to get the work started: the money is held in escrow and released only when you approve.`;
      if (you('expert'))
        return `${client} has not funded this milestone yet. Wait for the funding before you start work.`;
      return `${client} has not funded this milestone yet.`;
    case 'funded':
      if (you('expert'))
        return `${money(milestone.amount)} is held in escrow: you can start work. Submit it here when it is ready.`;
      return `${money(milestone.amount)} is held in escrow. ${you('client') ? firstName(expert) : expert} can start work.`;
    case 'submitted': {
      const countdown = autoReleaseWords(milestone, role, expert, now);
      const version = milestone.submissions.length;
      const lead = you('client')
        ? `Version ${version} is ready for your review.`
        : you('expert')
          ? `Version ${version} is waiting for ${firstName(client)}’s review.`
          : `Version ${version} is waiting for the client’s review.`;
      return countdown ? `${lead} ${countdown}` : lead;
    }
    case 'revision_requested':
      if (you('expert'))
        return `${client} asked for changes. Submit a new version when it is ready; the money stays in escrow.`;
      if (you('client'))
        return `You asked for changes. Waiting for a new version; the money stays in escrow.`;
      return `The client asked for changes; the money stays in escrow.`;
    case 'disputed':
      return `In dispute since ${formatDate(milestone.dispute?.openedAt ?? null)}: the money stays in escrow until a Sciwise mediator decides.`;
    case 'released': {
      const when = milestone.settledAt ? ` on ${formatDate(milestone.settledAt)}` : '';
      const bonus = milestone.settlement?.bonus;
      const withBonus = bonus ? `, plus a ${money(bonus)} bonus` : '';
      if (you('expert'))
        return `${money(milestone.amount)} was released to you${when}: you received ${money(milestone.release.net)} after the service fee${withBonus}.`;
      return `${money(milestone.amount)} was released to ${expert}${when}${withBonus}.`;
    }
    case 'refunded': {
      const when = milestone.settledAt ? ` on ${formatDate(milestone.settledAt)}` : '';
      const amount = milestone.settlement?.toClient ?? milestone.funding.total;
      return you('client')
        ? `Refunded to you${when}: ${money(amount)}.`
        : `Refunded to ${client}${when}: ${money(amount)}.`;
    }
    case 'split': {
      const when = milestone.settledAt ? ` on ${formatDate(milestone.settledAt)}` : '';
      const s = milestone.settlement;
      if (!s) return `A mediator split the money held${when}.`;
      return `A mediator split the money held${when}: ${money(s.toExpert)} to ${expert}, ${money(s.toClient)} back to ${client}.`;
    }
    case 'cancelled':
      return 'Cancelled: this milestone is not part of the contract.';
  }
}
