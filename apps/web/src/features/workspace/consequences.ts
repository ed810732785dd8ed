import {
  feeMinor,
  type Contract,
  type ContractAction,
  type Milestone,
  type MilestoneAction,
} from '@sciwise/contracts';
import { firstName, money, percent } from './format.ts';

/** What a button says, what its dialog is called, and what confirming it does, before it is done. */
export interface ActionCopy {
  /** The button on the page. */
  button: string;
  /** The dialog's heading. */
  title: string;
  /** The confirm button inside the dialog. */
  confirm: string;
  /** The consequence, stated with the server's figures. */
  consequence: string;
  danger?: boolean;
}

/** The copy of every action the server can offer on a milestone, from the viewer's side. */
export function milestoneActionCopy(
  action: MilestoneAction,
  milestone: Milestone,
  contract: Contract,
): ActionCopy {
  const { amount, funding, release, title } = milestone;
  const expert = contract.expert.name;
  const client = contract.client.name;
  const quoted = `“${title}”`;
  switch (action) {
    case 'fund':
      return {
        button: 'Fund milestone',
        title: `Fund ${quoted}`,
        confirm: `Pay ${money(funding.total)}`,
        consequence:
          `You will be charged ${money(funding.total)}: ${money(amount)} plus the ` +
          `${percent(contract.fees.clientFeeBps)} marketplace fee. The money is held in escrow and ` +
          `released to ${expert} only when you approve the work, or automatically ` +
          `${contract.autoReleaseDays} days after a submission you leave unanswered.`,
      };
    case 'submit': {
      const version = milestone.submissions.length + 1;
      return {
        button: milestone.status === 'revision_requested' ? 'Submit a new version' : 'Submit work',
        title: `Submit work for ${quoted}`,
        confirm: `Submit version ${version}`,
        consequence:
          `${client} is asked to review version ${version}. If they neither approve it nor ask for ` +
          `changes within ${contract.autoReleaseDays} days, ${money(amount)} is released to you ` +
          `automatically. You receive ${money(release.net)} after the ` +
          `${percent(contract.fees.expertFeeBps)} service fee.`,
      };
    }
    case 'request_changes':
      return {
        button: 'Ask for changes',
        title: `Ask for changes to ${quoted}`,
        confirm: 'Send back for changes',
        consequence:
          `${money(amount)} stays in escrow and nothing is charged. ${expert} sees your reason and ` +
          `the criteria you mark as not met, and submits a new version. Nothing is released ` +
          `automatically until they do.`,
      };
    case 'approve':
      return {
        button: 'Approve and release',
        title: `Approve ${quoted}`,
        confirm: `Release ${money(amount)}`,
        consequence:
          `${money(amount)} is released to ${expert}; ${firstName(expert)} receives ` +
          `${money(release.net)} after the ${percent(contract.fees.expertFeeBps)} service fee. ` +
          `A release cannot be undone.`,
      };
    case 'refund':
      return contract.role === 'expert'
        ? {
            button: 'Refund the client',
            title: `Refund ${quoted} to ${client}`,
            confirm: `Refund ${money(funding.total)}`,
            danger: true,
            consequence:
              `${money(funding.total)} goes back to ${client}: everything they paid for this ` +
              `milestone, the ${money(funding.fee)} marketplace fee included. You are not paid for it.`,
          }
        : {
            button: 'Refund',
            title: `Refund ${quoted}`,
            confirm: `Refund ${money(funding.total)}`,
            danger: true,
            consequence:
              `${money(funding.total)} comes back to you: the ${money(amount)} milestone and the ` +
              `${money(funding.fee)} marketplace fee. The milestone closes and ${expert} is not paid for it.`,
          };
    case 'dispute':
      return {
        button: 'Open a dispute',
        title: `Open a dispute about ${quoted}`,
        confirm: 'Open the dispute',
        danger: true,
        consequence:
          `The ${money(amount)} stays in escrow until a Sciwise mediator decides: release it to ` +
          `${expert}, refund it to ${client}, or split it between you. Nothing is released ` +
          `automatically meanwhile.`,
      };
    case 'resolve':
      return {
        button: 'Resolve the dispute',
        title: `Resolve the dispute about ${quoted}`,
        confirm: 'Resolve',
        consequence: `The ${money(amount)} held in escrow is settled once, as you decide below.`,
      };
    case 'accept_proposal':
      return {
        button: 'Accept milestone',
        title: `Accept ${quoted}`,
        confirm: 'Accept milestone',
        consequence:
          `${quoted} (${money(amount)}) becomes part of the contract. Nothing is charged now: ` +
          (contract.role === 'client'
            ? 'you fund it when the work should start.'
            : `${client} funds it before you start.`),
      };
    case 'decline_proposal':
      return {
        button: 'Decline',
        title: `Decline ${quoted}`,
        confirm: 'Decline milestone',
        danger: true,
        consequence: `${quoted} is not added to the contract. No money moves.`,
      };
    case 'withdraw_proposal':
      return {
        button: 'Withdraw proposal',
        title: `Withdraw ${quoted}`,
        confirm: 'Withdraw proposal',
        danger: true,
        consequence: `Your proposal of ${quoted} is withdrawn. No money moves.`,
      };
  }
}

/** An admin's decision on a dispute, in figures, before it is made. */
export function resolutionWords(
  outcome: 'release' | 'refund' | 'split',
  milestone: Milestone,
  contract: Contract,
  expertShareMinor: number,
): string {
  const { amount, funding, release } = milestone;
  if (outcome === 'release')
    return `${money(amount)} is released to ${contract.expert.name}, who receives ${money(release.net)} after the service fee.`;
  if (outcome === 'refund')
    return `${money(funding.total)} goes back to ${contract.client.name}, the marketplace fee included.`;
  const toClient = { ...amount, amountMinor: amount.amountMinor - expertShareMinor };
  return (
    `${money({ ...amount, amountMinor: expertShareMinor })} goes to ${contract.expert.name} and ` +
    `${money(toClient)} back to ${contract.client.name}: together the ${money(amount)} held.`
  );
}

/** A bonus on approval: what the card is charged for it (the marketplace fee from the terms). */
export function bonusWords(
  bonusMinor: number,
  currency: Milestone['amount']['currency'],
  clientFeeBps: number,
) {
  const fee = feeMinor(bonusMinor, clientFeeBps);
  return (
    `For the bonus you will be charged ${money({ amountMinor: bonusMinor + fee, currency })}: ` +
    `${money({ amountMinor: bonusMinor, currency })} plus the ${percent(clientFeeBps)} marketplace fee.`
  );
}

/** The copy of the contract-wide actions. */
export function contractActionCopy(action: ContractAction, contract: Contract): ActionCopy {
  const other = contract.role === 'expert' ? contract.client.name : contract.expert.name;
  const unfunded = contract.milestones.filter((m) => m.status === 'pending' || m.status === 'proposed');
  const dropped = unfunded.length > 0 ? ' Milestones nobody funded are cancelled.' : '';
  switch (action) {
    case 'propose_milestone':
      return {
        button: 'Propose a milestone',
        title: 'Propose a milestone',
        confirm: 'Send proposal',
        consequence:
          `${other} is asked to accept it. Nothing is charged until ` +
          (contract.role === 'client' ? 'you fund it.' : `${contract.client.name} funds it.`),
      };
    case 'end':
      return {
        button: 'End contract',
        title: 'End the contract',
        confirm: 'End contract',
        consequence: `The contract is marked completed for you and ${other}. Nothing is held in escrow, so no money moves.${dropped}`,
      };
    case 'cancel':
      return {
        button: 'Cancel contract',
        title: 'Cancel the contract',
        confirm: 'Cancel contract',
        danger: true,
        consequence: `The contract is cancelled for you and ${other}. No money is held in escrow, so none moves.${dropped}`,
      };
  }
}
