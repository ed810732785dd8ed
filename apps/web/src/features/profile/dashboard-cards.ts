import type { ExpertApplication, EscrowSummary, MyProject, PayoutBalance } from '@sciwise/contracts';
import { money } from '../../lib/format.ts';

type Money = EscrowSummary['asClient'][number];

/*
 * What the dashboards' cards say, decided from the person's state alone, so every claim a card
 * makes can be checked against the data it came from (and is, in dashboard-cards.test.ts).
 */

export interface DashboardAction {
  title: string;
  text: string;
  to: string;
  cta: string;
  /** A second link, when there is a second useful step. */
  secondary?: { to: string; cta: string };
}

/** The expert profile card: what is true of the application now, and the one useful next step. */
export function vettingCard(application: ExpertApplication): DashboardAction {
  switch (application.status) {
    case 'approved':
      return {
        title: 'Your expert profile is live',
        text: 'Clients find you in the expert directory and can invite you to quote on their projects.',
        to: `/experts/${encodeURIComponent(application.slug)}`,
        cta: 'View your public profile',
        secondary: { to: '/profile/expert-profile', cta: 'Edit public profile' },
      };
    case 'submitted':
      return {
        title: 'Your profile is with our vetting team',
        text: 'They approve or decline each application by hand. The decision will show here; until then you cannot send quotes.',
        to: '/join-expert',
        cta: 'Review what you sent',
      };
    case 'rejected':
      return {
        title: 'Your application was not approved',
        text: application.rejectionReason
          ? `The vetting team’s reason: ${application.rejectionReason}`
          : 'The vetting team did not approve your expert profile.',
        to: '/join-expert',
        cta: 'See your application',
      };
    case 'draft':
      return application.id
        ? {
            title: 'Finish your expert profile',
            text: 'Your draft is saved. Complete what is missing, then submit it for vetting: only approved experts can send quotes.',
            to: '/join-expert',
            cta: 'Continue your expert profile',
          }
        : {
            title: 'Complete your expert profile',
            text: 'Add your education, publications, skills and hourly rate, then submit it for vetting.',
            to: '/join-expert',
            cta: 'Start your expert profile',
          };
  }
}

/** The "find work" card: nobody is told to find a first project they already have. */
export function findWorkCard(application: ExpertApplication, hasWork: boolean): DashboardAction {
  if (application.status !== 'approved')
    return {
      title: 'See what clients ask for',
      text: 'Browse open projects in your subjects. You can quote on them once your expert profile is approved.',
      to: '/profile/browse',
      cta: 'Browse projects',
    };
  return hasWork
    ? {
        title: 'Find more work',
        text: 'Browse open projects that match your subjects and send a quote with milestones.',
        to: '/profile/browse',
        cta: 'Browse projects',
      }
    : {
        title: 'Find your first project',
        text: 'Browse open projects that match your subjects and send a quote with milestones.',
        to: '/profile/browse',
        cta: 'Browse projects',
      };
}

/** Amounts in several currencies on one line; "None" when there is nothing (never a made-up 0.00). */
export function amountsText(amounts: Money[]): string {
  const nonZero = amounts.filter((amount) => amount.amountMinor !== 0);
  return nonZero.length === 0 ? 'None' : nonZero.map(money).join(' · ');
}

export interface MoneyStat {
  label: string;
  value: string;
  hint: string;
}

/** An expert's money: held in escrow for them, released and not paid out, and paid out. */
export function expertMoneyStats(heldForYou: Money[], balances: PayoutBalance[]): MoneyStat[] {
  const of = (pick: (balance: PayoutBalance) => number) =>
    balances.map((balance) => ({ amountMinor: pick(balance), currency: balance.currency }));
  return [
    {
      label: 'In escrow for you',
      value: amountsText(heldForYou),
      hint: 'Funded by clients; yours when they approve the milestone',
    },
    {
      label: 'Available to pay out',
      value: amountsText(of((balance) => balance.available)),
      hint: 'Released to you, after fees',
    },
    {
      label: 'Paid out',
      value: amountsText(of((balance) => balance.paidOut + balance.inTransit)),
      hint: 'Sent to your bank account, arrived or on its way',
    },
  ];
}

/** What a client's "Needs your action" says when empty: true to whether they have posted anything. */
export function ownerNothingToDo(projects: MyProject[], runningContracts: number): string {
  if (projects.some((project) => project.status === 'open'))
    return 'Nothing needs your action right now. New quotes on your open projects will appear here.';
  if (runningContracts > 0) return 'Nothing needs your action right now.';
  return 'Nothing waiting for you. Post a project to start receiving quotes.';
}

/** The same for an expert: only an approved expert can act on invitations and quotes. */
export function expertNothingToDo(application: ExpertApplication): string {
  return application.status === 'approved'
    ? 'No invitations waiting. Browse open projects in your subjects to send a quote.'
    : 'Nothing needs your action. Invitations to quote come once your expert profile is approved.';
}
