import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { CalendarIcon, CardIcon, ReceiptIcon } from '../../components/ui/icons.tsx';
import { PageHeading } from './page-heading.tsx';

interface SectionPageProps {
  title: string;
  intro: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: ReactNode;
  actions: ReactNode;
}

function SectionPage({ title, intro, icon, emptyTitle, emptyText, actions }: SectionPageProps) {
  return (
    <>
      <PageHeading title={title}>{intro}</PageHeading>
      <EmptyState icon={icon} title={emptyTitle} actions={actions}>
        {emptyText}
      </EmptyState>
    </>
  );
}

export function PaymentDetailsPage() {
  return (
    <SectionPage
      title="Payment Details"
      intro="How you fund milestones as a client, and where your earnings go as an expert."
      icon={<CardIcon />}
      emptyTitle="No payment method saved"
      emptyText="You will add a card when you fund your first milestone, and a payout account before your first release. Card details are handled by our payment provider and never stored by Sciwise."
      actions={
        <ButtonLink to="/user-agreement" variant="secondary">
          Read about fees and escrow
        </ButtonLink>
      }
    />
  );
}

export function BillingPage() {
  return (
    <SectionPage
      title="Billing"
      intro="Invoices and receipts for every milestone you fund or get paid for."
      icon={<ReceiptIcon />}
      emptyTitle="No invoices yet"
      emptyText="Receipts appear here automatically when money moves: funding a milestone, a release, a refund or a payout."
      actions={<ButtonLink to="/create-project">Post a project</ButtonLink>}
    />
  );
}

export function ScheduledCallsPage() {
  return (
    <SectionPage
      title="Scheduled Calls"
      intro="Calls with experts and clients, with time zones sorted out for you."
      icon={<CalendarIcon />}
      emptyTitle="No calls scheduled"
      emptyText="When you book a call from a project or a proposal, it is listed here with its time and the people invited."
      actions={<ButtonLink to="/profile/my-projects">Go to My Projects</ButtonLink>}
    />
  );
}
