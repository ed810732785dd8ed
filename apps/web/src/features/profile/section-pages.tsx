import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { CalendarIcon } from '../../components/ui/app-icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';

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

export function ScheduledCallsPage() {
  return (
    <SectionPage
      title="Scheduled Calls"
      intro="Calls with experts and clients, with time zones sorted out for you."
      icon={<CalendarIcon />}
      emptyTitle="Booking calls is not built yet"
      emptyText="Until it is, agree on a time with the other side in Messages; calls booked here will be listed with their time and the people invited."
      actions={<ButtonLink to="/chat">Open Messages</ButtonLink>}
    />
  );
}
