import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import {
  BriefcaseIcon,
  CalendarIcon,
  CardIcon,
  CompassIcon,
  DocumentIcon,
  FolderIcon,
  ReceiptIcon,
} from '../../components/ui/icons.tsx';
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

export function MyProjectsPage() {
  return (
    <SectionPage
      title="My Projects"
      intro="Projects you own and projects you work on as an expert."
      icon={<FolderIcon />}
      emptyTitle="No projects yet"
      emptyText="When you post a project or are hired on one, it appears here with its status, milestones and deadline."
      actions={
        <>
          <ButtonLink to="/create-project">Post a project</ButtonLink>
          <ButtonLink to="/profile/browse" variant="secondary">
            Browse projects
          </ButtonLink>
        </>
      }
    />
  );
}

export function BrowseProjectsPage() {
  return (
    <SectionPage
      title="Browse Projects"
      intro="Open projects from clients who are looking for experts like you."
      icon={<CompassIcon />}
      emptyTitle="No open projects match you yet"
      emptyText="Projects that match your subjects will be listed here with budget, deadline and the client's brief. Completing your expert profile helps us match you."
      actions={
        <>
          <ButtonLink to="/join-expert">Complete your expert profile</ButtonLink>
          <ButtonLink to="/projects" variant="secondary">
            About projects
          </ButtonLink>
        </>
      }
    />
  );
}

export function ProposalsPage() {
  return (
    <SectionPage
      title="Proposals"
      intro="Quotes you have sent, and quotes experts have sent for your projects."
      icon={<DocumentIcon />}
      emptyTitle="No proposals yet"
      emptyText="Each proposal shows its price, duration and milestones, and whether it is waiting, accepted or declined."
      actions={
        <>
          <ButtonLink to="/profile/browse">Find a project to quote on</ButtonLink>
          <ButtonLink to="/create-project" variant="secondary">
            Post a project
          </ButtonLink>
        </>
      }
    />
  );
}

export function WorkspacePage() {
  return (
    <SectionPage
      title="Workspace"
      intro="Messages, files and milestones for each contract, in one place."
      icon={<BriefcaseIcon />}
      emptyTitle="No active contracts"
      emptyText="A workspace opens when a proposal is accepted. You will share files, discuss deliverables and approve milestones here."
      actions={<ButtonLink to="/chat">Open messages</ButtonLink>}
    />
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
